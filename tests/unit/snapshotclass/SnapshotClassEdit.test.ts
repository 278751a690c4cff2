/**
 * The VolumeSnapshotClass page mounted against the Steve simulator (demo data: rke2-guest runs CSI v0.2.4 and has
 * the classes harvester-snapshot and harvester-backup; k3s-guest runs v0.1.3). Rows R-VSC-* of docs/harvester-rules.md.
 */
import SnapshotClassEdit from '@pkg/snapshotclass/SnapshotClassEdit.vue';
import RadioField from '@pkg/controls/RadioField.vue';
import TextField from '@pkg/controls/TextField.vue';
import { mountWithStore, until } from '../../harness/mount';
import { demoStore, Locale } from '../../harness/store';
import { K3S_GUEST, RKE2_GUEST, SNAPSHOT_CLASSES } from '../../../lab/world/ids';
import { getObject } from '../../../lab/simulator/core/state';
import { useDemoServer } from '../../harness/demoServer';

const { requestsSince, state } = useDemoServer();

const TYPE = 'snapshot.storage.k8s.io.volumesnapshotclass';

async function open(opts: { clusterId?: string; locale?: Locale; id?: string; mode?: 'create' | 'edit' } = {}) {
  const clusterId = opts.clusterId || RKE2_GUEST.id;
  const store = await demoStore(clusterId, opts.locale);
  const value = opts.id ? await store.dispatch('cluster/clone', { resource: await store.dispatch('cluster/find', { type: TYPE, id: opts.id }) }) : await store.dispatch('cluster/create', { type: TYPE, metadata: { name: '' } });
  const push = jest.fn();
  const wrapper = mountWithStore(SnapshotClassEdit, store, {
    props: {
      value, mode: opts.mode || (opts.id ? 'edit' : 'create'), doneRoute: 'c-cluster-product-resource'
    },
    global: { mocks: { $router: { push } } },
  });

  await until(() => (wrapper.vm as any).csiVersion !== undefined, 'the CSI driver version');

  return {
    wrapper, value, push, mark: state.requests.length, clusterId
  };
}

const texts = (w: any, sel: string) => w.findAll(sel).map((e: any) => e.text());
const radio = (w: any, name: string) => w.findAllComponents(RadioField).find((r: any) => r.props('name') === name);
const writes = (mark: number) => requestsSince(mark).filter((r) => !r.startsWith('GET '));
const save = async(w: any) => {
  await w.find('form').trigger('submit');
  await until(() => !(w.vm as any).saving, 'the save');
  await w.vm.$nextTick();
};

