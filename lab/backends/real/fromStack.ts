/**
 * Real mode's wiring: starts the real stack (or joins the one running) and tells the proxy where each real cluster
 * is. Used by `npm run sim -- --real`, `npm run dev -- --real`, the compat fixtures and the real suites.
 */
import { StackInfo, startStack } from '../../stack/stack';
import { RealBackends, RealProxy } from './proxy';
import type { SimState } from '../../simulator/core/state';
import type { ClusterFront } from '../../simulator/server';

export function backendsOf(info: StackInfo): RealBackends {
  return {
    adminToken: info.adminToken,
    steveToken: info.steveToken,
    clusters:   Object.entries(info.clusters).map(([key, c]) => ({
      clusterId: c.clusterId, steve: c.steve, api: c.api, ...(key === 'host' && info.harvesterApi ? { harvesterApi: info.harvesterApi, harvesterApiToken: info.harvesterApiToken } : {})
    })),
  };
}

export async function realBackends(log?: (line: string) => void): Promise<(state: SimState) => ClusterFront> {
  return realFront(await startStack({ log }));
}

/** What the simulator's server is handed in real mode: the real stack's clusters in front of it. */
export function realFront(info: StackInfo): (state: SimState) => ClusterFront {
  const backends = backendsOf(info);

  return (state) => new RealProxy(state, backends);
}
