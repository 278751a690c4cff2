/**
 * `npm run sim`: the Rancher API simulator alone, on http://127.0.0.1:8989 (SIM_PORT to change).
 *   --state <file>   keep the simulator's state in <file> across restarts
 *   --port <n>       port (overrides SIM_PORT; 0 = any free port)
 *   --verbose        log every request
 */
import path from 'node:path';
import { demoSeed } from './demo/seed';
import { ensureDirFor, loadStateFile } from './persist';
import { DEFAULT_SIM_PORT, startSimServer } from './server';
import { createState } from './steve/state';
import { USERS } from './steve/users';

interface Args {
  statePath?: string;
  port: number;
  verbose: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { port: process.env.SIM_PORT ? parseInt(process.env.SIM_PORT, 10) : DEFAULT_SIM_PORT, verbose: false };

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
    } else if (a === '--verbose') {
      args.verbose = true;
    } else if (a === '--help' || a === '-h') {
      console.log('usage: npm run sim -- [--state <file>] [--port <n>] [--verbose]');
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
  let state = createState(demoSeed());

  if (args.statePath) {
    await ensureDirFor(args.statePath);
    const loaded = loadStateFile(args.statePath, demoSeed());

    state = loaded.state;
    console.log(loaded.restored ? `[sim] state restored from ${ args.statePath }` : `[sim] new state, saved to ${ args.statePath }`);
  }
  const sim = await startSimServer({
    state, port: args.port, statePath: args.statePath, verbose: args.verbose, controllers: true, kubeApi: {}
  });

  console.log(`[sim] Rancher API simulator listening on ${ sim.url }`);
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