describe('VolumeSnapshotClass page', () => {
  it('creates a Harvester backup class with exactly the chosen fields', async() => {
    const {
      wrapper, push, mark, clusterId
    } = await open();

    await wrapper.findComponent(TextField).find('input').setValue('nightly-backup');
    radio(wrapper, 'snapshotType').vm.$emit('update:value', 'backup');
    radio(wrapper, 'deletionPolicy').vm.$emit('update:value', 'Retain');
    await save(wrapper);

    expect(writes(mark)).toEqual([`POST /k8s/clusters/${ clusterId }/v1/snapshot.storage.k8s.io.volumesnapshotclasses`]);
    const saved = getObject(state, clusterId, TYPE, 'nightly-backup') as any;

    expect([saved.driver, saved.deletionPolicy, saved.parameters]).toEqual(['driver.harvesterhci.io', 'Retain', { type: 'backup' }]);
    expect(push).toHaveBeenCalledWith({ name: 'c-cluster-product-resource', params: {} });
  });

  it('a local snapshot class is saved without any parameters (the driver default)', async() => {
    const { wrapper, clusterId } = await open();

    await wrapper.findComponent(TextField).find('input').setValue('local');
    await save(wrapper);
    const saved = getObject(state, clusterId, TYPE, 'local') as any;

    expect(saved.parameters).toBeUndefined();
    expect(saved.deletionPolicy).toBe('Delete');
  });

  it('blocks Save with the message next to the field and sends nothing; the input stays', async() => {
    const { wrapper, mark, value } = await open();

    await wrapper.findComponent(TextField).find('input').setValue('Bad_Name');
    await wrapper.find('[data-testid="parameter-add"]').trigger('click');
    const inputs = wrapper.findAll('[data-testid="parameter-row"] input');

    await inputs[0].setValue('type');
    await inputs[1].setValue('Backup');
    await save(wrapper);

    expect(writes(mark)).toEqual([]);
    expect(texts(wrapper, '[data-testid="field-error"]')).toEqual([
      expect.stringContaining('"Bad_Name" is not a valid name'),
      expect.stringContaining('"Backup" is not the exact value backup'),
    ]);
    expect(texts(wrapper, '[data-testid="snapshot-class-failure"]')).toEqual(['Fix the marked fields first; nothing was sent.']);
    expect(value.metadata.name).toBe('Bad_Name');
    expect(value.parameters).toEqual({ type: 'Backup' });
  });

  it('keeps every edit on screen when the server refuses the save', async() => {
    const { wrapper, value } = await open();

    state.faults.push({ match: { method: 'POST', path: '/snapshot.storage.k8s.io.volumesnapshotclasses' }, respond: 403 });
    await wrapper.findComponent(TextField).find('input').setValue('refused');
    radio(wrapper, 'snapshotType').vm.$emit('update:value', 'backup');
    await save(wrapper);

    expect(texts(wrapper, '[data-testid="snapshot-class-failure"]')[0]).toMatch(/^Not saved: /);
    expect(value.metadata.name).toBe('refused');
    expect(radio(wrapper, 'snapshotType').props('value')).toBe('backup');
  });

  // R-VSC-4: CSI v0.2.4 (rke2-guest) takes local snapshots only: the seeded backup class is warned about.
  it('edits the seeded backup class: warns that v0.2.4 cannot back up, and an untouched save changes nothing else', async() => {
    const before = JSON.parse(JSON.stringify(getObject(state, RKE2_GUEST.id, TYPE, SNAPSHOT_CLASSES.backup)));
    const { wrapper, mark } = await open({ id: SNAPSHOT_CLASSES.backup });

    expect(texts(wrapper, '[data-testid="field-warning"]')).toEqual([
      'The Harvester CSI driver on this cluster is version 0.2.4: backups need 0.2.8 or later, so this class takes local snapshots.'
    ]);
    expect(radio(wrapper, 'deletionPolicy').props('value')).toBe('Retain');
    expect(texts(wrapper, '.radio-label')).toEqual([
      'Local snapshot on the Harvester host', 'Backup to the Harvester host\'s backup target',
      'Delete: the snapshot on the host goes with the VolumeSnapshot', 'Retain: the snapshot on the host stays when the VolumeSnapshot is deleted',
    ]);
    await save(wrapper);
    expect(writes(mark)).toEqual([`PUT /k8s/clusters/${ RKE2_GUEST.id }/v1/snapshot.storage.k8s.io.volumesnapshotclasses/${ SNAPSHOT_CLASSES.backup }`]);
    const after = getObject(state, RKE2_GUEST.id, TYPE, SNAPSHOT_CLASSES.backup) as any;

    expect([after.driver, after.deletionPolicy, JSON.stringify(after.parameters)]).toEqual([before.driver, before.deletionPolicy, JSON.stringify(before.parameters)]);
  });

  // R-VSC-3: CSI v0.1.3 (k3s-guest) has no CreateSnapshot.
  it('says in Simplified Chinese that CSI v0.1.3 takes no snapshots', async() => {
    const { wrapper } = await open({ clusterId: K3S_GUEST.id, locale: 'zh-hans' });

    expect(texts(wrapper, '[data-testid="field-warning"]')).toEqual([expect.stringContaining('版本为 0.1.3：0.2.4 之前的版本不支持快照')]);
    expect(texts(wrapper, '.radio-label')).toEqual([
      'Harvester 主机上的本地快照', '备份到 Harvester 主机的备份目标', 'Delete：删除 VolumeSnapshot 时一并删除主机上的快照', 'Retain：删除 VolumeSnapshot 时保留主机上的快照'
    ]);
    expect(wrapper.find('[data-testid="snapshot-class-save"]').text()).toBe('创建');
  });

  it('hides the Harvester options for another driver and keeps its parameters', async() => {
    const { wrapper, value } = await open();

    await wrapper.findAllComponents(TextField)[1].find('input').setValue('driver.longhorn.io');
    expect(wrapper.find('[data-testid="snapshot-class-type"]').exists()).toBe(false);
    expect(value.driver).toBe('driver.longhorn.io');
  });
});
