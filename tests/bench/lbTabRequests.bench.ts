import { setupServer } from 'msw/node';
import { flushPromises } from '@vue/test-utils';
import { steveHandlers } from '../msw/steve';
import { createState } from '../../simulator/steve/state';
import { demoSeed } from '../../simulator/demo/seed';
import { RKE2_GUEST } from '../../simulator/demo/ids';
import { createTestStore, loadSchemas } from '../harness/store';
import { mountWithStore } from '../harness/mount';
import AddOnConfigTab from '@pkg/loadbalancer/AddOnConfigTab.vue';
import { record, tallyRequests } from './record';

const server = setupServer(...steveHandlers(createState(demoSeed())));

beforeAll(() => server.listen());
afterAll(() => server.close());

// What opening the tab costs on a cold page (no Services in the store yet): the requests it makes itself.
it('counts the requests the Add-on Config tab makes when it opens', async() => {
  const store = createTestStore({ clusterId: RKE2_GUEST.id });

  await loadSchemas(store);
  const svc = await store.dispatch('cluster/create', {
    type: 'service', metadata: { name: 'bench', namespace: 'default' }, spec: { type: 'LoadBalancer', ports: [{ port: 80, protocol: 'TCP' }] }
  });
  const tally = tallyRequests(server);

  mountWithStore(AddOnConfigTab, store, {
    props:  { resource: svc },
    global: {
      mocks: {
        $route: {
          name: 'c-cluster-product-resource-create', query: {}, params: {}
        }
      }
    }
  });
  await flushPromises();
  record('lb-tab-requests', tally.requests);
  expect(tally.requests.length).toBeGreaterThan(0);
});
