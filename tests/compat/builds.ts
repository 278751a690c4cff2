import fs from 'node:fs';
import path from 'node:path';

/** Where the production builds of Rancher's dashboard are kept: `../shared/rancher-ui/<version>/` beside the clone. */
export const RANCHER_UI_ROOT = process.env.RANCHER_UI_ROOT || path.resolve(__dirname, '../../../shared/rancher-ui');

/** The versions present (`2.12` … `2.15`), oldest first; none in a clone without `../shared`. */
export function rancherBuilds(): { version: string; dir: string }[] {
  if (!fs.existsSync(RANCHER_UI_ROOT)) {
    return [];
  }

  return fs.readdirSync(RANCHER_UI_ROOT)
    .filter((v) => /^\d+\.\d+$/.test(v) && fs.existsSync(path.join(RANCHER_UI_ROOT, v, 'index.html')))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
    .map((version) => ({ version, dir: path.join(RANCHER_UI_ROOT, version) }));
}
