/**
 * Rancher's Helm repository content API: the `index`, `info`, `chart` and `icon` links of a
 * `catalog.cattle.io.clusterrepo` (`/v1/catalog.cattle.io.clusterrepos/<name>?link=index`), which the dashboard's
 * Apps and Extensions pages read charts from.
 *
 * Rancher clones a Git ClusterRepo and serves the clone's `index.yaml` and archives. The simulator clones nothing:
 * the one Git repository it has a checkout of is this one (the working tree it runs from), so a ClusterRepo whose
 * `spec.gitRepo` is this repository's URL is served from the committed Helm repository files (`assets/index.yaml`,
 * `assets/<chart>/<chart>-<version>.tgz`), read on every request. Other repositories have no content here.
 * The checkout is thisRepository.ts's, the index helmIndex.ts's, an archive's files chartArchive.ts's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorResponse } from '../core/errors';
import { CLUSTER_REPO_TYPE, TypeDef } from '../core/registry';
import { KubeObject, SimResponse } from '../core/types';
import { KUBERNETES_VERSION } from '../core/versions';
import { REPO_LINKS } from '../steve/catalogLinks';
import { chartInfo } from './chartArchive';
import {
  chartVersion, filterReleases, HelmIndex, readIndex, translateUrls
} from './helmIndex';
import { checkoutOf, fileInCheckout, servedByThisRepository, THIS_REPOSITORY } from './thisRepository';

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
