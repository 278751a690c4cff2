/**
 * Scale bench against Harvester's own controllers (issue 25): N LoadBalancer Services (BENCH_LB_SERVICES, 5,000) made
 * in the real rke2-guest of a fresh stack, through the real cloud provider v0.2.7 and load balancer controller
 * v1.8.2, from an IP pool big enough for them; the time until every one has an address, the stack's memory then; and
 * the Load Balancers page beside the shell's Service list in Rancher 2.15's production dashboard against the real
 * Steve, first row, in the same run (renderLb.ts `measure`). Writes tmp/bench/lb-real.json; long (the provider
 * handles one Service at a time, `--concurrent-service-syncs` 1 as shipped), so only with BENCH_LB_REAL=1 in
 * `npm run bench`, or alone:  bash scripts/with-env tsx tests/bench/lbReal.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { kubeRequest } from '../../lab/core/kubeClient';
import { kubeTarget, startStack } from '../../lab/stack/stack';
import { rancherBuilds } from '../../lab/builds';
import { measure } from './renderLb';

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'tmp', 'bench', 'lb-real.json');
const N = Number(process.env.BENCH_LB_SERVICES) || 5000;
const NS = 'scale-lb';
const log = (l: string) => process.stderr.write(`[lb-real] ${ l }\n`);

function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${ pid }/status`, 'utf8'));

    return m ? Number(m[1]) / 1024 : 0;
  } catch (e) {
    return 0;
  }
}

async function main(): Promise<void> {
  const info = await startStack({ fresh: true, log });
  const guest = kubeTarget(info, 'guest');
  const host = kubeTarget(info, 'host');
  const pool = {
    apiVersion: 'loadbalancer.harvesterhci.io/v1beta1',
    kind:       'IPPool',
    metadata:   { name: 'bench-pool' },
    spec:       {
      ranges: [{
        subnet: '10.100.0.0/18', rangeStart: '10.100.0.10', rangeEnd: '10.100.63.250', gateway: '10.100.0.1'
      }],
      selector: {
        network:  'default/vlan100',
        priority: 100,
        scope:    [{
          project: '*', namespace: '*', guestCluster: 'rke2-guest'
        }]
      },
    },
  };

  await kubeRequest(host, 'POST', '/apis/loadbalancer.harvesterhci.io/v1beta1/ippools', pool);
  await kubeRequest(guest, 'POST', '/api/v1/namespaces', {
    apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS }
  });
  const t0 = Date.now();
  let next = 0;
  const worker = async() => {
    while (next < N) {
      const i = next++;

      const res = await kubeRequest(guest, 'POST', `/api/v1/namespaces/${ NS }/services`, {
        apiVersion: 'v1',
        kind:       'Service',
        metadata:   { name: `lb-${ String(i).padStart(5, '0') }`, namespace: NS },
        spec:       {
          type:                          'LoadBalancer',
          // Harvester's load balancer does not use node ports (kube-vip holds the address in the guest), and the
          // default node port range (30000-32767) holds 2,768: with them the API server refused the 2,761st
          // Service, "failed to allocate a nodePort: range is full".
          allocateLoadBalancerNodePorts: false,
          selector:                      { app: 'web' },
          ports:                         [{
            name: 'http', port: 80, targetPort: 80, protocol: 'TCP'
          }]
        },
      });

      if (res.status !== 201) {
        throw new Error(`Service ${ i } not created: ${ res.status } ${ res.body?.message || '' }`);
      }
    }
  };

  await Promise.all(Array.from({ length: 16 }, worker));
  const created = Date.now() - t0;

  log(`${ N } Services created in ${ Math.round(created / 1000) } s`);
  let done = 0;

  while (done < N) {
    await new Promise((resolve) => setTimeout(resolve, 10000));
    const list = (await kubeRequest(guest, 'GET', `/api/v1/namespaces/${ NS }/services`)).body?.items || [];

    done = list.filter((s: any) => s.status?.loadBalancer?.ingress?.length).length;
    log(`${ done } of ${ N } with an address after ${ Math.round((Date.now() - t0) / 1000) } s`);
  }
  const allMs = Date.now() - t0;
  // Summed per program name: two kube-apiservers (and two of several others) share one.
  const memory: Record<string, number> = {};

  info.pids.forEach((pid) => {
    const name = fs.readFileSync(`/proc/${ pid }/comm`, 'utf8').trim();

    memory[name] = (memory[name] || 0) + Math.round(rssMiB(pid));
  });
  const build = rancherBuilds().find((b) => b.version === '2.15');
  let render = null;

  if (build) {
    const { startCompatSim } = await import('../../lab/backends/simulator');
    const { chartRepoUnderTest, extensionBuildDir } = await import('../../scripts/extensionUnderTest');
    const sim = await startCompatSim(build.dir, {
      real: true, extensionBuild: extensionBuildDir(), chartRepo: await chartRepoUnderTest()
    });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    });

    try {
      render = await measure(browser, sim.dashboard);
    } finally {
      await browser.close();
      await sim.server.close();
    }
  }
  const report = {
    measuredAt: new Date().toISOString(), services: N, createdMs: created, allAddressedMs: allMs, perServiceMs: Math.round(allMs / N), memoryMiB: memory, render,
  };

  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${ JSON.stringify(report, null, 2) }\n`);
  log(`every Service addressed after ${ Math.round(allMs / 1000) } s (${ report.perServiceMs } ms each); wrote ${ path.relative(ROOT, OUT) }`);
}

main().then(() => process.exit(0), (e) => {
  log(e?.stack || e?.message || e);
  process.exit(1);
});
