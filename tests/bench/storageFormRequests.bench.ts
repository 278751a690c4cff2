import { reactive } from 'vue';
import { flushPromises } from '@vue/test-utils';
import HarvesterProvisioner from '@pkg/storageClass/HarvesterProvisioner.vue';
import { SAVE_HOOKS } from '@pkg/storageClass/saveHooks';
import { mountWithStore } from '../harness/mount';
import { RKE2_GUEST } from '../../lab/world/ids';
import { record } from './record';
import { useDemoServer } from '../harness/demoServer';
import { demoStore } from '../harness/store';

const demo = useDemoServer();

// What opening the Harvester provisioner form costs: the requests it makes itself (budget 2).
it('counts the requests the host StorageClass form makes when it opens', async() => {
  const store = await demoStore(RKE2_GUEST.id);
  const answers = demo.record();
  const wrapper = mountWithStore(HarvesterProvisioner, store, {
    props:  { value: reactive({ parameters: {} }), mode: 'create' },
    global: { provide: { [SAVE_HOOKS]: { register: () => undefined, unregister: () => undefined } } },
  });

  for (let i = 0; i < 50 && !(wrapper.vm as any).host; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const requests = answers.map(({ method, url, bytes }) => ({
    method, url, bytes
  }));

  record('storage-form-requests', requests);
  expect(requests.length).toBeGreaterThan(0);
});
