/**
 * Issue 26: the StorageClass form's Harvester part opened by someone whose role may not create StorageClasses says
 * so, shows its settings read only, and stops the page's own Create before it sends what the server refuses.
 */
import { markRaw, reactive } from 'vue';
import HarvesterProvisioner from '@pkg/storageClass/HarvesterProvisioner.vue';
import { SAVE_HOOKS } from '@pkg/storageClass/saveHooks';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { steveHandlers } from '../../msw/steve';
import { useDemoServer } from '../../harness/demoServer';
import { createTestStore, loadSchemas } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';

const { state, server } = useDemoServer();

afterEach(() => server.resetHandlers());

async function openCreate(user: 'viewer' | 'admin') {
  if (user === 'viewer') {
    server.use(...steveHandlers(state, { user }));
  }
  const store = createTestStore({ clusterId: RKE2_GUEST.id });
  const hooks: (() => void)[] = [];

  store.state.$extension = markRaw({ ...store.state.$extension, getProviders: () => [] });
  await loadSchemas(store);
  const wrapper = mountWithStore(HarvesterProvisioner, store, {
    props:  { value: reactive({ parameters: {} }), mode: 'create' },
    global: { provide: { [SAVE_HOOKS]: { register: (h: () => void) => hooks.push(h), unregister: () => undefined } } },
  });

  return { wrapper, hooks };
}

describe('who may create a StorageClass with the Harvester provisioner', () => {
  it('a read-only member is told why; the settings are read only and Create is stopped with that reason', async() => {
    const { wrapper, hooks } = await openCreate('viewer');

    expect(wrapper.find('[data-testid="harvester-storage-denied"]').text()).toContain('does not allow creating StorageClasses');
    expect(wrapper.findAll('input:not([disabled])').filter((i) => !i.classes('vs__search'))).toHaveLength(0);
    expect(() => hooks.forEach((h) => h())).toThrow();
  });

  it('an admin gets the settings to fill', async() => {
    const { wrapper } = await openCreate('admin');

    expect(wrapper.find('[data-testid="harvester-storage-denied"]').exists()).toBe(false);
  });
});
