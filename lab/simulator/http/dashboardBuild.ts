import { readFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { resolveInside, sendFile, sendStatus } from './sendFile';

// Hashed assets may be cached; index.html must not be, so a newly installed extension is seen on reload.
const IMMUTABLE = 'public, max-age=31536000';
const NO_CACHE = 'no-cache';

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
    return sendFile(path.join(uiDir, urlPath.slice(1)), res, NO_CACHE);
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
  const rel = urlPath.slice('/dashboard/'.length);
  const base = path.resolve(uiDir);
  const file = resolveInside(base, rel);

  if (!file) {
    return sendStatus(res, 403, urlPath);
  }
  // A file of the build (js/, fonts/, img/ …) or, for anything else, the app shell: client routing decides. Rancher
  // answers index.html for any path under /dashboard/ that is no file, one that looks like a file too (rancher v2.15.0
  // pkg/ui/routes.go `/dashboard/` → IndexFileOnNotFound; routes_test.go "Dashboard missing asset falls back to
  // index"): a list's address ends in its type, `…/explorer/storage.k8s.io.storageclass`.
  const isAsset = /\.[a-z0-9]+$/i.test(rel) && !rel.endsWith('.html');

  if (await sendFile(file, res, isAsset ? IMMUTABLE : NO_CACHE)) {
    return true;
  }

  return sendFile(path.join(base, 'index.html'), res, NO_CACHE);
}


