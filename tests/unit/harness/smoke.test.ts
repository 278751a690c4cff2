import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { mountWithStore } from '../../harness/mount';
import LabeledSelect from '@shell/components/form/LabeledSelect.vue';
import { createTestStore, loadSchemas } from '../../harness/store';

const schema = (id: string) => ({
  id, type: 'schema', links: { self: `x/${ id }`, collection: `/k8s/clusters/c1/v1/${ id }s` }, collectionMethods: ['GET'], resourceMethods: ['GET'], attributes: { kind: 'Service', namespaced: true }
});
const server = setupServer(
  http.get('*/v1/schemas', () => HttpResponse.json({ type: 'collection', data: [schema('service')] })),
  http.get('*/k8s/clusters/c1/v1/services', () => HttpResponse.json({
    type:         'collection',
    resourceType: 'service',
    revision:     '5',
    data:         [{
      id: 'default/a', type: 'service', metadata: { name: 'a', namespace: 'default' }, links: { self: 'x' }
    }]
  }))
);

beforeAll(() => server.listen());
afterAll(() => server.close());

it('smoke', async() => {
  const store = createTestStore({ clusterId: 'c1' });

  await loadSchemas(store);
  const all = await store.dispatch('cluster/findAll', { type: 'service', opt: { watch: false } });

  expect(all.map((s: any) => s.id)).toEqual(['default/a']);
  const w = mountWithStore(LabeledSelect, store, {
    props: {
      label: 'L', value: 'a', options: ['a', 'b']
    }
  });

  expect(w.text()).toContain('L');
});
