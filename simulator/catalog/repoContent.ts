/**
 * Rancher's Helm repository content API: the `index`, `info`, `chart` and `icon` links of a
 * `catalog.cattle.io.clusterrepo` (`/v1/catalog.cattle.io.clusterrepos/<name>?link=index`), which the dashboard's
 * Apps and Extensions pages read charts from.
 *
 * Rancher clones a Git ClusterRepo and serves the clone's `index.yaml` and archives. The simulator clones nothing:
 * the one Git repository it has a checkout of is this one (the working tree it runs from), so a ClusterRepo whose
 * `spec.gitRepo` is this repository's URL is served from the committed Helm repository files (`assets/index.yaml`,
 * `assets/<chart>/<chart>-<version>.tgz`), read on every request. Other repositories have no content here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import semver from 'semver';
import { parse } from 'yaml';
import { errorResponse } from '../core/errors';
import { CLUSTER_REPO_TYPE, TypeDef } from '../core/registry';
import { KubeObject, SimResponse } from '../core/types';
import { KUBERNETES_VERSION, RANCHER_VERSION } from '../core/versions';
import { REPO_LINKS } from '../steve/catalogLinks';

/** This repository: where it is published (scripts/publish/config.ts) and the checkout the simulator runs from. */
export const THIS_REPOSITORY = {
  gitRepo:   'https://github.com/harvester/harvester-cloud-ui.git',
  gitBranch: 'main',
  dir:       path.resolve(__dirname, '../..'),
  /** The index Rancher reads for the repository (docs/marketplace.md); `index.yaml` at the root is the same file. */
  index:     'assets/index.yaml',
} as const;

/** The commit a checkout is at (what Rancher reports in a Git ClusterRepo's `status.commit`); '' when unreadable. */
export function checkoutCommit(dir: string = THIS_REPOSITORY.dir): string {
  try {
    let gitDir = path.join(dir, '.git');

    if (fs.statSync(gitDir).isFile()) { // a worktree: `gitdir: <path>`
      gitDir = path.resolve(dir, fs.readFileSync(gitDir, 'utf8').replace(/^gitdir:\s*/, '').trim());
    }
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();

    if (!head.startsWith('ref: ')) {
      return head;
    }
    const ref = head.slice(5);
    // A worktree keeps only HEAD: branches live in the main repository's git dir (named by `commondir`).
    const common = fs.existsSync(path.join(gitDir, 'commondir')) ? path.resolve(gitDir, fs.readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim()) : gitDir;
    const loose = [gitDir, common].map((d) => path.join(d, ref)).find((f) => fs.existsSync(f));

    if (loose) {
      return fs.readFileSync(loose, 'utf8').trim();
    }
    const packed = fs.readFileSync(path.join(common, 'packed-refs'), 'utf8').split('\n').find((l) => l.endsWith(` ${ ref }`));

    return packed ? packed.split(' ')[0] : '';
  } catch (e) {
    return '';
  }
}

/** A chart version in a Helm repository index (Chart.yaml fields plus urls, created, digest). */
export interface HelmChartVersion {
  name: string;
  version: string;
  urls?: string[];
  icon?: string;
  annotations?: Record<string, string>;
  kubeVersion?: string;
  [key: string]: unknown;
}

export interface HelmIndex {
  apiVersion: string;
  generated?: string;
  entries: Record<string, HelmChartVersion[]>;
}

function sameGitUrl(a: unknown, b: string): boolean {
  const norm = (u: string) => u.trim().toLowerCase().replace(/\/+$/, '').replace(/\.git$/, '');

  return typeof a === 'string' && norm(a) === norm(b);
}

/** The folder holding a repository's downloaded content, when the simulator has it. */
export function checkoutOf(repo: KubeObject): string | undefined {
  const downloaded = (repo.status?.conditions || []).some((c: any) => c.type === 'Downloaded' && c.status === 'True');

  return downloaded && sameGitUrl(repo.spec?.gitRepo, THIS_REPOSITORY.gitRepo) ? THIS_REPOSITORY.dir : undefined;
}

/** The Helm index of a checkout, parsed from its YAML; throws when it is missing or not an index. */
export function readIndex(dir: string): HelmIndex {
  const index = parse(fs.readFileSync(path.join(dir, THIS_REPOSITORY.index), 'utf8'));

  if (!index?.apiVersion || typeof index.entries !== 'object') {
    throw new Error(`${ THIS_REPOSITORY.index } is not a Helm repository index (no apiVersion)`);
  }

  return index as HelmIndex;
}

