/**
 * The PVC "Volume snapshots" tab when things go wrong, mounted against the Steve simulator: a create refused by the
 * server (409 someone took the name meanwhile, 422 invalid) or a restore refused (403, 409, 422, network down) keeps
 * its form as typed and says the server's words, with nothing else sent; a cluster without a VolumeSnapshotClass of
 * the driver, and a user who may only read, are told so on the tab itself.
 */
import { RouterLinkStub } from '@vue/test-utils';
import SelectField from '@pkg/controls/SelectField.vue';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { deleteObject, listObjects, storeObject } from '../../../lab/simulator/core/state';
import {
  PVCS, SNAPS, openForm, submit, tabOn
} from './tab';
import { useDemoServer } from '../../harness/demoServer';

const demo = useDemoServer();
const { state } = demo;
const { open, writes } = tabOn(demo);

const SNAPSHOT_ROW = '[data-testid="pvc-snapshot-row-data-db-0-snapshot-20261120093000"]';
const SNAPSHOT_FORM = '[data-testid="volume-snapshot-form"]';
const RESTORE_FORM = '[data-testid="volume-restore-form"]';
const inputOf = (w: any, id: string) => w.find(`[data-testid="${ id }"] input`);
const selectOf = (w: any, id: string) => w.findAllComponents(SelectField).find((s: any) => s.attributes('data-testid') === id);

/** The snapshot form opened and filled: a name, the local class, one label. */
async function fillSnapshot(w: any, name: string) {
  await openForm(w, '[data-testid="pvc-take-snapshot"]', SNAPSHOT_FORM);
  await inputOf(w, 'volume-snapshot-name').setValue(name);
  await w.find('[data-testid="volume-snapshot-labels"] [data-testid="parameter-add"]').trigger('click');
  const label = w.findAll('[data-testid="volume-snapshot-labels"] input');

  await label[0].setValue('tier');
  await label[1].setValue('gold');
}

function expectSnapshotFormAsTyped(w: any, name: string) {
  expect(w.find(SNAPSHOT_FORM).exists()).toBe(true);
  expect((inputOf(w, 'volume-snapshot-name').element as HTMLInputElement).value).toBe(name);
  expect(selectOf(w, 'volume-snapshot-class')?.props('value')).toBe('harvester-snapshot');
  expect(w.findAll('[data-testid="volume-snapshot-labels"] input').map((i: any) => (i.element as HTMLInputElement).value)).toEqual(['tier', 'gold']);
}

/** The restore form of the seeded snapshot opened, its size changed to 12Gi. */
async function fillRestore(w: any) {
  await openForm(w, `${ SNAPSHOT_ROW } [data-testid="pvc-snapshot-restore"]`, RESTORE_FORM);
  await inputOf(w, 'volume-restore-size').setValue('12Gi');
}

function expectRestoreFormAsTyped(w: any) {
  expect(w.find(RESTORE_FORM).exists()).toBe(true);
  expect((inputOf(w, 'volume-restore-name').element as HTMLInputElement).value).toBe('data-db-0-snapshot-20261120093000-restore');
  expect((inputOf(w, 'volume-restore-size').element as HTMLInputElement).value).toBe('12Gi');
  expect(selectOf(w, 'volume-restore-class')?.props('value')).toBe('harvester');
  expect(w.find('[data-testid="pvc-restored"]').exists()).toBe(false);
}

describe('PVC Volume snapshots tab: a refused snapshot keeps its form', () => {
  it('409: another client took the name meanwhile; the server\'s message is said, the form kept, one request sent', async() => {
    const { wrapper, mark } = await open();

    await fillSnapshot(wrapper, 'nightly');
    // Created elsewhere after the tab read the namespace's snapshots, so only the server can tell.
    storeObject(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshot', {
      apiVersion: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshot', metadata: { name: 'nightly', namespace: 'default' }, spec: { source: { persistentVolumeClaimName: 'data-db-0' } }
    });
    await submit(wrapper, SNAPSHOT_FORM);

    expect(wrapper.find('[data-testid="volume-snapshot-failure"]').text()).toMatch(/^Not created: .*"nightly" already exists/);
    expectSnapshotFormAsTyped(wrapper, 'nightly');
    expect(writes(mark)).toEqual([`POST ${ SNAPS }`]);
  });

  it('422: the server refuses the object; its message is said, the form kept, one request sent', async() => {
    const { wrapper, mark } = await open();

    await fillSnapshot(wrapper, 'weekly');
    state.faults.push({ match: { method: 'POST', path: '/snapshot.storage.k8s.io.volumesnapshots' }, respond: 422 });
    await submit(wrapper, SNAPSHOT_FORM);

    expect(wrapper.find('[data-testid="volume-snapshot-failure"]').text()).toContain('rejected by a fault injected for a test');
    expectSnapshotFormAsTyped(wrapper, 'weekly');
    expect(writes(mark)).toEqual([`POST ${ SNAPS }`]);
  });
});

