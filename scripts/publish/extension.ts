import { existsSync } from 'node:fs';
import {
  cp, mkdir, readdir, readFile, rm, writeFile
} from 'node:fs/promises';
import path from 'node:path';

/** Files of the build output that are not part of the extension (webpack's bundle report). */
const NOT_SHIPPED = new Set(['report.html', 'stats.json']);

// Rancher refuses files.txt entries that start with '/' or '.', or contain '..' (its plugin cache), and fetches
// each as `<endpoint>/<entry>`, so names must also be plain URL path characters.
const RANCHER_REJECTS = /(^[/\\.])|\.\.|[^A-Za-z0-9._~/-]/;

/** files.txt: every file under the endpoint, '/'-separated, sorted, one per line (pure). */
export function filesTxt(files: string[]): string {
  const sorted = [...files].sort();
  const bad = sorted.filter((file) => RANCHER_REJECTS.test(file));

  if (bad.length) {
    throw new Error(`Rancher would refuse these extension file names: ${ bad.join(', ') }`);
  }

  return sorted.map((file) => `${ file }\n`).join('');
}

async function listFiles(dir: string, prefix: string): Promise<string[]> {
  const out: string[] = [];

  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = `${ prefix }/${ entry.name }`;

    if (entry.isDirectory()) {
      out.push(...await listFiles(path.join(dir, entry.name), rel));
    } else {
      out.push(rel);
    }
  }

  return out;
}

/**
 * Puts the built extension (dist-pkg/<name>-<version>/) where its UIPlugin endpoint points:
 * <extDir>/plugin/... plus <extDir>/files.txt, the list Rancher reads to download and cache the files.
 * Checks that the build is the version being published. Returns the files listed in files.txt.
 */
export async function installExtension(distDir: string, extDir: string, expect: { name: string; version: string }): Promise<string[]> {
  const pkgFile = path.join(distDir, 'package.json');

  if (!existsSync(pkgFile)) {
    throw new Error(`${ distDir } has no package.json: is it the output of build-pkg?`);
  }
  const built = JSON.parse(await readFile(pkgFile, 'utf8'));

  if (built.name !== expect.name || built.version !== expect.version) {
    throw new Error(`${ distDir } holds ${ built.name }@${ built.version }, expected ${ expect.name }@${ expect.version }`);
  }
  if (!built.main || !existsSync(path.join(distDir, built.main))) {
    throw new Error(`${ distDir }: package.json "main" (${ built.main }) is missing from the build`);
  }

  const pluginDir = path.join(extDir, 'plugin');

  await rm(extDir, { recursive: true, force: true });
  await mkdir(pluginDir, { recursive: true });
  await cp(distDir, pluginDir, { recursive: true, filter: (src) => !NOT_SHIPPED.has(path.basename(src)) || path.dirname(src) !== distDir });

  const files = (await listFiles(pluginDir, 'plugin')).sort();

  await writeFile(path.join(extDir, 'files.txt'), filesTxt(files));

  return files;
}
