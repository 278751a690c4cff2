import { flushPromises } from '@vue/test-utils';
import { demoSeed } from '../../lab/world/seed';
import { RKE2_GUEST } from '../../lab/world/ids';
import { createTestStore, loadSchemas } from '../harness/store';
import { mountWithStore } from '../harness/mount';
import { manyServices, withObjects } from '../harness/manyServices';
import { useDemoServer } from '../harness/demoServer';
import { CREATE_ROUTE, newLoadBalancer } from '../harness/serviceTab';
import AddOnConfigTab from '@pkg/addOnConfig/AddOnConfigTab.vue';
import { record } from './record';

const demo = useDemoServer();

// What opening the tab costs on a cold page (no Services in the store yet): the requests it makes itself, with
// each answer's size as built and as sent (Rancher gzips API answers: rancher/steve GzipWriter, default level).
async function measure(name: string, seed = demoSeed()) {
  demo.load(seed);
  const requests = demo.record();
  const store = createTestStore({ clusterId: RKE2_GUEST.id });

  await loadSchemas(store);
  const svc = await newLoadBalancer(store, { name: 'bench', namespace: 'default' }, [{ port: 80, protocol: 'TCP' }]);
  const before = requests.length;

  mountWithStore(AddOnConfigTab, store, {
    props:  { resource: svc },
    global: { mocks: { $route: CREATE_ROUTE } }
  });
  await flushPromises();
  record(name, requests.slice(before));

  return requests.slice(before);
}

it('counts the requests the Add-on Config tab makes when it opens (demo cluster)', async() => {
  expect((await measure('lb-tab-requests')).length).toBeGreaterThan(0);
});

it('counts them with 5,000 Services in the cluster (4,000 ClusterIP, 1,000 LoadBalancer)', async() => {
  expect((await measure('lb-tab-requests-5000', withObjects(demoSeed(), RKE2_GUEST.id, manyServices(4000, 1000)))).length).toBeGreaterThan(0);
});
