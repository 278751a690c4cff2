/**
 * `npm run bench`: the numbers the issues set budgets for, measured on this machine and printed as a report.
 * Not a test: it never fails on a number, it reports it next to its budget.
 */
import path from 'node:path';
import { measureBundle } from './bundle';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = require(path.join(ROOT, 'pkg/harvester-cloud-ui/package.json'));
const dist = path.join(ROOT, 'dist-pkg', `harvester-cloud-ui-${ pkg.version }`);
const kib = (n: number) => `${ (n / 1024).toFixed(1) } KiB`;

function bundleReport() {
  const { entry, chunks, screens } = measureBundle(dist, {
    'Service Add-on Config tab':     ['loadbalancer/AddOnConfigTab.vue'],
    'StorageClass provisioner form': ['storage/StorageClassEdit.vue', 'storage/HarvesterProvisioner.vue'],
    'Topology view':                 ['topology/TopologyView.vue'],
    'Topology dashboard card':       ['topology/TopologyCard.vue'],
  });

  console.log('\n## Bundle (gzipped, level 9)');
  console.log(`entry ${ entry.file }: ${ kib(entry.gzip) } (budget 10 KiB)`);
  chunks.sort((a, b) => b.gzip - a.gzip).forEach((c) => console.log(`  lazy chunk ${ c.file }: ${ kib(c.gzip) } (${ kib(c.bytes) } raw)`));
  screens.forEach((s) => console.log(`opening ${ s.screen }: ${ kib(s.gzip) } in ${ s.chunks.length } files${ s.screen.startsWith('Service') ? ' (budget 110 KiB)' : '' }`));
}

bundleReport();

function requestsReport(name: string, title: string) {
  const fs = require('node:fs');
  const file = path.join(ROOT, 'tmp', 'bench', `${ name }.json`);

  if (!fs.existsSync(file)) {
    return;
  }
  const reqs: { method: string; url: string; bytes: number }[] = JSON.parse(fs.readFileSync(file, 'utf8'));

  console.log(`\n## ${ title }`);
  reqs.forEach((r) => console.log(`  ${ r.method } ${ r.url }: ${ kib(r.bytes) }`));
  console.log(`  total: ${ reqs.length } requests, ${ kib(reqs.reduce((n, r) => n + r.bytes, 0)) }`);
}

requestsReport('lb-tab-requests', 'Requests when the Add-on Config tab opens (create page, nothing cached; budget 3)');
requestsReport('storage-form-requests', 'Requests when the Harvester StorageClass form opens (create page; budget 2)');

// Topology: grouping and drift analysis of generated clusters (scripts/bench/topology.ts).
require('./topology').benchTopology([500, 5000], 15);

/** Budgets of issue 13 for the Topology page at 5,000 nodes (in-app, production build in the real 2.15 UI). */
const TOPOLOGY_BUDGET = {
  ratio: 1, driftAfterMs: 1000, interactionMs: 100, bytesPerVisit: 2 * 1024 * 1024
};

function topologyRenderReport() {
  const fs = require('node:fs');
  const file = path.join(ROOT, 'tmp', 'bench', 'topology-render.json');

  console.log('\n## Topology beside the Node list (real Rancher UI build, extension installed, in-app navigation)');
  if (!fs.existsSync(file)) {
    console.log('  not measured (scripts/bench/render.ts did not run: see tmp/bench/render.log)');

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