/** A file of the checkout by its repository-relative path (`file://` allowed), never outside it. */
function fileInCheckout(dir: string, rel: string): string | undefined {
  const file = path.resolve(dir, rel.replace(/^file:\/\//, ''));

  return file.startsWith(`${ dir }${ path.sep }`) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : undefined;
}

/** The checkout's file an absolute URL names when it is `<where this repository is served>/<path>`. */
function servedByThisRepository(dir: string, url: string): string | undefined {
  const parts = new URL(url).pathname.split('/').filter(Boolean);

  for (let i = 0; i < parts.length; i++) {
    const file = fileInCheckout(dir, parts.slice(i).join('/'));

    if (file && parts[i] === 'assets') {
      return file;
    }
  }

  return undefined;
}

function satisfies(version: string, constraint: string): boolean {
  // Masterminds constraints (what Rancher uses) separate ANDed ranges with commas; node-semver with spaces.
  const range = semver.validRange(constraint.replace(/,/g, ' '));

  // Rancher keeps versions whose constraint it cannot parse.
  return !range || semver.satisfies(version, range, { includePrerelease: true });
}

/**
 * Rancher's filter of `?link=index` (content.Manager.filterReleases): versions whose
 * `catalog.cattle.io/rancher-version`, `catalog.cattle.io/kube-version` or `kubeVersion` exclude this Rancher or
 * the target Kubernetes version (`?k8sVersion=`, else the local cluster's) are left out, unless `?skipFilter=true`.
 */
export function filterReleases(index: HelmIndex, k8sVersion: string): HelmIndex {
  const rancher = semver.coerce(RANCHER_VERSION)?.version || '';
  const kube = semver.coerce(k8sVersion)?.version || '';
  const entries: Record<string, HelmChartVersion[]> = {};

  for (const [name, versions] of Object.entries(index.entries)) {
    entries[name] = versions.filter((v) => {
      const a = v.annotations || {};

      return (!a['catalog.cattle.io/rancher-version'] || satisfies(rancher, a['catalog.cattle.io/rancher-version'])) &&
        (!a['catalog.cattle.io/kube-version'] || satisfies(kube, a['catalog.cattle.io/kube-version'])) &&
        (!v.kubeVersion || satisfies(kube, v.kubeVersion));
    });
  }

  return { ...index, entries };
}

/**
 * Rancher's `content.TranslateURLs`: every version's archive URL, and its icon when it has one, become links of
 * the repository itself (`<current URL>?chartName=…&link=chart&version=…`), so browsers fetch them through Rancher.
 */
export function translateUrls(index: HelmIndex, currentUrl: string): HelmIndex {
  const linkOf = (chartName: string, version: string, link: string) => {
    // Go's url.Values.Encode sorts the keys.
    const q = new URLSearchParams([['chartName', chartName], ['link', link], ['version', version]]);

    return `${ currentUrl }?${ q.toString() }`;
  };
  const entries: Record<string, HelmChartVersion[]> = {};

  for (const [name, versions] of Object.entries(index.entries)) {
    entries[name] = versions.map((v) => ({
      ...v,
      urls: [linkOf(name, v.version, 'chart')],
      ...(v.icon ? { icon: linkOf(name, v.version, 'icon') } : {}),
    }));
  }

  return { ...index, entries };
}

/** Helm's `IndexFile.Get`: the named version, or the first (latest) one when no version is asked for. */
function chartVersion(index: HelmIndex, chartName: string, version: string): HelmChartVersion | undefined {
  const versions = index.entries[chartName] || [];

  return version ? versions.find((v) => v.version === version || v.version === version.replace(/^v/, '')) : versions[0];
}

/** The files of a gzipped tar archive (ustar, with pax `path` records), by name. */
export function untgz(data: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(data);
  const files = new Map<string, Buffer>();
  let paxPath: string | undefined;

  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);

    if (header.every((b) => b === 0)) {
      break;
    }
    const text = (from: number, len: number) => header.subarray(from, from + len).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const kind = text(156, 1);
    const prefix = text(257, 6).startsWith('ustar') ? text(345, 155) : '';
    const body = tar.subarray(at + 512, at + 512 + size);

    if (kind === 'x') {
      paxPath = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
    } else {
      if (kind === '0' || kind === '') {
        files.set(paxPath || (prefix ? `${ prefix }/${ text(0, 100) }` : text(0, 100)), Buffer.from(body));
      }
      paxPath = undefined;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }

  return files;
}

/** Rancher's `helm.InfoFromTarball`: Chart.yaml, values, questions and readmes of a chart archive. */
function chartInfo(archive: Buffer): Record<string, unknown> {
  const info: Record<string, any> = {
    values: {}, questions: {}, chart: {}
  };

  for (const [name, content] of untgz(archive)) {
    const inChart = name.split('/').slice(1).join('/').toLowerCase();
    const key = ({
      'values.yaml': 'values', 'values.yml': 'values', 'questions.yaml': 'questions', 'questions.yml': 'questions', 'chart.yaml': 'chart', 'chart.yml': 'chart'
    } as Record<string, string>)[inChart];

    if (key) {
      info[key] = parse(content.toString('utf8')) || {};
    } else if (inChart === 'readme.md') {
      info.readme = content.toString('utf8');
    } else if (inChart === 'app-readme.md') {
      info.appReadme = content.toString('utf8');
    }
  }
  // Go's encoder leaves out the empty maps (omitempty).
  for (const k of ['values', 'questions', 'chart']) {
    if (!Object.keys(info[k]).length) {
      delete info[k];
    }
  }

  return info;
}

const ICON_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp'
};

