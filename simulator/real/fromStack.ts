/**
 * Real mode's wiring: starts the real stack (or joins the one running) and tells the proxy where each real cluster
 * is. Used by `npm run sim -- --real`, `npm run dev -- --real`, the compat fixtures and the real suites.
 */
import { StackInfo, startStack } from '../../stack/src/stack';
import { RealBackends } from './proxy';

export function backendsOf(info: StackInfo): RealBackends {
  return {
    adminToken: info.adminToken,
    clusters:   Object.entries(info.clusters).map(([key, c]) => ({
      clusterId: c.clusterId, steve: c.steve, api: c.api, ...(key === 'host' && info.harvesterApi ? { harvesterApi: info.harvesterApi } : {})
    })),
  };
}

export async function realBackends(log?: (line: string) => void): Promise<RealBackends> {
  return backendsOf(await startStack({ log }));
}