describe('PVC Volume snapshots tab: a refused restore keeps its form', () => {
  it.each([
    ['403 (no right to create PVCs)', 403, /^Not created: .*forbidden/i],
    ['422 (invalid)', 422, /^Not created: .*rejected by a fault injected for a test/],
    ['network down', 'drop', /^Not created: /],
  ] as const)('%s: said, the form kept as typed, one request sent', async(_what, respond, said) => {
    const { wrapper, mark } = await open();

    await fillRestore(wrapper);
    state.faults.push({ match: { method: 'POST', path: '/persistentvolumeclaims' }, respond });
    await submit(wrapper, RESTORE_FORM);

    expect(wrapper.find('[data-testid="volume-restore-failure"]').text()).toMatch(said);
    expectRestoreFormAsTyped(wrapper);
    expect(writes(mark)).toEqual([`POST ${ PVCS }`]);
  });

  it('409: a PVC of that name was made meanwhile; the server\'s message is said and the form kept', async() => {
    const { wrapper, mark } = await open();

    await fillRestore(wrapper);
    storeObject(state, RKE2_GUEST.id, 'persistentvolumeclaim', {
      apiVersion: 'v1',
      kind:       'PersistentVolumeClaim',
      metadata:   { name: 'data-db-0-snapshot-20261120093000-restore', namespace: 'default' },
      spec:       {
        storageClassName: 'harvester', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }
      }
    });
    await submit(wrapper, RESTORE_FORM);

    expect(wrapper.find('[data-testid="volume-restore-failure"]').text()).toMatch(/^Not created: .*"data-db-0-snapshot-20261120093000-restore" already exists/);
    expectRestoreFormAsTyped(wrapper);
    expect(writes(mark)).toEqual([`POST ${ PVCS }`]);
  });
});

describe('PVC Volume snapshots tab: what is missing is said', () => {
  it('no VolumeSnapshotClass of the driver: says so, links to the VolumeSnapshotClass create page, offers no form', async() => {
    for (const c of listObjects(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshotclass')) {
      deleteObject(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshotclass', c.metadata.name);
    }
    const { wrapper } = await open(undefined, undefined, { RouterLink: RouterLinkStub });
    const link = wrapper.findComponent(RouterLinkStub);

    expect(wrapper.find('[data-testid="pvc-snapshots-missing"]').text()).toBe('No VolumeSnapshotClass of driver.harvesterhci.io exists on this cluster: create one first.');
    expect(link.text()).toBe('Create a VolumeSnapshotClass');
    expect(link.props('to')).toEqual({
      name:   'c-cluster-product-resource-create',
      params: {
        cluster: RKE2_GUEST.id, product: 'explorer', resource: 'snapshot.storage.k8s.io.volumesnapshotclass'
      }
    });
    expect(wrapper.find('[data-testid="pvc-take-snapshot"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="pvc-back-up"]').exists()).toBe(false);
  });

  it('a user who may only read: says why, lists the snapshots, offers no create, restore or delete', async() => {
    demo.as('viewer');
    const { wrapper } = await open();

    expect(wrapper.find('[data-testid="pvc-snapshots-denied"]').text()).toContain('Your role in this cluster does not allow:');
    expect(wrapper.findAll('[data-testid^="pvc-snapshot-row-"]')).toHaveLength(2);
    expect(wrapper.find(SNAPSHOT_ROW).text()).toContain('Ready');
    for (const button of ['pvc-take-snapshot', 'pvc-back-up', 'pvc-snapshot-restore', 'pvc-snapshot-delete']) {
      expect(wrapper.find(`[data-testid="${ button }"]`).exists()).toBe(false);
    }
  });
});
