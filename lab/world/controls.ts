/**
 * The demo world's own `/__sim` controls, handed to the simulator's server by whoever serves the demo (scripts/dev.ts,
 * scripts/sim.ts, lab/backends/simulator.ts, the flows' demo mode): `POST /__sim/cloud-config/<cluster>/<case>` puts a
 * guest's cloud provider in one of the cloud-config cases (cloudConfigCases.ts); `POST /__sim/scale-services` serves
 * the demo at scale.
 */
import type { SimControlHandler, SimState } from '../simulator/core/state';
import { resetState } from '../simulator/core/state';
import { cloudConfigControl } from './cloudConfigCases';
import { demoSeed } from './seed';

/**
 * `POST /__sim/scale-services {count}`: the demo data with `count` more LoadBalancer Services on rke2-guest, as
 * `SIM_SCALE_SERVICES=<count> npm run sim` seeds them, until the next reset (which brings back the plain demo); then
 * `afterReset` (the backend puts the extension back). The flows at scale share the one simulator of their backend.
 */
function scaleServicesControl(state: SimState, afterReset: (state: SimState) => void): SimControlHandler {
  return (method, _segments, body) => {
    const count = Number((body as { count?: number } | null)?.count);

    if (method !== 'POST' || !Number.isInteger(count) || count < 0) {
      return {
        status: 400, headers: {}, body: { message: 'POST {count: <n>}' }
      };
    }
    // The seed is read-only for the simulator; here it is swapped for one reset only.
    const writable = state as { seed: SimState['seed'] };
    const [plain, env] = [state.seed, process.env.SIM_SCALE_SERVICES];

    process.env.SIM_SCALE_SERVICES = `${ count }`;
    try {
      writable.seed = demoSeed();
      resetState(state);
      afterReset(state);
    } finally {
      writable.seed = plain;
      if (env === undefined) {
        delete process.env.SIM_SCALE_SERVICES;
      } else {
        process.env.SIM_SCALE_SERVICES = env;
      }
    }

    return {
      status: 200, headers: {}, body: { count }
    };
  };
}

/** `afterReset`: what the server's own reset does after the state is the seed again (the extension installed). */
export function demoControls(afterReset: (state: SimState) => void = () => undefined): Record<string, (state: SimState) => SimControlHandler> {
  return { 'cloud-config': cloudConfigControl, 'scale-services': (state) => scaleServicesControl(state, afterReset) };
}

export const DEMO_CONTROLS = demoControls();
