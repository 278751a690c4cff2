/**
 * `npm run dev`: the Rancher Dashboard dev server with this extension built in.
 *  - API unset: demo mode. Starts the built-in Rancher API simulator (lab/simulator/) on SIM_PORT (8989, or a free
 *    port when taken) and points the dev server at it; stops the simulator when the dev server exits.
 *    SIM_STATE=<file> keeps the simulator's state across restarts.
 *  - API=https://<rancher>: only the dev server, against that Rancher.
 *  - `npm run dev -- --real`: demo mode with rke2-guest, harvester-host and k3s-bare served by the real stack (stack/: the real
 *    kube-apiserver and Steve, built once from their Go modules); the rest of Rancher stays simulated.
 * Both listen on 127.0.0.1 only (demo mode logs in with fixed passwords); DEMO_HOST=<address> binds another one.
 */
import { spawn, ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { demoSeed } from '../lab/world/seed';
import { ensureDirFor, loadStateFile } from '../lab/simulator/persist';
import { DEFAULT_SIM_PORT, SimServer, startSimServer } from '../lab/simulator/server';
import { createState } from '../lab/simulator/core/state';
import { USERS } from '../lab/simulator/rancher/users';
import { realBackends } from '../lab/backends/real/fromStack';
import { DEMO_CONTROLS } from '../lab/world/controls';

const REAL = process.argv.slice(2).includes('--real');

const ROOT = path.resolve(__dirname, '..');
/** The shell's dev server always serves https on this port in dev mode (vue.config.js, DEV_PORTS). */
const DASHBOARD_URL = `https://${ process.env.DEMO_HOST || '127.0.0.1' }:8005`;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();

    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function startSimulator(): Promise<SimServer> {
  const wanted = process.env.SIM_PORT ? parseInt(process.env.SIM_PORT, 10) : DEFAULT_SIM_PORT;
  const port = await portIsFree(wanted) ? wanted : 0;
  const statePath = process.env.SIM_STATE ? path.resolve(process.env.SIM_STATE) : undefined;
  let state = createState(demoSeed());

  if (statePath) {
    await ensureDirFor(statePath);
    state = loadStateFile(statePath, demoSeed()).state;
  }
  if (!port) {
    console.log(`[dev] port ${ wanted } is taken; the simulator takes a free one`);
  }

  return startSimServer({
    state, port, statePath, repoRoot: ROOT, host: process.env.DEMO_HOST, controllers: true, kubeApi: {}, controls: DEMO_CONTROLS, front: REAL ? await realBackends((l) => console.log(l)) : undefined
  });
}

function startDashboard(api: string): ChildProcess {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'vue-cli-service');

  return spawn(bin, ['serve'], {
    cwd:   ROOT,
    stdio: 'inherit',
    env:   {
      ...process.env, NODE_ENV: 'dev', API: api
    },
  });
}

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length)) + 4;

  console.log(`\n${ '='.repeat(width) }`);
  lines.forEach((l) => console.log(`  ${ l }`));
  console.log(`${ '='.repeat(width) }\n`);
}

async function main(): Promise<void> {
  const realApi = process.env.API;
  let sim: SimServer | null = null;

  if (realApi) {
    banner([`Rancher Dashboard dev server against ${ realApi }`, `Open ${ DASHBOARD_URL } once it has compiled (about 75 s the first time).`]);
  } else {
    sim = await startSimulator();
    const { admin, viewer } = USERS;

    banner([
      REAL ? 'DEMO MODE, REAL CLUSTERS: rke2-guest, harvester-host and k3s-bare on the real kube-apiserver and Steve (stack/)' : 'DEMO MODE: a simulated Rancher (no API env var set)',
      `Rancher API simulator: ${ sim.url }`,
      `Dashboard:             ${ DASHBOARD_URL }  (self-signed certificate; accept it in the browser)`,
      `Log in as:             ${ admin.name } / ${ admin.password }   (read-only: ${ viewer.name } / ${ viewer.password })`,
      `kubectl:               curl -s ${ sim.url }/__sim/kubeconfig > demo.kubeconfig; KUBECONFIG=demo.kubeconfig kubectl get svc`,
      'The dashboard compiles first (about 75 s); the page is ready when webpack says "Compiled".',
      'Real Rancher instead: API=https://<rancher> npm run dev. Details: docs/demo-mode.md',
    ]);
  }
  const dashboard = startDashboard(sim ? sim.url : realApi as string);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (!stopping) {
      stopping = true;
      dashboard.kill(signal);
    }
  };

  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  dashboard.on('exit', async(code, signal) => {
    if (sim) {
      await sim.close();
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main().catch((e) => {
  console.error(`[dev] ${ e?.message || e }`);
  process.exit(1);
});
