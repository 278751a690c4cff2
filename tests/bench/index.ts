/**
 * `npm run bench`: the numbers the issues set budgets for, measured on this machine and printed as a report.
 * Not a test: it never fails on a number, it reports it next to its budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { measureBundle } from './bundle';
import { bundleProblems } from './bundleProblems';
import { formatBundle } from './bundleReport';
import { formatStartup, startupCosts, startupProblems } from './bundleStartup';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = require(path.join(ROOT, 'pkg/harvester-cloud-ui/package.json'));
const dist = path.join(ROOT, 'dist-pkg', `harvester-cloud-ui-${ pkg.version }`);
const kib = (n: number) => `${ (n / 1024).toFixed(1) } KiB`;

/** Per screen: gzipped bytes beyond the entry, its chunks and the host libraries in each (tests/bench/bundle.ts, bundleReport.ts). */
function bundleReport() {
  const report = measureBundle(dist);

  const costs = startupCosts(report);

  console.log('\n## Bundle (gzipped, level 9; budgets: start-up 12 KiB (entry + start-up strings), each screen 30 KiB beyond the entry, no host library)');
  formatBundle(report).forEach((l) => console.log(l));
  formatStartup(report, costs).forEach((l) => console.log(l));
  [...startupProblems(costs), ...bundleProblems(report)].forEach((p) => console.log(`  ${ p.enforced ? 'FAIL' : 'not enforced yet' }: ${ p.message }`));
}

bundleReport();

interface Answer { method: string; url: string; bytes: number; gzip?: number }

function requestsReport(name: string, title: string, budget: { count: number; gzip?: number }) {
  const file = path.join(ROOT, 'tmp', 'bench', `${ name }.json`);

  if (!fs.existsSync(file)) {
    console.log(`\n## ${ title }: not measured (tests/bench did not run)`);

    return;
  }
  const reqs: Answer[] = JSON.parse(fs.readFileSync(file, 'utf8'));
  const raw = reqs.reduce((n, r) => n + r.bytes, 0);
  const sent = reqs.reduce((n, r) => n + (r.gzip ?? r.bytes), 0);
  const within = reqs.length <= budget.count && (budget.gzip === undefined || sent < budget.gzip);

  console.log(`\n## ${ title }`);
  reqs.forEach((r) => console.log(`  ${ r.method } ${ decodeURIComponent(r.url) }: ${ kib(r.bytes) }${ r.gzip !== undefined ? ` (${ kib(r.gzip) } gzipped)` : '' }`));
  console.log(`  total: ${ reqs.length } requests (budget ${ budget.count }), ${ kib(raw) }${ reqs.some((r) => r.gzip !== undefined) ? `, ${ kib(sent) } as sent gzipped` : '' }${ budget.gzip ? ` (budget under ${ kib(budget.gzip) })` : '' }: ${ within ? 'within budget' : 'OVER budget' }`);
}

requestsReport('lb-tab-requests', 'Requests when the Add-on Config tab opens (create page, demo cluster, nothing cached)', { count: 3 });
requestsReport('lb-tab-requests-5000', 'The same with 5,000 Services in the cluster (4,000 ClusterIP, 1,000 LoadBalancer)', { count: 3, gzip: 100 * 1024 });
requestsReport('storage-form-requests', 'Requests when the Harvester StorageClass form opens (create page; budget 2)', { count: 2 });

// Topology: grouping and drift analysis of generated clusters (tests/bench/topology.ts).
require('./topology').benchTopology([500, 5000], 15);

/** The Topology page mounted in jsdom at 5,000 nodes (tests/bench/topologyView.bench.ts): a guard against quadratic work. */
function topologyMountReport() {
  const file = path.join(ROOT, 'tmp', 'bench', 'topology-view-mount.json');
  const budgetMs = 20000;

  if (!fs.existsSync(file)) {
    console.log('\n## Topology page mount in jsdom: not measured (tests/bench did not run)');

    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));

  console.log(`\n## Topology page mount in jsdom, ${ r.nodes } nodes: ${ Math.round(r.ms) } ms (budget < ${ budgetMs } ms; jsdom is far slower than Chromium) [${ r.ms < budgetMs ? 'ok' : 'OVER' }]`);
}

topologyMountReport();

/** Budgets of issue 13 for the Topology page at 5,000 nodes (in-app, production build in the real 2.15 UI). */
const TOPOLOGY_BUDGET = {
  ratio: 1, driftAfterMs: 1000, interactionMs: 100, bytesPerVisit: 2 * 1024 * 1024
};

