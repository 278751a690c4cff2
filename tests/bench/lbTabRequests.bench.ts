import zlib from 'node:zlib';
import { setupServer } from 'msw/node';
import { flushPromises } from '@vue/test-utils';
import { steveHandlers } from '../msw/steve';
import { createState } from '../../simulator/steve/state';
import { demoSeed } from '../../simulator/demo/seed';
import { RKE2_GUEST } from '../../simulator/demo/ids';
import { createTestStore, loadSchemas } from '../harness/store';
import { mountWithStore } from '../harness/mount';
import { manyServices, withObjects } from '../harness/manyServices';
import AddOnConfigTab from '@pkg/addOnConfig/AddOnConfigTab.vue';
import { record } from './record';

// What opening the tab costs on a cold page (no Services in the store yet): the requests it makes itself, with
// each answer's size as built and as sent (Rancher gzips API answers: rancher/steve GzipWriter, default level).
async function measure(name: string, seed = demoSeed()) {
  const server = setupServer(...steveHandlers(createState(seed)));

  server.listen();
  const requests: { method: string; url: string; bytes: number; gzip: number }[] = [];

  server.events.on('response:mocked', async({ request, response }) => {
    const body = Buffer.from(await response.clone().arrayBuffer());
    const url = new URL(request.url);

    requests.push({
      method: request.method, url: url.pathname + url.search, bytes: body.length, gzip: zlib.gzipSync(body).length
    });
  });
  const store = createTestStore({ clusterId: RKE2_GUEST.id });

  await loadSchemas(store);
  const svc = await store.dispatch('cluster/create', {
    type: 'service', metadata: { name: 'bench', namespace: 'default' }, spec: { type: 'LoadBalancer', ports: [{ port: 80, protocol: 'TCP' }] }
  });
  const before = requests.length;

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
  server.close();
  record(name, requests.slice(before));

  return requests.slice(before);
}

it('counts the requests the Add-on Config tab makes when it opens (demo cluster)', async() => {
  expect((await measure('lb-tab-requests')).length).toBeGreaterThan(0);
});

it('counts them with 5,000 Services in the cluster (4,000 ClusterIP, 1,000 LoadBalancer)', async() => {
  expect((await measure('lb-tab-requests-5000', withObjects(demoSeed(), RKE2_GUEST.id, manyServices(4000, 1000)))).length).toBeGreaterThan(0);
});
