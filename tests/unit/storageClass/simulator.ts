// The storage tests' world: the shared Steve simulator with the demo data, behind msw, and a dashboard store that
// holds what the dashboard has before any form opens (schemas, management and provisioning clusters).
import { markRaw } from 'vue';
import { setupServer } from 'msw/node';
import { steveHandlers } from '../../msw/steve';
import { createState, resetState, storeObject } from '../../../simulator/steve/state';
import { demoSeed } from '../../../simulator/demo/seed';
import { HARVESTER_HOST } from '../../../simulator/demo/ids';
import { FaultResponse } from '../../../simulator/steve/types';
import { createTestStore, loadSchemas, Locale } from '../../harness/store';

export const state = createState(demoSeed());
export const server = setupServer(...steveHandlers(state));

export function useSimulator(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => resetState(state));
  afterAll(() => server.close());
}

export async function guestStore(clusterId: string, locale?: Locale) {
  const store = createTestStore({ clusterId, locale });

  // The harness's extension stub lacks getProviders, which the management cluster model asks for (provClusterId).
  store.state.$extension = markRaw({ ...store.state.$extension, getProviders: () => [] });
  await loadSchemas(store);
  await store.dispatch('management/findAll', { type: 'management.cattle.io.cluster', opt: { watch: false } });
  await store.dispatch('management/findAll', { type: 'provisioning.cattle.io.cluster', opt: { watch: false } });

  return store;
}

/** Requests the simulator answered from `mark` on, as "METHOD /path". */
export function requestsSince(mark: number): string[] {
  return state.requests.slice(mark).map((r) => `${ r.method } ${ decodeURIComponent(r.path) }`);
}

/** The host answers reads of its StorageClasses with `respond` (403: no permission, 503: host offline). */
export function hostStorageClassesFail(respond: FaultResponse): void {
  state.faults.push({
    match: { method: 'GET', path: `/k8s/clusters/${ HARVESTER_HOST.id }/v1/storage.k8s.io.storageclass` }, respond, times: 5
  });
}

/** A ClusterRoleBinding on the host binding the CSI ClusterRole to a service account. */
export function hostCsiBinding(name: string, account: { name: string; namespace: string }): void {
  storeObject(state, HARVESTER_HOST.id, 'rbac.authorization.k8s.io.clusterrolebinding', {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind:       'ClusterRoleBinding',
    metadata:   { name },
    roleRef:    {
      apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'harvesterhci.io:csi-driver'
    },
    subjects: [{ kind: 'ServiceAccount', ...account }],
  });
}

export async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (cond()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${ what }`);
}