function topologyRenderReport() {
  const fs = require('node:fs');
  const file = path.join(ROOT, 'tmp', 'bench', 'topology-render.json');

  console.log('\n## Topology beside the Node list (real Rancher UI build, extension installed, in-app navigation)');
  if (!fs.existsSync(file)) {
    console.log('  not measured (tests/bench/render.ts did not run: see tmp/bench/render.log)');

    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const ms = (n: number) => `${ Math.round(n) } ms`;
  const mib = (n: number) => (n >= 1024 * 1024 ? `${ (n / 1024 / 1024).toFixed(2) } MiB` : kib(n));
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');
  const visit = (v: { count: number; encoded: number; decoded: number }) => `${ v.count } requests, ${ mib(v.encoded) } transferred (${ mib(v.decoded) } decoded)`;

  console.log(`Rancher ${ report.rancher }, measured ${ report.measuredAt }; medians of ${ report.results[0]?.runs } runs; first row = the Node list's first row / Topology's first zone row, painted.`);
  for (const r of report.results) {
    const ratioFirst = r.topologyFirstMs / r.nodeListFirstMs;
    const ratioRepeat = r.topologyRepeatMs / r.nodeListRepeatMs;
    const budgeted = r.nodes >= 5000;
    const b = (ok: boolean) => (budgeted ? ` [${ mark(ok) }]` : '');

    console.log(`\n### ${ r.nodes } nodes${ budgeted ? ' (budgets apply)' : '' }`);
    console.log(`  first visit:  Node list ${ ms(r.nodeListFirstMs) }, Topology ${ ms(r.topologyFirstMs) }, ratio ${ ratioFirst.toFixed(2) } (budget <= ${ TOPOLOGY_BUDGET.ratio })${ b(ratioFirst <= TOPOLOGY_BUDGET.ratio) }`);
    console.log(`  repeat visit: Node list ${ ms(r.nodeListRepeatMs) }, Topology ${ ms(r.topologyRepeatMs) }, ratio ${ ratioRepeat.toFixed(2) } (budget <= ${ TOPOLOGY_BUDGET.ratio })${ b(ratioRepeat <= TOPOLOGY_BUDGET.ratio) }`);
    console.log(`  drift complete after the first row: ${ ms(r.driftAfterFirstMs) } first, ${ ms(r.driftAfterRepeatMs) } repeat (budget <= ${ ms(TOPOLOGY_BUDGET.driftAfterMs) })${ b(Math.max(r.driftAfterFirstMs, r.driftAfterRepeatMs) <= TOPOLOGY_BUDGET.driftAfterMs) }`);
    console.log(`  expand a zone ${ ms(r.expandMs) }, filter ${ ms(r.filterMs) } (budget < ${ ms(TOPOLOGY_BUDGET.interactionMs) })${ b(Math.max(r.expandMs, r.filterMs) < TOPOLOGY_BUDGET.interactionMs) }`);
    console.log(`  Topology first visit:  ${ visit(r.topologyFirst) } (budget <= ${ mib(TOPOLOGY_BUDGET.bytesPerVisit) })${ b(r.topologyFirst.encoded <= TOPOLOGY_BUDGET.bytesPerVisit) }`);
    console.log(`  Topology repeat visit: ${ visit(r.topologyRepeat) }${ b(r.topologyRepeat.encoded <= TOPOLOGY_BUDGET.bytesPerVisit) }`);
    console.log(`  Node list first / repeat visit: ${ visit(r.nodeListFirst) } / ${ visit(r.nodeListRepeat) }`);
  }
}

topologyRenderReport();

/** Issue 20: the Load Balancers page's first row no later than the shell's Service list's, 5,000 Services, same run. */
function lbRenderReport() {
  const file = path.join(ROOT, 'tmp', 'bench', 'lb-render.json');

  console.log('\n## Load Balancers page beside the Service list (real Rancher UI build, extension installed, in-app navigation)');
  if (!fs.existsSync(file)) {
    console.log('  not measured (tests/bench/renderLb.ts did not run: see tmp/bench/render-lb.log)');

    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const ratio = r.firstRowMs.loadBalancers / r.firstRowMs.serviceList;
  const visit = (v: { count: number; encoded: number }) => `${ v.count } requests, ${ kib(v.encoded) } transferred`;

  console.log(`Rancher ${ r.rancher }, measured ${ r.measuredAt }, ${ r.services } more LoadBalancer Services; medians of ${ r.runs } first visits (fresh page each).`);
  console.log(`  first row: Service list ${ Math.round(r.firstRowMs.serviceList) } ms, Load Balancers ${ Math.round(r.firstRowMs.loadBalancers) } ms, ratio ${ ratio.toFixed(2) } (budget <= 1) [${ ratio <= 1 ? 'ok' : 'OVER' }]`);
  console.log(`  requests: Service list ${ visit(r.requests.serviceList) }; Load Balancers ${ visit(r.requests.loadBalancers) } (budget < 100 KiB) [${ r.requests.loadBalancers.encoded < 100 * 1024 ? 'ok' : 'OVER' }]`);
}

lbRenderReport();

/** Issue 25: 5,000 LoadBalancer Services through Harvester's own controllers, then both pages against the real Steve. */
function lbRealReport() {
  const file = path.join(ROOT, 'tmp', 'bench', 'lb-real.json');

  console.log('\n## LoadBalancer Services through Harvester\'s controllers (real stack; BENCH_LB_REAL=1)');
  if (!fs.existsSync(file)) {
    console.log('  not measured (BENCH_LB_REAL=1 runs tests/bench/lbReal.ts: see tmp/bench/lb-real.log)');

    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));

  console.log(`measured ${ r.measuredAt }: ${ r.services } Services created in ${ Math.round(r.createdMs / 1000) } s, all with an address after ${ Math.round(r.allAddressedMs / 1000) } s (${ r.perServiceMs } ms each: the provider syncs one Service at a time)`);
  console.log(`  stack memory then (MiB): ${ Object.entries(r.memoryMiB).map(([k, v]) => `${ k } ${ v }`).join(', ') }`);
  if (r.render) {
    const ratio = r.render.firstRowMs.loadBalancers / r.render.firstRowMs.serviceList;

    console.log(`  first row against the real Steve: Service list ${ Math.round(r.render.firstRowMs.serviceList) } ms, Load Balancers ${ Math.round(r.render.firstRowMs.loadBalancers) } ms, ratio ${ ratio.toFixed(2) }`);
  }
}

lbRealReport();
