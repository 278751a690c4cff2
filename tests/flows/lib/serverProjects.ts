/**
 * The `rancher-<version>-server` Playwright projects: the flows (tests/flows; which ones: playwright.config.ts) against
 * Rancher's own server of that version, with its agents and the real stack (lab/stack/rancher), in the dashboard build Rancher serves
 * (../shared/rancher-ui/<version>). Listed only where that version's sources (../shared/rancher) and dashboard
 * build are present; `npm run test:rancher` runs them (scripts/test-rancher.sh), not `npm run test:compat`.
 */
import { presentRancherVersions } from '../../../lab/stack/rancher/versions';

export function serverProjects(): { name: string; testDir: string; timeout: number; use: { server: string } }[] {
  return presentRancherVersions().map((key) => ({
    name:    `rancher-${ key }-server`,
    testDir: 'tests/flows',
    // Rancher's dashboard loads its whole store through the cluster proxy and the agent on each full page load.
    timeout: 300000,
    use:     { server: key },
  }));
}
