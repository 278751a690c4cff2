import { guestCollection, guestGetCached, guestListIfSchema, guestListUrl } from '@pkg/data/guest';
import { hostList, proxyCreate, proxyGet } from '@pkg/data/clusterProxy';
import { firstNodeOf, managementObject } from '@pkg/data/rancher';
import { harvesterMachineConfig } from '@pkg/data/machineConfig';
import { eq } from '@pkg/data/steve';

/** How the data layer asks the dashboard's store: which store, which URL, which options (a recording stand-in). */
function fakeStore(schemas: Record<string, unknown> = {}, byId: Record<string, unknown> = {}) {
  const calls: { action: string; payload: any }[] = [];

  return {
    calls,
    getters: {
      'cluster/urlFor':    (type: string, id?: string) => `/k8s/clusters/c-1/v1/${ type }s${ id ? `/${ id }` : '' }?exclude=metadata.managedFields`,
      'cluster/schemaFor': (type: string) => schemas[type],
      'cluster/byId':      (type: string, id: string) => byId[`${ type }/${ id }`],
      'management/byId':   (type: string, id: string) => byId[`${ type }/${ id }`],
    },
    dispatch: jest.fn(async(action: string, payload: any) => {
      calls.push({ action, payload });

      return {
        data: [{ metadata: { name: 'n1' } }], revision: '7', vmNamespace: 'guests'
      };
    }),
  };
}

describe('the data layer\'s requests', () => {
  it('lists in the current cluster with plain requests, keeping the store\'s own query', async() => {
    const store = fakeStore();

    expect(guestListUrl(store, 'event', { namespace: 'apps', filters: [eq('involvedObject.kind', 'Service')] }))
      .toBe('/k8s/clusters/c-1/v1/events/apps?exclude=metadata.managedFields&filter=involvedObject.kind=Service');
    expect((await guestCollection(store, 'service')).revision).toBe('7');
    expect(store.calls).toEqual([{ action: 'cluster/request', payload: { url: '/k8s/clusters/c-1/v1/services?exclude=metadata.managedFields', redirectUnauthorized: false } }]);
  });

  it('answers from the store when it holds the object, and lists nothing the user has no schema for', async() => {
    const store = fakeStore({}, { 'apps.deployment/kube-system/p': { metadata: { name: 'p' } } });

    expect(await guestGetCached(store, 'apps.deployment', 'kube-system/p')).toEqual({ metadata: { name: 'p' } });
    expect(await guestListIfSchema(store, 'snapshot.storage.k8s.io.volumesnapshot')).toEqual([]);
    expect(store.calls).toEqual([]);
  });

  it('asks other clusters through Rancher\'s proxy without the login redirect, the guest check included; Rancher\'s own API with it', async() => {
    const store = fakeStore();

    await hostList(store, 'c-h', 'loadbalancer.harvesterhci.io.ippool', { include: ['metadata.name'] });
    await proxyGet(store, 'c-h', 'harvesterhci.io.setting', undefined, 'backup-target');
    await proxyCreate(store, 'c-h', 'secrets', { a: 1 });
    await firstNodeOf(store, 'c 2');
    await harvesterMachineConfig(store, 'fleet-default', 'nc-1');
    expect(store.calls.map((c) => [c.action, c.payload.url, c.payload.method || 'GET', c.payload.redirectUnauthorized])).toEqual([
      ['management/request', '/k8s/clusters/c-h/v1/loadbalancer.harvesterhci.io.ippool?include=metadata.name', 'GET', false],
      ['management/request', '/k8s/clusters/c-h/v1/harvesterhci.io.setting/backup-target', 'GET', false],
      ['management/request', '/k8s/clusters/c-h/v1/secrets', 'POST', false],
      ['management/request', '/k8s/clusters/c%202/v1/nodes?limit=1&pagesize=1', 'GET', false],
      ['management/request', '/v1/rke-machine-config.cattle.io.harvesterconfigs/fleet-default/nc-1', 'GET', undefined],
    ]);
    // R-API-3: a read of another cluster gives up after 20 s (Steve holds reads of a cluster whose API is down); a
    // write waits (given up on, it may still have been stored); Rancher's own API keeps the shell's defaults.
    expect(store.calls.map((c) => c.payload.timeout)).toEqual([20000, 20000, undefined, 20000, undefined]);
  });

  it('finds a management object in the store first, and says undefined when it may not be read', async() => {
    const store = fakeStore({}, { 'management.cattle.io.cluster/c-1': { id: 'c-1' } });

    expect(await managementObject(store, 'management.cattle.io.cluster', 'c-1')).toEqual({ id: 'c-1' });
    store.dispatch.mockRejectedValueOnce({ _status: 403 });
    expect(await managementObject(store, 'provisioning.cattle.io.cluster', 'fleet-default/x')).toBeUndefined();
  });
});
