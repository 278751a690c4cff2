import { demoSeed } from '../../simulator/demo/seed';
import { handleRequest } from '../../simulator/router';
import { createState, SimState } from '../../simulator/steve/state';
import { SimRequest, SimResponse, UserName } from '../../simulator/steve/types';

export function demoState(): SimState {
  return createState(demoSeed());
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
