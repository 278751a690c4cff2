/**
 * The build check of `npm test` (issues 13, 26, 34), run after `build-pkg`: fails when the start-up cost (entry, the
 * strings loaded at start per language, and the guest check's chunks every cluster page loads) is over 12 KiB gzipped or an enforced screen is over its budget, or when a
 * chunk they load carries a library the Rancher page already has,
 * printing which chunk carries what and who imports it. Screens not yet enforced (SCREENS[].enforced in
 * bundleBudgets.ts) are reported only.
 *
 *   bash scripts/with-env tsx tests/bench/bundleCheck.ts [dist-dir]
 */
import path from 'node:path';
import { measureBundle } from './bundle';
import { bundleProblems } from './bundleProblems';
import { formatBundle } from './bundleReport';
import { formatStartup, startupCosts, startupProblems } from './bundleStartup';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = require(path.join(ROOT, 'pkg/harvester-cloud-ui/package.json'));
const dist = process.argv[2] || path.join(ROOT, 'dist-pkg', `harvester-cloud-ui-${ pkg.version }`);
const report = measureBundle(dist);
const costs = startupCosts(report);
const problems = [...startupProblems(costs), ...bundleProblems(report)];
const failing = problems.filter((p) => p.enforced);

console.log('== bundle check (gzipped, level 9)');
formatBundle(report).forEach((l) => console.log(l));
formatStartup(report, costs).forEach((l) => console.log(l));
problems.filter((p) => !p.enforced).forEach((p) => console.log(`reported (not enforced): ${ p.message }`));
failing.forEach((p) => console.error(`FAIL: ${ p.message }`));
console.log(failing.length ? `bundle: ${ failing.length } problem(s)` : 'bundle: within budget, no host library bundled a second time');
process.exit(failing.length ? 1 : 0);
