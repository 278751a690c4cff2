/**
 * Bundle sizes of the built extension (dist-pkg): the entry, every lazy chunk, and for each feature screen the
 * chunks the browser loads to open it (found from the entry's lazy-import groups and the chunks' source maps).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface ChunkSize { file: string; id: string; bytes: number; gzip: number }
export interface ScreenSize { screen: string; chunks: string[]; gzip: number }

const gz = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

export function measureBundle(distDir: string, screens: Record<string, string[]>): { entry: ChunkSize; chunks: ChunkSize[]; screens: ScreenSize[] } {
  const files = fs.readdirSync(distDir).filter((f) => f.endsWith('.js'));
  const entryFile = files.find((f) => /\.umd\.min\.js$/.test(f));

  if (!entryFile) {
    throw new Error(`no built extension in ${ distDir }: run npm run build-pkg harvester-cloud-ui first`);
  }
  const size = (file: string): ChunkSize => {
    const buf = fs.readFileSync(path.join(distDir, file));

    return {
      file, id: file.replace(/^.*\.umd\.min\.?/, '').replace(/\.?js$/, '') || 'entry', bytes: buf.length, gzip: gz(buf)
    };
  };
  const entry = size(entryFile);
  const chunks = files.filter((f) => f !== entryFile).map(size);
  // Lazy imports compile to `Promise.all([r.e(1),r.e(2)])` or `r.e(1)`: the chunk groups loaded together,
  // in the entry or, for imports made by lazily loaded code, in other chunks.
  const groups = files.flatMap((f) => [...fs.readFileSync(path.join(distDir, f), 'utf8').matchAll(/Promise\.all\(\[([^\]]*)\]\)|\b[a-zA-Z_$]\.e\((\d+)\)/g)]
    .map((m) => (m[1] ? [...m[1].matchAll(/\.e\((\d+)\)/g)].map((x) => x[1]) : [m[2]])));
  const sourcesOf = (c: ChunkSize): string[] => {
    const map = path.join(distDir, `${ c.file }.map`);

    return fs.existsSync(map) ? JSON.parse(fs.readFileSync(map, 'utf8')).sources : [];
  };

  // A screen is the chain of components loaded to show it: each one's chunk group is fetched on the way.
  const screenSizes = Object.entries(screens).map(([screen, components]) => {
    const ids = new Set<string>();

    components.forEach((component) => {
      const home = chunks.find((c) => sourcesOf(c).some((src) => src.includes(component)));
      const group = (home && groups.filter((g) => g.includes(home.id)).sort((a, b) => b.length - a.length)[0]) || [];

      group.forEach((id) => ids.add(id));
    });
    const loaded = chunks.filter((c) => ids.has(c.id));

    return {
      screen, chunks: [entry.file, ...loaded.map((c) => c.file)], gzip: entry.gzip + loaded.reduce((n, c) => n + c.gzip, 0)
    };
  });

  return {
    entry, chunks, screens: screenSizes
  };
}
