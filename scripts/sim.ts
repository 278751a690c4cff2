/**
 * `npm run sim`: the Rancher API simulator alone, on http://127.0.0.1:8989 (SIM_PORT to change).
 *   --state <file>   keep the simulator's state in <file> across restarts
 *   --port <n>       port (overrides SIM_PORT; 0 = any free port)
 *   --verbose        log every request
 *   --ui <dir>       also serve a production build of Rancher's dashboard at /dashboard/ (e.g. ../shared/rancher-ui/2.15),
 *                    with its Rancher version answered at /rancherversion
 *   --install <name> install this repository's extension chart (charts/<name>) as Rancher's Extensions page does:
 *                    its UIPlugin and App appear and the dashboard build loads it from extensions/
 *   --extension-build <dir>  serve a build-pkg output (dist-pkg/<name>-<version>) as that installed extension's files
 *   --real           rke2-guest, harvester-host and k3s-bare served by the real stack (npm run stack: kube-apiserver + Steve,
 *                    started here when not running); Rancher's management side stays simulated (docs/demo-mode.md)
 */
import fs from 'node:fs';
import path from 'node:path';
import { demoSeed } from '../lab/world/seed';
import { ensureDirFor, loadStateFile } from '../lab/simulator/persist';
import { DEFAULT_SIM_PORT, startSimServer } from '../lab/simulator/server';
import { rancherVersionOfBuild } from '../lab/simulator/http/dashboardBuild';
import { fromClusterRepo, installExtension } from '../lab/simulator/catalog/installExtension';
import { EXTENSION_REPO } from '../lab/world/ids';
import { extensionBuild } from '../lab/simulator/http/uiPlugins';
import { setRancherVersion } from '../lab/simulator/core/versions';
import { createState } from '../lab/simulator/core/state';
import { USERS } from '../lab/simulator/rancher/users';
import { realBackends } from '../lab/backends/real/fromStack';
import { DEMO_CONTROLS } from '../lab/world/controls';

interface Args {
  statePath?: string;
  uiDir?: string;
  install: string[];
  extensionBuilds: string[];
  port: number;
  verbose: boolean;
  real: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    port: process.env.SIM_PORT ? parseInt(process.env.SIM_PORT, 10) : DEFAULT_SIM_PORT, verbose: false, install: [], extensionBuilds: [], real: false
  };

  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];

      if (v === undefined) {
        throw new Error(`${ a } needs a value`);
      }

      return v;
    };

    if (a === '--state' || a.startsWith('--state=')) {
      args.statePath = path.resolve(value());
    } else if (a === '--port' || a.startsWith('--port=')) {
      args.port = parseInt(value(), 10);
    } else if (a === '--ui' || a.startsWith('--ui=')) {
      args.uiDir = path.resolve(value());
    } else if (a === '--install' || a.startsWith('--install=')) {
      args.install.push(value());
    } else if (a === '--extension-build' || a.startsWith('--extension-build=')) {
      args.extensionBuilds.push(path.resolve(value()));
    } else if (a === '--real') {
      args.real = true;
    } else if (a === '--verbose') {
      args.verbose = true;
    } else if (a === '--help' || a === '-h') {
      console.log('usage: npm run sim -- [--state <file>] [--port <n>] [--ui <dashboard build dir>] [--install <chart>] [--real] [--verbose]');
      process.exit(0);
    } else {
      throw new Error(`unknown argument ${ a }`);
    }
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
    throw new Error(`bad port ${ args.port }`);
  }

  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const buildVersion = args.uiDir ? rancherVersionOfBuild(args.uiDir) : null;

  if (args.uiDir && !fs.existsSync(path.join(args.uiDir, 'index.html'))) {
    throw new Error(`--ui ${ args.uiDir }: no dashboard build there (index.html missing)`);
  }
  if (buildVersion) {
    setRancherVersion(buildVersion);
  }
  let state = createState(demoSeed());

  if (args.statePath) {
    await ensureDirFor(args.statePath);
    const loaded = loadStateFile(args.statePath, demoSeed());

    state = loaded.state;
    console.log(loaded.restored ? `[sim] state restored from ${ args.statePath }` : `[sim] new state, saved to ${ args.statePath }`);
  }
  const repoRoot = path.resolve(__dirname, '..');

  for (const name of args.install) {
    const plugin = installExtension(state, repoRoot, name, fromClusterRepo(EXTENSION_REPO));

    console.log(`[sim] installed extension ${ plugin.spec.plugin.name } ${ plugin.spec.plugin.version }`);
  }
  const sim = await startSimServer({
    state,
    controls:        DEMO_CONTROLS,
    port:            args.port,
    statePath:       args.statePath,
    verbose:         args.verbose,
    uiDir:           args.uiDir,
    repoRoot,
    extensionBuilds: Object.assign({}, ...args.extensionBuilds.map(extensionBuild)),
    controllers:     true,
    kubeApi:         {},
    front:           args.real ? await realBackends((l) => console.log(l)) : undefined,
  });

  console.log(`[sim] Rancher API simulator listening on ${ sim.url }`);
  if (args.real) {
    console.log('[sim] real mode: rke2-guest, harvester-host and k3s-bare are served by the real kube-apiserver and Steve (npm run stack -- --status)');
  }
  if (args.uiDir) {
    console.log(`[sim] Rancher ${ buildVersion || '(unknown version)' } dashboard from ${ args.uiDir } at ${ sim.url }/dashboard/`);
  }
  console.log(`[sim] users: ${ Object.values(USERS).map((u) => `${ u.name }/${ u.password } (token ${ u.token })`).join(', ') }`);
  console.log(`[sim] kubectl: curl -s ${ sim.url }/__sim/kubeconfig > demo.kubeconfig && KUBECONFIG=demo.kubeconfig kubectl get svc`);
  // A parent (scripts/dev.ts, tests) waits for this line.
  console.log(`SIM_READY ${ sim.url }`);

  let stopping = false;
  const stop = async(signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    console.log(`[sim] ${ signal }: stopping`);
    await sim.close();
    process.exit(0);
  };

  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  console.error(`[sim] ${ e?.message || e }`);
  process.exit(1);
});
