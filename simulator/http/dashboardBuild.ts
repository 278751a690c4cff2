import { createReadStream, promises as fs, readFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { contentType } from './contentTypes';

/**
 * The Rancher release each dashboard build in `../shared/rancher-ui` stands for: the newest release tag that its
 * branch head contains (rancher/dashboard: release-2.12 6c47a6f5be is v2.12.12 + 2 commits, release-2.13 60b285f08d
 * v2.13.8 + 11, release-2.14 c14926af54 v2.14.4 + 27). release-2.15 bfaa192872 is v2.15.0 + 36 commits, including
 * the built-in Add-on Config's mount-time defaults that ship in 2.15.1, so it answers as 2.15.1.
 */
const BUILD_RELEASES: Record<string, string> = {
  2.12: 'v2.12.12', 2.13: 'v2.13.8', 2.14: 'v2.14.4', 2.15: 'v2.15.1'
};

/** The Rancher version a dashboard build stands for, from its VERSION.txt (`release-2.15-bfaa192`); null if unknown. */
export function rancherVersionOfBuild(uiDir: string): string | null {
  try {
    const m = /release-(\d+\.\d+)/.exec(readFileSync(path.join(uiDir, 'VERSION.txt'), 'utf8'));

    return m ? BUILD_RELEASES[m[1]] || `v${ m[1] }.0` : null;
  } catch (e) {
    return null;
  }
}

/**
 * Serves a production build of Rancher's dashboard (`../shared/rancher-ui/<version>/`) the way Rancher does:
 * the files under `/dashboard/`, every client route under `/dashboard/` falling back to `index.html`, and
 * `/favicon.png` at the site root (index.html links it there). Returns false when the URL is not the dashboard's.
 */
export async function serveDashboardBuild(uiDir: string, urlPath: string, res: ServerResponse): Promise<boolean> {
  if (urlPath === '/favicon.png' || urlPath === '/favicon.ico') {
    return sendFile(path.join(uiDir, urlPath.slice(1)), res, false);
  }
  if (urlPath === '/dashboard') {
    res.statusCode = 302;
    res.setHeader('location', '/dashboard/');
    res.end();

    return true;
  }
  if (!urlPath.startsWith('/dashboard/')) {
    return false;
  }
  let rel: string;

  try {
    rel = decodeURIComponent(urlPath.slice('/dashboard/'.length));
  } catch (e) {
    rel = '';
  }
  const base = path.resolve(uiDir);
  const file = path.resolve(base, rel);

  if (file !== base && !file.startsWith(`${ base }${ path.sep }`)) {
    res.statusCode = 403;
    res.end('forbidden');

    return true;
  }
  // A file of the build (js/, fonts/, img/ …) or, for anything else, the app shell: client routing decides.
  const isAsset = /\.[a-z0-9]+$/i.test(rel) && !rel.endsWith('.html');

  if (await sendFile(file, res, isAsset)) {
    return true;
  }
  if (isAsset) {
    res.statusCode = 404;
    res.end(`not found: ${ urlPath }`);

    return true;
  }

  return sendFile(path.join(base, 'index.html'), res, false);
}

async function sendFile(file: string, res: ServerResponse, immutable: boolean): Promise<boolean> {
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
  // Hashed assets may be cached; index.html must not be, so a newly installed extension is seen on reload.
  res.setHeader('cache-control', immutable ? 'public, max-age=31536000' : 'no-cache');
  createReadStream(file).pipe(res);

  return true;
}
