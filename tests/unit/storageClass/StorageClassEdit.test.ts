import StorageClassEdit from '@pkg/storageClass/StorageClassEdit.vue';
import HarvesterProvisioner from '@pkg/storageClass/HarvesterProvisioner.vue';
import { loadShellEditor, withHarvesterProvisioner } from '@pkg/storageClass/editor';
import { mountWithStore, until } from '../../harness/mount';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { getObject } from '../../../lab/simulator/core/state';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';

// jest.config.js maps `@shell/*` before its asset stubs, so the shell's Wizard (inside CruResource) would load a raw
// SVG; stub the one it imports.
jest.mock('@shell/assets/images/generic-catalog.svg', () => 'file-stub');

const demo = useDemoServer();
const { requestsSince, state } = demo;

async function storeForGuest(user: 'admin' | 'viewer' = 'admin') {
  demo.as(user);
  const store = await demoStore(RKE2_GUEST.id);

  // The dashboard's feature-flag module, which the shell's editor asks about unsupported storage drivers.
  store.registerModule('features', { namespaced: true, getters: { get: () => () => false } });

  return store;
}

const writes = (mark: number) => requestsSince(mark).filter((r) => !r.startsWith('GET '));

describe('the StorageClass editor registered by the extension', () => {
  it('is the shell\'s own editor with only the Harvester provisioner component swapped', async() => {
    const store = await storeForGuest();
    const shell: any = await loadShellEditor(store);
    const editor: any = withHarvesterProvisioner(shell, HarvesterProvisioner);

    expect(editor.extends).toBe(shell);
    expect(editor.methods.getComponent('driver.harvesterhci.io')).toBe(HarvesterProvisioner);
    for (const other of ['driver.longhorn.io', 'kubernetes.io/aws-ebs', 'example.com/custom-csi']) {
      expect(editor.methods.getComponent(other)).toBe(shell.methods.getComponent(other));
    }
  });

  it('keeps the shell\'s page unchanged if the shell no longer offers getComponent', () => {
    const odd = { name: 'Other' };

    expect(withHarvesterProvisioner(odd as any)).toBe(odd);
  });

  async function page(provisioner: string, user: 'admin' | 'viewer' = 'admin') {
    const store = await storeForGuest(user);
    const value = await store.dispatch('cluster/create', {
      type: 'storage.k8s.io.storageclass', metadata: { name: 'gold' }, provisioner
    });
    const wrapper = mountWithStore(StorageClassEdit, store, {
      props: {
        value, mode: 'create', realMode: 'create', as: 'config'
      },
      global: {
        mocks: {
          $route: {
            query: {}, params: {}, hash: '', name: 'c-cluster-product-resource-create'
          },
          $router: {
            replace: jest.fn(), push: jest.fn(), currentRoute: { _value: { hash: '' } }
          },
        }
      },
    });

    await until(() => wrapper.findComponent({ name: 'CruResource' }).exists(), 'the page');

    return {
      wrapper, value, store
    };
  }

  const harvesterForm = async(wrapper: any) => {
    await until(() => wrapper.findComponent(HarvesterProvisioner).exists() && !(wrapper.findComponent(HarvesterProvisioner).vm as any).loading, 'the Harvester form');

    return wrapper.findComponent(HarvesterProvisioner).vm as any;
  };

  const save = async(wrapper: any) => {
    const done = jest.fn();

    // What CruResource's Create button does.
    wrapper.findComponent({ name: 'CruResource' }).vm.$emit('finish', done);
    await until(() => done.mock.calls.length > 0, 'Save to finish');

    return done.mock.calls[0][0];
  };

  it('shows the Harvester form for driver.harvesterhci.io and stops Save while a field shows an error', async() => {
    const { wrapper, value } = await page('driver.harvesterhci.io');
    const form = await harvesterForm(wrapper);
    const mark = state.requests.length;

    form.onClass('Bad_Name');
    expect(await save(wrapper)).toBe(false);
    expect(writes(mark)).toEqual([]);
    // The page's error banner says why, as the field does.
    expect([...wrapper.findComponent({ name: 'CruResource' }).props('errors')]).toEqual([expect.stringContaining('"Bad_Name" is not a valid StorageClass name')]);
    expect(value.parameters).toEqual({ hostStorageClass: 'Bad_Name' });
  });

  it('saves exactly the chosen parameters through Steve', async() => {
    const { wrapper } = await page('driver.harvesterhci.io');
    const form = await harvesterForm(wrapper);
    const mark = state.requests.length;

    form.onClass('replica-2');
    expect(await save(wrapper)).toBe(true);
    expect(writes(mark)).toEqual([`POST /k8s/clusters/${ RKE2_GUEST.id }/v1/storage.k8s.io.storageclasses`]);
    const saved = getObject(state, RKE2_GUEST.id, 'storage.k8s.io.storageclass', 'gold');

    expect(saved?.provisioner).toBe('driver.harvesterhci.io');
    expect(saved?.parameters).toEqual({ hostStorageClass: 'replica-2' });
  });

  it('keeps the user\'s input on screen when the server refuses the save', async() => {
    const { wrapper, value } = await page('driver.harvesterhci.io');
    const form = await harvesterForm(wrapper);

    state.faults.push({ match: { method: 'POST', path: '/storage.k8s.io.storageclasses' }, respond: 403 });
    form.onClass('replica-2');
    expect(await save(wrapper)).toBe(false);
    expect(value.parameters).toEqual({ hostStorageClass: 'replica-2' });
    expect(wrapper.findComponent(HarvesterProvisioner).exists()).toBe(true);
  });

  it('leaves other provisioners to the shell\'s own forms', async() => {
    const { wrapper, store } = await page('driver.longhorn.io');
    const shell: any = await loadShellEditor(store);

    await until(() => wrapper.findComponent(shell.methods.getComponent('driver.longhorn.io')).exists(), 'the Longhorn form');
    expect(wrapper.findComponent(HarvesterProvisioner).exists()).toBe(false);
  });

  /** CruResource's own Create button, as the page renders it. */
  const createButton = (wrapper: any) => wrapper.find('[data-testid="form-save"]');

  it('disables the page\'s own Create for a role that may not create StorageClasses (issue 34), and only then', async() => {
    const viewer = await page('driver.harvesterhci.io', 'viewer');

    await harvesterForm(viewer.wrapper);
    expect(viewer.wrapper.find('[data-testid="harvester-storage-denied"]').exists()).toBe(true);
    expect(createButton(viewer.wrapper).attributes('disabled')).toBeDefined();
    // Another provisioner is the shell's: its button is the shell's again.
    (viewer.wrapper.findComponent({ name: 'HarvesterStorageClassEdit' }).vm as any).value.provisioner = 'driver.longhorn.io';
    await until(() => createButton(viewer.wrapper).attributes('disabled') === undefined, 'the shell\'s button back');

    const admin = await page('driver.harvesterhci.io');

    await harvesterForm(admin.wrapper);
    expect(createButton(admin.wrapper).attributes('disabled')).toBeUndefined();
  });
});
