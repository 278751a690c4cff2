/**
 * Whether a Rancher version lists a chart, decided by tools/chartops' rancher-version: the semver library and the
 * rule Rancher's server uses on `catalog.cattle.io/rancher-version` (pkg/catalogv2/content filterReleases).
 */
import { lastLine, runTool } from '../../lab/chartops/run';

export const RANCHER_VERSION_ANNOTATION = 'catalog.cattle.io/rancher-version';

/** Throws a sentence a publisher can act on when `rancher` would not list the chart. */
export function checkRancherVersion(chart: { name: string; version: string; annotations?: Record<string, string> }, rancher: string): void {
  const constraint = chart.annotations?.[RANCHER_VERSION_ANNOTATION];

  if (!constraint) {
    return;
  }
  const r = runTool('rancher-version', [constraint, rancher.replace(/^v/, '')]);

  if (r.status === 7) {
    throw new Error(`${ chart.name } ${ chart.version } is for Rancher ${ constraint } (${ RANCHER_VERSION_ANNOTATION }): Rancher ${ rancher } would not list it. ` +
      'Install into a Rancher in that range, or publish a version whose range includes it.');
  }
  if (r.status !== 0) {
    throw new Error(`--rancher-version ${ rancher }: ${ lastLine(r) }`);
  }
}
