/**
 * A committed chart packed again with its files' URLs pointing elsewhere: values.yaml's `plugin.endpoint` and
 * Chart.yaml's `icon`, every other byte of both files kept (comments too). The catalog image points them at its own
 * Service (catalogStage.ts); `publish-pkgs --oci --mirror <url>` at a copy of this repository inside an air gap,
 * since Rancher's Extensions page installs a chart with its own values and offers no field to change them.
 */
import {
  cp, mkdtemp, readFile, rm, writeFile
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse, parseDocument } from 'yaml';
import { packChart } from './archive';
import { endpointFor, iconUrl } from './chart';
import { YAML_TO_STRING, YAML_VERSION } from './yamlFormat';

export interface ChartUrls {
  endpoint: string;
  icon: string;
}

/** Where a mirror of this repository (served at `base`) holds the version's files and the icon. */
export function mirrorUrls(base: string, name: string, version: string): ChartUrls {
  return { endpoint: endpointFor(base, name, version), icon: iconUrl(base, name) };
}

/**
 * `--mirror`'s value: an absolute http(s) URL with no credentials, query or fragment (Rancher's server downloads
 * `<endpoint>/files.txt` and each file under it; the URL lands in a chart anyone with the registry can read).
 */
export function checkMirror(value: string): string {
  let url: URL;

  try {
    url = new URL(value);
  } catch (e) {
    throw new Error(`--mirror ${ JSON.stringify(value) } is not a URL: give the address a copy of this repository is served at, e.g. https://mirror.example.internal/harvester-cloud-ui`);
  }
  if (!/^https?:$/.test(url.protocol)) {
    throw new Error(`--mirror takes an http:// or https:// URL (Rancher's server downloads the files from it), not ${ url.protocol }//`);
  }
  if (url.username || url.password) {
    throw new Error('--mirror: do not put credentials in the URL; it is written into the chart, which anyone who can pull it can read');
  }
  if (url.search || url.hash) {
    throw new Error('--mirror takes a base URL without ?query or #fragment (file paths are appended to it)');
  }

  return value.replace(/\/+$/, '');
}

/** Packs `chartDir` again into `out` with `urls`; returns the new Chart.yaml's content. */
export async function repackChart(chartDir: string, name: string, urls: ChartUrls, out: string, created: Date): Promise<Record<string, unknown>> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'repack-chart-'));

  try {
    await cp(chartDir, tmp, { recursive: true });
    const edit = async(file: string, key: string[], value: string) => {
      const doc = parseDocument(await readFile(path.join(tmp, file), 'utf8'), { version: YAML_VERSION });

      if (doc.hasIn(key) || file === 'values.yaml') {
        doc.setIn(key, value);
      }
      await writeFile(path.join(tmp, file), doc.toString(YAML_TO_STRING));
    };

    await edit('values.yaml', ['plugin', 'endpoint'], urls.endpoint);
    await edit('Chart.yaml', ['icon'], urls.icon);
    await packChart(tmp, name, out, created);

    return parse(await readFile(path.join(tmp, 'Chart.yaml'), 'utf8'), { version: YAML_VERSION });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
