/**
 * The `rancher-<version>-server` Playwright projects: every compat flow (tests/compat) against Rancher's own server of
 * that version, with its agents and the real stack (stack/src/rancher), in the dashboard build Rancher serves
 * (../shared/rancher-ui/<version>). Listed only where that version's sources (../shared/rancher) and dashboard
 * build are present; `npm run test:rancher` runs them (scripts/test-rancher.sh), not `npm run test:compat`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RANCHER_VERSIONS, SHARED_RANCHER } from '../../../stack/src/rancher/versions';
import { rancherBuilds } from '../builds';

export function serverProjects(): { name: string; testDir: string; timeout: number; use: { server: string } }[] {
  const uis = new Set(rancherBuilds().map((b) => b.version));

  return Object.entries(RANCHER_VERSIONS)
    .filter(([key, v]) => uis.has(v.ui) && fs.existsSync(path.join(SHARED_RANCHER, `${ v.archive }.tar.gz`)))
    .map(([key]) => ({
      name:    `rancher-${ key }-server`,
      // Every flow: the version projects' and the real stack's (tests/compat/real: Harvester's controllers).
      testDir: 'tests/compat',
      // Rancher's dashboard loads its whole store through the cluster proxy and the agent on each full page load.
      timeout: 300000,
      use:     { server: key },
    }));
}
