import { createReadStream, promises as fs } from 'node:fs';
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { contentType } from './contentTypes';

/**
 * `rel` (a URL path part, percent-encoded) resolved inside `base`; null when it would leave the folder (`..`,
 * absolute paths, encoded slashes) or cannot be decoded.
 */
export function resolveInside(base: string, rel: string): string | null {
  let decoded: string;

  try {
    decoded = decodeURIComponent(rel);
  } catch (e) {
    return null;
  }
  const root = path.resolve(base);
  const file = path.resolve(root, decoded);

  return file === root || file.startsWith(`${ root }${ path.sep }`) ? file : null;
}

/**
 * Streams a file with its content type and length; false (nothing sent) when it is not a file. `cache` sets
 * cache-control when given.
 */
export async function sendFile(file: string, res: ServerResponse, cache?: string): Promise<boolean> {
  let stat;

  try {
    stat = await fs.stat(file);
  } catch (e) {
    return false;
  }
  if (!stat.isFile()) {
    return false;
  }
  res.statusCode = 200;
  res.setHeader('content-type', contentType(file));
  res.setHeader('content-length', `${ stat.size }`);
  if (cache) {
    res.setHeader('cache-control', cache);
  }
  createReadStream(file).pipe(res);

  return true;
}

export function sendStatus(res: ServerResponse, status: 403 | 404, urlPath: string): true {
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(status === 403 ? 'forbidden' : `not found: ${ urlPath }`);

  return true;
}
