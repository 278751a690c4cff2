import fs from 'node:fs';
import path from 'node:path';

/** Where the production builds of Rancher's dashboard are kept: `../shared/rancher-ui/<version>/` beside the clone. */
export const RANCHER_UI_ROOT = process.env.RANCHER_UI_ROOT || path.resolve(__dirname, '../../shared/rancher-ui');

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

/**
 * `next/`: a production build of rancher/dashboard `master` (the coming 2.16), run as its own project (`rancher-next`)
 * with every flow, as an early warning. Its VERSION.txt names no release, so the simulator answers a 2.15 version
 * there: the chart claims `< 2.16.0-0` until a released 2.16 is measured, and the dashboard would not load it otherwise.
 */
export function nextBuild(): { version: string; dir: string } | null {
  const dir = path.join(RANCHER_UI_ROOT, 'next');

  return fs.existsSync(path.join(dir, 'index.html')) ? { version: 'next', dir } : null;
}

/** Whether a project runs every flow: the newest released build and `rancher-next`. */
export function runsEveryFlow(projectName: string): boolean {
  return projectName === 'rancher-next' || projectName === `rancher-${ rancherBuilds().pop()?.version }`;
}
