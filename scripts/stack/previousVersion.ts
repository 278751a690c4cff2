/**
 * The published version before the one under test, added to the stack's Helm repository beside it, so Rancher's
 * Extensions page offers the upgrade a Rancher admin gets when a new version is published (tests/flows/
 * extensionUpgrade.spec.ts). It is the chart and files this repository published (charts/, extensions/), with
 * plugin.endpoint and the icon moved to the stack's repository server: Rancher's server here reaches no other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { archivePath, packChart, sha256File } from '../publish/archive';
import { endpointFor, extensionDir, iconUrl } from '../publish/chart';
import { compareVersions, findEntry, indexEntry, mergeIndex } from '../publish/repoIndex';
import { INDEX_FILES } from '../publish/publish';
import { YAML_VERSION } from '../publish/yamlFormat';

/** The newest version published in `root`'s charts/<name>/ below `version`, or undefined. */
export function previousPublished(root: string, name: string, version: string): string | undefined {
  const dir = path.join(root, 'charts', name);
  const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => fs.existsSync(path.join(dir, v, 'Chart.yaml'))) : [];

  return versions.filter((v) => compareVersions(v, version) < 0).sort(compareVersions).pop();
}

/** Replaces the one line `key: <value>` (at its indentation) in a YAML text; throws when it is not there once. */
export function replaceLine(text: string, key: string, value: string): string {
  const re = new RegExp(`^(\\s*${ key }:) .*$`, 'gm');

  if ((text.match(re) || []).length !== 1) {
    throw new Error(`expected one "${ key }:" line`);
  }

  return text.replace(re, `$1 ${ value }`);
}

/** Adds `root`'s published `version` to the repository in `dir` (its index.yaml files rewritten). */
export async function addPublishedVersion(root: string, dir: string, name: string, version: string, baseUrl: string): Promise<void> {
  const chartDir = path.join(dir, 'charts', name, version);

  fs.cpSync(path.join(root, 'charts', name, version), chartDir, { recursive: true });
  fs.cpSync(path.join(root, extensionDir(name, version)), path.join(dir, extensionDir(name, version)), { recursive: true });
  const values = path.join(chartDir, 'values.yaml');
  const chartYaml = path.join(chartDir, 'Chart.yaml');

  fs.writeFileSync(values, replaceLine(fs.readFileSync(values, 'utf8'), 'endpoint', endpointFor(baseUrl, name, version)));
  fs.writeFileSync(chartYaml, replaceLine(fs.readFileSync(chartYaml, 'utf8'), 'icon', iconUrl(baseUrl, name)));

  const rootIndex = fs.readFileSync(path.join(root, 'assets', 'index.yaml'), 'utf8');
  const created = findEntry(rootIndex, name, version)?.created || new Date(0).toISOString();
  const archive = archivePath(name, version);

  await packChart(chartDir, name, path.join(dir, archive), new Date(created));
  const entry = indexEntry(parse(fs.readFileSync(chartYaml, 'utf8'), { version: YAML_VERSION }), {
    url: archive, digest: await sha256File(path.join(dir, archive)), created
  });

  // Both index files the same (publish.ts INDEX_FILES): one text, written twice.
  const text = mergeIndex(fs.readFileSync(path.join(dir, INDEX_FILES[0]), 'utf8'), entry, new Date().toISOString());

  for (const file of INDEX_FILES) {
    fs.writeFileSync(path.join(dir, file), text);
  }
}
