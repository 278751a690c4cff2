/**
 * The simulator as a backend (./backend.ts): the simulator serving a production dashboard build with the extension
 * installed as a UIPlugin, alone (`simulator`) or in front of the real stack (`real`: rke2-guest, harvester-host and
 * k3s-bare are the stack's, proxied as Rancher proxies downstream clusters). The caller hands it the extension: the
 * build to serve and a Helm repository of its chart (the lab builds neither).
 */
import { startSimServer, SimServer } from '../simulator/server';
import { CSI_ON_STEP } from '../simulator/controllers';
import { createState, resetState } from '../simulator/core/state';
import { demoSeed } from '../world/seed';
import { demoControls } from '../world/controls';
import { fromClusterRepo, installExtension } from '../simulator/catalog/installExtension';
import { EXTENSION_REPO } from '../world/ids';
import { extensionBuild } from '../simulator/http/uiPlugins';
import { rancherVersionOfBuild } from '../simulator/http/dashboardBuild';
import { setRancherVersion } from '../simulator/rancher/rancherEndpoints';
import { startStack } from '../stack/stack';
import { stackBaseline, resetToBaseline } from '../stack/baseline';
import { REPO_ROOT } from '../core/paths';
import { realFront } from './real/fromStack';
import { SimClient } from './simClient';
import { stackClient } from './stackClient';
import { CompatSim } from './backend';

export type { CompatSim } from './backend';

export const EXTENSION = 'harvester-cloud-ui';

export interface CompatSimOptions {
  /** Real mode: start the stack (or join the running one) and proxy its clusters to the real Steve/kube-apiserver. */
  real?: boolean;
  /** The extension build the dashboard loads (a dist-pkg/<name>-<version> folder). */
  extensionBuild: string;
  /** A Helm repository holding the extension's chart (its UIPlugin), installed as the Extensions page installs it. */
  chartRepo: string;
}

/**
 * The simulator serving the production dashboard build in `rancherUiDir` with this extension installed as a UIPlugin
 * from the fresh `dist-pkg` build, on a free port. Used by the compat fixtures and by the render bench
 * (tests/bench/render.ts). The demo seed reads SIM_SCALE_NODES for the bench's scale guests.
 */
export async function startCompatSim(rancherUiDir: string, opts: CompatSimOptions): Promise<CompatSim> {
  let stack = opts.real ? await startStack({ log: () => undefined }) : undefined;
  let baseline = stack ? await stackBaseline(stack) : undefined;
  const version = rancherVersionOfBuild(rancherUiDir) || 'v2.15.0';

  setRancherVersion(version);
  const state = createState(demoSeed());
  const build = opts.extensionBuild;
  // The chart under test, installed as the Extensions page installs it from the demo's ClusterRepo.
  const install = () => installExtension(state, opts.chartRepo, EXTENSION, fromClusterRepo(EXTENSION_REPO));

  install();
  const server: SimServer = await startSimServer({
    state,
    controls:        demoControls(() => install()),
    port:            0,
    uiDir:           rancherUiDir,
    repoRoot:        REPO_ROOT,
    extensionBuilds: extensionBuild(build),
    kubeApi:         {},
    // The CSI driver acts when a flow steps it, as in the e2e suite (the real stack has its own clusters).
    ...(stack ? { front: realFront(stack) } : { controllers: CSI_ON_STEP }),
  });

  const simClient = new SimClient(server.url);
  const sim: CompatSim = {
    kind:      stack ? 'real' : 'simulator',
    dashboard: `${ server.url }/dashboard`,
    simClient,
    // A getter: a reset may start the stack afresh.
    get client() {
      return stack ? stackClient(stack, simClient) : simClient;
    },
    server,
    state,
    rancherVersion: version,
    adminToken:     'token-demoadmin:demo',
    async api(method, path, body) {
      const res = await fetch(`${ server.url }${ path }`, {
        method,
        headers: {
          authorization: 'Bearer token-demoadmin:demo', accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' })
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

      return { status: res.status, body: await res.json().catch(() => null) };
    },
    stack,
    // In real mode the simulator's Kubernetes API serves its own state, not the stack's clusters.
    kubeconfig: stack ? undefined : async() => server.kube?.kubeconfig() as string,
    get simulated() {
      return sim;
    },
    close: () => server.close(),
    async reset(installed = true) {
      if (stack) {
        // Back to the stack as it started (lab/stack/baseline.ts); a fresh start only if that cannot be done.
        try {
          baseline = baseline || await stackBaseline(stack);
          await resetToBaseline(stack, baseline);
        } catch (e) {
          // Said, not hidden: a fresh start costs a minute, and the flow after it meets a stack just started.
          process.stdout.write(`[stack] the reset to the baseline failed (${ (e as Error).message }); starting the stack fresh\n`);
          stack = await startStack({ fresh: true, log: () => undefined });
          baseline = await stackBaseline(stack);
        }
      }
      resetState(state);
      if (installed) {
        install();
      }
    },
  };

  return sim;
}