function binary(body: Buffer, headers: Record<string, string>): SimResponse {
  return {
    status: 200, headers: { 'content-length': `${ body.length }`, ...headers }, body
  };
}

function json(body: unknown): SimResponse {
  return {
    status: 200, headers: { 'content-type': 'application/json' }, body
  };
}

/**
 * Answers `GET <clusterrepo>?link=<link>`; null when the type has no such link (the caller answers the object).
 * `currentUrl` is the request's URL without its query, as Rancher's URL builder gives it.
 */
export function serveRepoLink(t: TypeDef, repo: KubeObject, query: URLSearchParams, currentUrl: string): SimResponse | null {
  const link = query.get('link') || '';

  if (t.id !== CLUSTER_REPO_TYPE || !(REPO_LINKS as readonly string[]).includes(link)) {
    return null;
  }
  const name = repo.metadata.name;
  const dir = checkoutOf(repo);

  if (!dir) {
    // Rancher answers from the index ConfigMap its download wrote; a repository it never downloaded has none.
    return errorResponse(404, 'NotFound', `no downloaded index for clusterrepos.catalog.cattle.io "${ name }" (the simulator only has ${ THIS_REPOSITORY.gitRepo })`);
  }
  let index: HelmIndex;

  try {
    index = readIndex(dir);
  } catch (e: any) {
    return errorResponse(500, 'ServerError', e?.message || `${ e }`);
  }
  if (link === 'index') {
    const filtered = query.get('skipFilter')?.toLowerCase() === 'true' ? index : filterReleases(index, query.get('k8sVersion') || KUBERNETES_VERSION);
    const { apiVersion, generated, entries } = translateUrls(filtered, currentUrl);

    return json({
      apiVersion, generated, entries
    });
  }
  const chartName = query.get('chartName') || '';
  const version = query.get('version') || '';

  if (!chartName) {
    return errorResponse(404, 'NotFound', 'not found');
  }
  const chart = chartVersion(index, chartName, version);

  if (!chart) {
    return errorResponse(404, 'NotFound', `no chart version found for ${ chartName }-${ version }`);
  }
  if (link === 'icon') {
    if (!chart.icon) {
      return errorResponse(404, 'NotFound', `failed to find chartName ${ chartName } version ${ chart.version }: not found`);
    }
    // An http(s) icon Rancher downloads; offline, the simulator answers one this repository serves (its URL ends in
    // a file of the checkout, as `<base URL>/assets/...`) from that file. A relative one Rancher opens as a file of
    // the Git checkout: a data: URI is no file there, so it fails (500).
    const remote = /^https?:\/\//i.test(chart.icon);
    const file = remote ? servedByThisRepository(dir, chart.icon) : fileInCheckout(dir, chart.icon);

    if (remote && !file) {
      return errorResponse(404, 'NotFound', `the simulator does not download remote icons (${ chart.icon })`);
    }

    if (!file) {
      return errorResponse(500, 'ServerError', `open ${ chart.icon.length > 60 ? `${ chart.icon.slice(0, 60) }…` : chart.icon }: no such file or directory`);
    }

    return binary(fs.readFileSync(file), {
      'content-type':            ICON_TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
      'cache-control':           'max-age=31536000, public',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options':  'nosniff',
    });
  }
  const archive = chart.urls?.[0] ? fileInCheckout(dir, chart.urls[0]) : undefined;

  if (!archive) {
    return errorResponse(404, 'NotFound', `failed to find chartName ${ chartName } version ${ chart.version }: not found`);
  }
  if (link === 'chart') {
    return binary(fs.readFileSync(archive), { 'content-type': 'application/gzip', 'content-disposition': `attachment; filename="${ chartName }-${ version }.tgz"` });
  }

  return json(chartInfo(fs.readFileSync(archive)));
}
