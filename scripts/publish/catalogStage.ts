/**
 * The files of the extension catalog image, laid out as @rancher/shell's `publish-pkgs -c` lays them out for its
 * image (scripts/extension/bundle + helm/package/Dockerfile; nginx serves them from /home/plugin-server/plugin-contents):
 *
 *   index.yaml                          the Helm index Rancher's ClusterRepo reads (chart URLs relative: plugin/...)
 *   files.txt                           every file under plugin/, as the Dockerfile's `find plugin -type f | sort`
 *   plugin/index.yaml                   the same index
 *   plugin/<name>/<name>-<version>.tgz  each chart, its UIPlugin endpoint pointing at the catalog's own Service
 *   plugin/<name>-<version>/            each built extension (files.txt, plugin/...): that endpoint
 *   assets/<name>/icon.svg              the icon Chart.yaml names by this relative path
 *
 * Every published version goes in, so an extension installed from an older image keeps loading after the
 * Deployment moves to a newer one (Rancher re-downloads from the endpoint when its cache is gone, e.g. on restart).
 */
import { existsSync } from 'node:fs';
import {
  cp, mkdir, readdir, readFile, rm, writeFile
} from 'node:fs/promises';
import path from 'node:path';
import { archiveFileName, sha256File } from './archive';
import { extensionDir, iconPath } from './chart';
import { repackChart } from './repack';
import { compareVersions, findEntry, indexEntry, mergeIndex } from './repoIndex';

/** The namespace the Import Extension Catalog dialog creates the Deployment, Service and the UIPlugins in. */
export const UI_PLUGIN_NAMESPACE = 'cattle-ui-plugin-system';

/** The chart and extension paths inside the served root. */
export function catalogChartPath(name: string, version: string): string {
  return `plugin/${ name }/${ archiveFileName(name, version) }`;
}

export function catalogExtensionPath(name: string, version: string): string {
  return `plugin/${ name }-${ version }`;
}

/** The catalog's URL inside the cluster, as the dialog writes it into the ClusterRepo: its Service, port 8080. */
export function serviceUrl(serviceName: string): string {
  return `http://${ serviceName }.${ UI_PLUGIN_NAMESPACE }.svc:8080`;
}

/** The UIPlugin endpoint inside the cluster: the catalog's Service + the version's folder. */
export function inClusterEndpoint(serviceName: string, name: string, version: string): string {
  return `${ serviceUrl(serviceName) }/${ catalogExtensionPath(name, version) }`;
}

/** Published versions: a chart folder, an extension folder and an index entry each, oldest first. */
export async function publishedVersions(root: string, name: string, indexText: string): Promise<string[]> {
  const dir = path.join(root, 'charts', name);
  const versions = existsSync(dir) ? await readdir(dir) : [];

  return versions
    .filter((v) => existsSync(path.join(root, extensionDir(name, v), 'files.txt')) && findEntry(indexText, name, v))
    .sort(compareVersions);
}

async function listRel(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];

  for (const e of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${ prefix }/${ e.name }` : e.name;

    out.push(...(e.isDirectory() ? await listRel(path.join(dir, e.name), rel) : [rel]));
  }

  return out;
}

export interface StagedCatalog {
  versions: string[];
  /** The newest version's first publish time: the image's creation time, so the same catalog gives the same digest. */
  created: string;
  indexText: string;
}

export async function stageCatalog(opts: { root: string; name: string; serviceName: string; outDir: string }): Promise<StagedCatalog> {
  const { root, name, outDir } = opts;
  const repoIndex = await readFile(path.join(root, 'index.yaml'), 'utf8');
  const versions = await publishedVersions(root, name, repoIndex);

  if (!versions.length) {
    throw new Error(`nothing published for ${ name } yet: run npm run publish-pkgs first`);
  }
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'plugin', name), { recursive: true });
  let indexText = 'apiVersion: v1\n';
  let created = '';

  for (const version of versions) {
    const entry = findEntry(repoIndex, name, version) as Record<string, any>;
    const chartOut = path.join(outDir, ...catalogChartPath(name, version).split('/'));

    const chart = await repackChart(path.join(root, 'charts', name, version), name, { endpoint: inClusterEndpoint(opts.serviceName, name, version), icon: `${ serviceUrl(opts.serviceName) }/${ iconPath(name) }` }, chartOut, new Date(entry.created));

    indexText = mergeIndex(indexText, indexEntry(chart, {
      url: catalogChartPath(name, version), digest: await sha256File(chartOut), created: entry.created
    }), entry.created);
    await cp(path.join(root, extensionDir(name, version)), path.join(outDir, ...catalogExtensionPath(name, version).split('/')), { recursive: true });
    created = entry.created;
  }
  const icon = path.join(root, ...iconPath(name).split('/'));

  if (existsSync(icon)) {
    await mkdir(path.dirname(path.join(outDir, iconPath(name))), { recursive: true });
    await cp(icon, path.join(outDir, ...iconPath(name).split('/')));
  }
  await writeFile(path.join(outDir, 'index.yaml'), indexText);
  await writeFile(path.join(outDir, 'plugin', 'index.yaml'), indexText);
  const pluginFiles = (await listRel(path.join(outDir, 'plugin'), 'plugin')).sort();

  await writeFile(path.join(outDir, 'files.txt'), pluginFiles.map((f) => `${ f }\n`).join(''));

  return {
    versions, created, indexText
  };
}
