/**
 * The PVC detail page's "Volume snapshots" tab mounted against the Steve simulator (demo: rke2-guest runs CSI
 * v0.2.4, has data-db-0 with two ready snapshots, the classes harvester-snapshot and harvester-backup). Rows R-VSN-*.
 */
import SelectField from '@pkg/controls/SelectField.vue';
import { HARVESTER_HOST, RKE2_GUEST } from '../../../lab/world/ids';
import { getObject, storeObject } from '../../../lab/simulator/core/state';
import {
  PVCS, SNAPS, openForm, submit, tabOn
} from './tab';
import { useDemoServer } from '../../harness/demoServer';
import { until } from '../../harness/mount';

const demo = useDemoServer();
const { state } = demo;
const { open, writes } = tabOn(demo);

describe('PVC Volume snapshots tab', () => {
  it('lists the PVC\'s snapshots: ready, restore size, class and kind', async() => {
    const { wrapper } = await open();
    const row = wrapper.find('[data-testid="pvc-snapshot-row-data-db-0-snapshot-20261120093000"]');

    expect(row.text()).toContain('Ready');
    expect(row.text()).toContain('10Gi');
    expect(row.text()).toContain('harvester-snapshot');
    expect(row.text()).toContain('Local snapshot');
    expect(wrapper.find('[data-testid="pvc-snapshot-row-data-db-0-backup-20261121093000"]').text()).toContain('Backup');
  });

  it('shows the host object behind each snapshot; a backup with the host\'s backup target, never its credentials (R-VSN-12)', async() => {
    const { wrapper } = await open(undefined, () => storeObject(state, HARVESTER_HOST.id, 'harvesterhci.io.volumeremotebackup', {
      apiVersion: 'harvesterhci.io/v1beta1',
      kind:       'VolumeRemoteBackup',
      metadata:   { name: 'snapshot-9a0e1f7c-1b2d-4c3e-8f4a-000000000192', namespace: 'default' },
      spec:       { type: 'lh', source: 'pvc-3f1c9a52-7a1e-4d7e-9c1b-000000000019' },
      status:     { success: true },
    }));

    await until(() => wrapper.findAll('[data-testid="pvc-snapshot-host"]').some((c) => c.text() !== ''), 'the host side');
    const host = (name: string) => wrapper.find(`[data-testid="pvc-snapshot-row-${ name }"] [data-testid="pvc-snapshot-host"]`).text();

    expect(host('data-db-0-snapshot-20261120093000')).toMatch(/VolumeSnapshot default\/snapshot-9a0e1f7c-1b2d-4c3e-8f4a-000000000191\s+· Ready/);
    expect(host('data-db-0-backup-20261121093000')).toContain('VolumeRemoteBackup default/snapshot-9a0e1f7c-1b2d-4c3e-8f4a-000000000192');
    expect(host('data-db-0-backup-20261121093000')).toContain('Backup target: s3 https://s3.us-east-1.amazonaws.com');
    expect(wrapper.html()).not.toMatch(/demo-secret|AKIADEMOKEY/);
  });

  it('says in one line when the host cannot be read (403), and still lists the snapshots', async() => {
    state.faults.push({ match: { method: 'GET', path: `/k8s/clusters/${ HARVESTER_HOST.id }/v1/snapshot.storage.k8s.io.volumesnapshot` }, respond: 403 });
    const { wrapper } = await open();

    await until(() => wrapper.find('[data-testid="pvc-snapshots-host-state"]').exists(), 'the host state');
    expect(wrapper.find('[data-testid="pvc-snapshots-host-state"]').text()).toBe('You may not read the snapshots on the Harvester host: the host side of the snapshots is not shown.');
    expect(wrapper.findAll('[data-testid^="pvc-snapshot-row-"]')).toHaveLength(2);
  });

  it('takes a snapshot with the prefilled name; a backup class on CSI v0.2.4 is refused without a request', async() => {
    const { wrapper, mark } = await open();

    await openForm(wrapper, '[data-testid="pvc-back-up"]', '[data-testid="volume-snapshot-form"]');
    expect(wrapper.find('[data-testid="volume-snapshot-gate"]').text()).toContain('0.2.8');
    wrapper.findComponent(SelectField).vm.$emit('update:value', 'harvester-backup');
    await submit(wrapper, '[data-testid="volume-snapshot-form"]');
    expect(wrapper.text()).toContain('backups need the Harvester CSI driver 0.2.8');
    expect(writes(mark)).toEqual([]);

    wrapper.findComponent(SelectField).vm.$emit('update:value', 'harvester-snapshot');
    await submit(wrapper, '[data-testid="volume-snapshot-form"]');
    expect(writes(mark)).toEqual([`POST ${ SNAPS }`]);
    const created = Object.values((state.clusters[RKE2_GUEST.id] as any).objects['snapshot.storage.k8s.io.volumesnapshot'] || {}).map((o: any) => o.metadata.name);

    expect(created.some((n: string) => /^data-db-0-backup-\d{14}$/.test(n))).toBe(true);
  });

  it('sends labels and annotations exactly as typed; a bad key is flagged next to its list and nothing is sent (R-VSN-11)', async() => {
    const { wrapper, mark } = await open();
    const type = async(sel: string, i: number, value: string) => {
      await wrapper.findAll(`${ sel } input`)[i].setValue(value);
    };
    const LABELS = '[data-testid="volume-snapshot-labels"]';
    const ANNOTATIONS = '[data-testid="volume-snapshot-annotations"]';

    await openForm(wrapper, '[data-testid="pvc-take-snapshot"]', '[data-testid="volume-snapshot-form"]');
    await wrapper.find(`${ LABELS } [data-testid="parameter-add"]`).trigger('click');
    await type(LABELS, 0, 'example.com/Tier/x');
    await type(LABELS, 1, 'gold');
    await wrapper.find(`${ ANNOTATIONS } [data-testid="parameter-add"]`).trigger('click');
    await type(ANNOTATIONS, 0, 'example.com/note');
    await type(ANNOTATIONS, 1, '  kept, as typed  ');
    expect(wrapper.find(`${ LABELS } [data-testid="field-error"]`).text()).toContain('Label key "example.com/Tier/x" is not valid');
    expect(wrapper.find(`${ LABELS } input`).attributes('aria-invalid')).toBe('true');
    await submit(wrapper, '[data-testid="volume-snapshot-form"]');
    expect(writes(mark)).toEqual([]);

    await type(LABELS, 0, 'example.com/Tier');
    await type(LABELS, 1, 'gold plated');
    expect(wrapper.find(`${ LABELS } [data-testid="field-error"]`).text()).toContain('The value of label "example.com/Tier" is not valid');
    await type(LABELS, 1, 'gold');
    expect(wrapper.find(`${ LABELS } [data-testid="field-error"]`).exists()).toBe(false);
    await submit(wrapper, '[data-testid="volume-snapshot-form"]');
    expect(writes(mark)).toEqual([`POST ${ SNAPS }`]);
    const created = Object.values((state.clusters[RKE2_GUEST.id] as any).objects['snapshot.storage.k8s.io.volumesnapshot']).find((o: any) => /^data-db-0-snapshot-\d{14}$/.test(o.metadata.name) && o.metadata.name !== 'data-db-0-snapshot-20261120093000') as any;

    expect(created.metadata.labels).toEqual({ 'example.com/Tier': 'gold' });
    expect(created.metadata.annotations).toEqual({ 'example.com/note': '  kept, as typed  ' });
  });

  it('restores to a new PVC with dataSource; RWX is refused before sending', async() => {
    const { wrapper, mark } = await open();

    await openForm(wrapper, '[data-testid="pvc-snapshot-row-data-db-0-snapshot-20261120093000"] [data-testid="pvc-snapshot-restore"]', '[data-testid="volume-restore-form"]');
    const mode = wrapper.findAllComponents(SelectField).find((s: any) => s.attributes('data-testid') === 'volume-restore-mode');

    mode?.vm.$emit('update:value', 'ReadWriteMany');
    await wrapper.vm.$nextTick();
    expect(wrapper.find('[data-testid="volume-restore-form"]').text()).toContain('does not create ReadWriteMany volumes from snapshots');
    await submit(wrapper, '[data-testid="volume-restore-form"]');
    expect(writes(mark)).toEqual([]);

    mode?.vm.$emit('update:value', 'ReadWriteOnce');
    await submit(wrapper, '[data-testid="volume-restore-form"]');
    expect(writes(mark)).toEqual([`POST ${ PVCS }`]);
    const pvc = getObject(state, RKE2_GUEST.id, 'persistentvolumeclaim', 'default/data-db-0-snapshot-20261120093000-restore') as any;

    expect(pvc.spec.dataSource).toEqual({
      apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'data-db-0-snapshot-20261120093000'
    });
    expect(pvc.spec.resources.requests.storage).toBe('10Gi');
  });

  it('a refused create keeps the form and says what happened', async() => {
    const { wrapper } = await open();

    state.faults.push({ match: { method: 'POST', path: '/snapshot.storage.k8s.io.volumesnapshots' }, respond: 403 });
    await openForm(wrapper, '[data-testid="pvc-take-snapshot"]', '[data-testid="volume-snapshot-form"]');
    await submit(wrapper, '[data-testid="volume-snapshot-form"]');
    expect(wrapper.find('[data-testid="volume-snapshot-failure"]').text()).toContain('Not created');
    expect(wrapper.find('[data-testid="volume-snapshot-form"]').exists()).toBe(true);
    // Network down: the form stays and says so; nothing was created.
    state.faults.push({ match: { method: 'POST', path: '/snapshot.storage.k8s.io.volumesnapshots' }, respond: 'drop' });
    await submit(wrapper, '[data-testid="volume-snapshot-form"]');
    expect(wrapper.find('[data-testid="volume-snapshot-failure"]').text()).toContain('Not created');
    expect(wrapper.find('[data-testid="volume-snapshot-form"]').exists()).toBe(true);
  });

  it('explains the deletion policy: Retain keeps the backup on the host', async() => {
    const { wrapper } = await open();

    await wrapper.find('[data-testid="pvc-snapshot-row-data-db-0-backup-20261121093000"] [data-testid="pvc-snapshot-delete"]').trigger('click');
    expect(wrapper.find('[data-testid="pvc-snapshot-delete-note"]').text()).toContain('Retain: the backup stays');
  });

  it('deletes the one snapshot confirmed, by its own URL, and lists the rest', async() => {
    const { wrapper, mark } = await open();
    const BACKUP = '[data-testid="pvc-snapshot-row-data-db-0-backup-20261121093000"]';

    await wrapper.find(`${ BACKUP } [data-testid="pvc-snapshot-delete"]`).trigger('click');
    await wrapper.find('[data-testid="pvc-snapshot-delete-confirm"]').trigger('click');
    await until(() => !wrapper.find(BACKUP).exists(), 'the row gone');

    expect(writes(mark)).toEqual([`DELETE ${ SNAPS }/default/data-db-0-backup-20261121093000`]);
    expect(wrapper.findAll('[data-testid^="pvc-snapshot-row-"]')).toHaveLength(1);
  });

  it('says the snapshot CRDs are missing and how RKE2 installs them (R-VSN-9), with no snapshot button', async() => {
    const { wrapper } = await open(undefined, (store) => store.commit('cluster/remove', store.getters['cluster/schemaFor']('snapshot.storage.k8s.io.volumesnapshot')));

    expect(wrapper.find('[data-testid="pvc-snapshots-missing"]').text()).toContain('rke2-snapshot-controller-crd');
    expect(wrapper.find('[data-testid="pvc-take-snapshot"]').exists()).toBe(false);
  });

  it('speaks 简体中文', async() => {
    const { wrapper } = await open('zh-hans');

    expect(wrapper.find('[data-testid="pvc-take-snapshot"]').text()).toBe('创建快照');
    expect(wrapper.text()).toContain('就绪');
  });
});
