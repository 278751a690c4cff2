import { createReadStream, promises as fs } from 'node:fs';
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { contentType } from './contentTypes';

/** URL prefix -> folder under the repository root holding the extension's Helm repository. */
const FOLDERS: Record<string, string> = {
  '/helm/assets/':     'assets',
  '/helm/charts/':     'charts',
  '/helm/extensions/': 'extensions',
};

/**
 * Serves `/helm/{assets,charts,extensions}/…` from the repository's folders of the same names, so Rancher's
 * Extensions page can be pointed at the simulator as a Helm repository. Returns false when the URL is not one.
 */
export async function serveHelm(repoRoot: string, urlPath: string, res: ServerResponse): Promise<boolean> {
  const prefix = Object.keys(FOLDERS).find((p) => urlPath.startsWith(p));

  if (!prefix) {
    return false;
  }
  const base = path.resolve(repoRoot, FOLDERS[prefix]);
  let rel: string;

  try {
    rel = decodeURIComponent(urlPath.slice(prefix.length));
  } catch (e) {
    rel = '';
  }
  const file = path.resolve(base, rel);

  // Never leave the folder (`..`, absolute paths, encoded slashes).
  if (file !== base && !file.startsWith(`${ base }${ path.sep }`)) {
    res.statusCode = 403;
    res.end('forbidden');

    return true;
  }
  let stat;

  try {
    stat = await fs.stat(file);
  } catch (e) {
    stat = null;
  }
  if (!stat || !stat.isFile()) {
    res.statusCode = 404;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end(`not found: ${ urlPath }`);

    return true;
  }
  res.statusCode = 200;
  res.setHeader('content-type', contentType(file));
  res.setHeader('content-length', `${ stat.size }`);
  createReadStream(file).pipe(res);

  return true;
}
