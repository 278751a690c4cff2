import { createHash } from 'node:crypto';
import {
  chmod, mkdir, readdir, readFile, rm
} from 'node:fs/promises';
import path from 'node:path';
import { create, list, ReadEntry } from 'tar';

export function archiveFileName(name: string, version: string): string {
  return `${ name }-${ version }.tgz`;
}

/** Where a version's chart archive lives, relative to the repository root (also its URL in index.yaml). */
export function archivePath(name: string, version: string): string {
  return `assets/${ name }/${ archiveFileName(name, version) }`;
}

/**
 * The order `helm package` writes a chart's files in: Chart.yaml, values.yaml, values.schema.json, the templates,
 * then every other file, each group sorted by path.
 */
export function helmFileOrder(paths: string[]): string[] {
  const rank = (p: string) => {
    if (p === 'Chart.yaml') {
      return 0;
    }
    if (p === 'values.yaml') {
      return 1;
    }
    if (p === 'values.schema.json') {
      return 2;
    }

    return p.startsWith('templates/') ? 3 : 4;
  };

  return [...paths].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];

  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${ prefix }/${ entry.name }` : entry.name;

    if (entry.isDirectory()) {
      out.push(...await listFiles(path.join(dir, entry.name), rel));
    } else if (entry.isFile()) {
      out.push(rel);
    } else {
      throw new Error(`unsupported file type in chart: ${ rel }`);
    }
  }

  return out;
}

/**
 * Packs a chart folder into a gzip'd tar the way `helm package` lays it out: one top folder named after the chart,
 * regular files only (no directory entries), mode 0644, owner 0/0 without names. Every entry gets `mtime` and the
 * gzip header carries no time or OS, so the same chart files and mtime always give the same bytes (and digest).
 */
export async function packChart(chartDir: string, chartName: string, outFile: string, mtime: Date): Promise<string[]> {
  const files = helmFileOrder(await listFiles(chartDir));

  await Promise.all(files.map((file) => chmod(path.join(chartDir, file), 0o644)));
  await mkdir(path.dirname(outFile), { recursive: true });
  await rm(outFile, { force: true });
  await create({
    file:     outFile,
    cwd:      chartDir,
    prefix:   chartName,
    gzip:     { level: 9 },
    portable: true,
    mtime:    new Date(Math.floor(mtime.getTime() / 1000) * 1000),
  }, files);

  return files.map((file) => `${ chartName }/${ file }`);
}

/** sha256 of a file, hex: what helm puts in index.yaml as `digest` (and checks after download). */
export async function sha256File(file: string): Promise<string> {
  return createHash('sha256').update(await readFile(file)).digest('hex');
}

export interface ArchiveEntry {
  path: string;
  mode: number;
  type: string;
  mtime?: Date;
  uid?: number;
  gid?: number;
  content: string;
}

/** Lists a chart archive's entries with their contents (used to read Chart.yaml back, and by the tests). */
export async function readArchive(file: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];

  await list({
    file,
    onReadEntry: (entry: ReadEntry) => {
      const chunks: Buffer[] = [];
      const item: ArchiveEntry = {
        path:    entry.path,
        mode:    entry.mode ?? 0,
        type:    entry.type,
        mtime:   entry.mtime,
        uid:     entry.uid,
        gid:     entry.gid,
        content: '',
      };

      entries.push(item);
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        item.content = Buffer.concat(chunks).toString('utf8');
      });
    },
  });

  return entries;
}
