import { demoSeed } from '../../lab/world/seed';
import { handleRequest } from '../../lab/simulator/router';
import { createState, SimState } from '../../lab/simulator/core/state';
import { startControllers } from '../../lab/simulator/controllers';
import { ControllerRuntime } from '../../lab/simulator/controllers/runtime';
import { SimRequest, SimResponse, UserName } from '../../lab/simulator/core/types';

export function demoState(): SimState {
  return createState(demoSeed());
}

/**
 * For a test file of the controllers: each test gets a fresh demo state with the simulated Harvester controllers
 * running on it (`opts`, e.g. the CSI driver one step at a time), stopped after the test.
 */
export function useControllers(opts?: Parameters<typeof startControllers>[1]): { state: SimState; controllers: ControllerRuntime } {
  const world = {} as { state: SimState; controllers: ControllerRuntime };

  beforeEach(() => {
    world.state = demoState();
    world.controllers = startControllers(world.state, opts);
  });
  afterEach(() => world.controllers.stop());

  return world;
}

/** One request to the core as a user (admin unless told), with an optional body and query. */
export function call(state: SimState, method: string, path: string, opts: Partial<SimRequest> & { as?: UserName | null } = {}): SimResponse & { body: any } {
  const { as, ...rest } = opts;
  const user = as === null ? undefined : as || 'admin';

  return handleRequest(state, {
    method, path, user, ...rest
  }) as SimResponse & { body: any };
}

export const RKE2 = '/k8s/clusters/c-m-rke2g001/v1';
