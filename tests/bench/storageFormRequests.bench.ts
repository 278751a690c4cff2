import { reactive } from 'vue';
import { flushPromises } from '@vue/test-utils';
import HarvesterProvisioner from '@pkg/storageClass/HarvesterProvisioner.vue';
import { SAVE_HOOKS } from '@pkg/storageClass/saveHooks';
import { mountWithStore } from '../harness/mount';
import { RKE2_GUEST } from '../../simulator/demo/ids';
import { guestStore, server, useSimulator } from '../unit/storageClass/simulator';
import { record, tallyRequests } from './record';

useSimulator();

// What opening the Harvester provisioner form costs: the requests it makes itself (budget 2).
it('counts the requests the host StorageClass form makes when it opens', async() => {
  const store = await guestStore(RKE2_GUEST.id);
  const tally = tallyRequests(server);
  const wrapper = mountWithStore(HarvesterProvisioner, store, {
    props:  { value: reactive({ parameters: {} }), mode: 'create' },
    global: { provide: { [SAVE_HOOKS]: { register: () => undefined, unregister: () => undefined } } },
  });

  for (let i = 0; i < 50 && !(wrapper.vm as any).host; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  record('storage-form-requests', tally.requests);
  expect(tally.requests.length).toBeGreaterThan(0);
});
