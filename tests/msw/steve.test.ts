// Runs in the default (jsdom) environment on purpose: that is where unit tests use these handlers.
import { RKE2_GUEST, HARVESTER_HOST, CLOUD_CREDENTIAL } from '../../lab/world/ids';
import { createTestStore, loadSchemas } from '../harness/store';
import { useDemoServer } from '../harness/demoServer';
import { hostList } from '@pkg/data/clusterProxy';
import { ChangeEvent } from '../../lab/simulator/core/types';

// The harness serves these handlers (steveHandlers) on the demo, as every unit test uses them.
const demo = useDemoServer();
const { state } = demo;

describe('steveHandlers with the real dashboard store', () => {
  it('loads schemas and lists services of the rke2 guest', async() => {
    const store = createTestStore({ clusterId: RKE2_GUEST.id });

    await loadSchemas(store);
    const services = await store.dispatch('cluster/findAll', { type: 'service', opt: { watch: false } });

    expect(services.map((s: any) => s.id)).toEqual(expect.arrayContaining(['default/web-pool', 'default/web-dhcp', 'default/web-shared']));
    expect(store.getters['cluster/schemaFor']('service').resourceMethods).toContain('PUT');
  });

  it('saves a service through the model and reports the write on the change feed', async() => {
    const store = createTestStore({ clusterId: RKE2_GUEST.id });
    const events: ChangeEvent[] = [];
    const stop = state.on('change', (ev) => events.push(ev));

    await loadSchemas(store);
    const svc = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-pool', opt: { watch: false }
    });

    svc.metadata.annotations['example.com/owner'] = 'team-b';
    await svc.save();
    stop();

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: 'resource.change', cluster: RKE2_GUEST.id, type: 'service'
    });
    expect(events[0].object.metadata.annotations?.['example.com/owner']).toBe('team-b');
    expect(state.requests.filter((r) => r.method === 'PUT').pop()?.path).toBe(`/k8s/clusters/${ RKE2_GUEST.id }/v1/services/default/web-pool`);
  });

  it('serves the cloud credential naming the Harvester host, and the host\'s storage classes', async() => {
    const store = createTestStore({ clusterId: RKE2_GUEST.id });
    const credential = await store.dispatch('rancher/request', { url: `/v3/cloudcredentials/${ CLOUD_CREDENTIAL.id }` });

    expect(credential.harvestercredentialConfig).toEqual({ clusterId: HARVESTER_HOST.id, clusterType: 'imported' });
    const classes = await hostList(store, HARVESTER_HOST.id, 'storage.k8s.io.storageclasses');

    expect(classes.map((c) => c.metadata.name).sort()).toEqual(['harvester-longhorn', 'longhorn-rwx', 'replica-2', 'single-replica']);
  });

  it('answers as the viewer when asked to: no PUT in schemas, 403 on the cloud credential', async() => {
    demo.as('viewer');
    const store = createTestStore({ clusterId: RKE2_GUEST.id });

    await loadSchemas(store);
    expect(store.getters['cluster/schemaFor']('service').resourceMethods).toEqual(['GET']);
    await expect(store.dispatch('rancher/request', { url: `/v3/cloudcredentials/${ CLOUD_CREDENTIAL.id }` })).rejects.toMatchObject({ _status: 403 });
  });
});
