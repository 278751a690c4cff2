/**
 * `npm run bench`: the numbers the issues set budgets for, measured on this machine and printed as a report.
 * Not a test: it never fails on a number, it reports it next to its budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundleProblems, formatBundle, measureBundle } from './bundle';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = require(path.join(ROOT, 'pkg/harvester-cloud-ui/package.json'));
const dist = path.join(ROOT, 'dist-pkg', `harvester-cloud-ui-${ pkg.version }`);
const kib = (n: number) => `${ (n / 1024).toFixed(1) } KiB`;

/** Per screen: gzipped bytes beyond the entry, its chunks and the host libraries in each (scripts/bench/bundle.ts). */
function bundleReport() {
  const report = measureBundle(dist);

  console.log('\n## Bundle (gzipped, level 9; budgets: entry 10 KiB, each screen 30 KiB beyond it, no host library)');
  formatBundle(report).forEach((l) => console.log(l));
  bundleProblems(report).forEach((p) => console.log(`  ${ p.enforced ? 'FAIL' : 'not enforced yet' }: ${ p.message }`));
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

// Topology: grouping and drift analysis of generated clusters (scripts/bench/topology.ts).
require('./topology').benchTopology([500, 5000], 15);
