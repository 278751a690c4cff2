import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { archivePath, packChart, readArchive, sha256File } from './archive';
import {
  chartMetadata, endpointFor, extensionDir, iconPath, renderChartFiles, writeChartDir, writeIcon
} from './chart';
import { installExtension } from './extension';
import { PackageInfo, readPackageInfo } from './pkgInfo';
import {
  compareVersions, findEntry, generatedOf, indexEntry, mergeIndex
} from './repoIndex';
import { YAML_VERSION } from './yamlFormat';

/** The index files of the repository: the root one (what a Helm/HTTP client reads) and assets/index.yaml (what
 * Rancher finds first when the repository is added as a Git repo). Both list URLs relative to the root. */
export const INDEX_FILES = ['index.yaml', 'assets/index.yaml'];

export interface PublishOptions {
  /** Repository root (holds pkg/, charts/, assets/, extensions/). */
  root: string;
  /** Extension package name: pkg/<name>. */
  name: string;
  /** Public base URL of the repository (see config.ts). */
  baseUrl: string;
  /** Rebuild a version that is already published (its archive is rewritten). */
  force?: boolean;
  /** Builds the extension and returns the build output folder (dist-pkg/<name>-<version>). */
  build: (pkg: PackageInfo) => Promise<string> | string;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface PublishResult {
  status: 'published' | 'already-published';
  name: string;
  version: string;
  endpoint?: string;
  archive: string;
  digest: string;
  created: string;
  files?: string[];
}

async function readIndexText(root: string): Promise<string | undefined> {
  for (const file of [...INDEX_FILES].reverse()) {
    if (existsSync(path.join(root, file))) {
      return readFile(path.join(root, file), 'utf8');
    }
  }

  return undefined;
}

async function writeIndex(root: string, text: string): Promise<void> {
  for (const file of INDEX_FILES) {
    await writeFile(path.join(root, file), text);
  }
}

/** The endpoint of the newest chart already in charts/<name>/ (to keep publishing to the same place). */
export async function latestPublishedEndpoint(root: string, name: string): Promise<string | undefined> {
  const dir = path.join(root, 'charts', name);

  if (!existsSync(dir)) {
    return undefined;
  }
  const versions = (await readdir(dir)).filter((v) => existsSync(path.join(dir, v, 'values.yaml')));

  versions.sort(compareVersions);
  const latest = versions.pop();

  if (!latest) {
    return undefined;
  }
  const values = parse(await readFile(path.join(dir, latest, 'values.yaml'), 'utf8'), { version: YAML_VERSION });

  return values?.plugin?.endpoint;
}

/**
 * Publishes pkg/<name> at its package.json version into the repository:
 *  extensions/<name>/<version>/ (the built extension + files.txt), charts/<name>/<version>/ (the chart),
 *  assets/<name>/<name>-<version>.tgz (the packed chart), assets/<name>/icon.svg (the chart's icon, shared by every
 *  version) and index.yaml + assets/index.yaml (that version added).
 * Other versions are never touched. A version whose archive exists is left alone unless `force`; a forced
 * republish keeps the version's first `created` time, which is also the archive's file time, so the same
 * content gives the same digest.
 */
export async function publish(opts: PublishOptions): Promise<PublishResult> {
  const now = opts.now || (() => new Date());
  const log = opts.log || (() => undefined);
  const pkg = readPackageInfo(path.join(opts.root, 'pkg', opts.name));
  const { name, version } = pkg;
  const archiveRel = archivePath(name, version);
  const archiveAbs = path.join(opts.root, archiveRel);
  let indexText = await readIndexText(opts.root);
  const existing = findEntry(indexText, name, version);

  if (existsSync(archiveAbs) && !opts.force) {
    const digest = await sha256File(archiveAbs);
    let created = existing?.created;

    if (!existing || existing.digest !== digest) {
      // The archive is the published artifact: (re)list it as it is, e.g. after a lost or hand-edited index.
      const chartYaml = (await readArchive(archiveAbs)).find((e) => e.path === `${ name }/Chart.yaml`);

      if (!chartYaml) {
        throw new Error(`${ archiveRel } has no ${ name }/Chart.yaml`);
      }
      created = created || now().toISOString();
      indexText = mergeIndex(indexText, indexEntry(parse(chartYaml.content, { version: YAML_VERSION }), {
        url: archiveRel, digest, created
      }), now().toISOString());
      await writeIndex(opts.root, indexText);
      log(`index.yaml: listed the existing ${ archiveRel }`);
    }
    log(`${ name } ${ version } is already published (${ archiveRel }); bump the version in pkg/${ name }/package.json, or use --force to rebuild it`);

    return {
      status: 'already-published', name, version, archive: archiveRel, digest, created
    };
  }

  const endpoint = endpointFor(opts.baseUrl, name, version);

  log(`building ${ name } ${ version }`);
  const distDir = await opts.build(pkg);

  const files = await installExtension(distDir, path.join(opts.root, extensionDir(name, version)), { name, version });

  log(`${ extensionDir(name, version) }: ${ files.length } files (files.txt written)`);

  const chartDir = path.join(opts.root, 'charts', name, version);

  await writeChartDir(chartDir, renderChartFiles(pkg, opts.baseUrl));
  log(`charts/${ name }/${ version }: endpoint ${ endpoint }`);
  if (await writeIcon(opts.root, pkg)) {
    log(`${ iconPath(name) }: the chart's icon`);
  }

  // First publish of this version: now. Republish (--force): the time it was first published.
  const created = existing?.created || now().toISOString();

  await packChart(chartDir, name, archiveAbs, new Date(created));
  const digest = await sha256File(archiveAbs);

  log(`${ archiveRel }: sha256 ${ digest }`);

  const entry = indexEntry(chartMetadata(pkg, opts.baseUrl), {
    url: archiveRel, digest, created
  });
  const previousGenerated = generatedOf(indexText);

  // A forced republish that changed nothing leaves the index (and its `generated` time) as it was.
  if (indexText && previousGenerated && mergeIndex(indexText, entry, previousGenerated) === indexText) {
    log(`${ INDEX_FILES.join(' and ') }: ${ name } ${ version } already listed as is`);
  } else {
    await writeIndex(opts.root, mergeIndex(indexText, entry, now().toISOString()));
    log(`${ INDEX_FILES.join(' and ') }: ${ name } ${ version } listed`);
  }

  return {
    status: 'published', name, version, endpoint, archive: archiveRel, digest, created, files
  };
}
