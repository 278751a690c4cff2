import { ServerResponse } from 'node:http';
import path from 'node:path';
import { resolveInside, sendFile, sendStatus } from './sendFile';

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
  const file = resolveInside(path.resolve(repoRoot, FOLDERS[prefix]), urlPath.slice(prefix.length));

  if (!file) {
    return sendStatus(res, 403, urlPath);
  }

  return (await sendFile(file, res)) || sendStatus(res, 404, urlPath);
}
