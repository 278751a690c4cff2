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
