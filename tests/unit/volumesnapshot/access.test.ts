/**
 * Issue 26: the PVC "Volume snapshots" tab and the VolumeSnapshots list tell a user who may not use VolumeSnapshots
 * why, and offer no action their role does not allow: taking one (create VolumeSnapshots), restoring (create
 * PersistentVolumeClaims), deleting, or creating a class. The demo's viewer reads rke2-guest and is no member of
 * harvester-host. A role Steve gives no VolumeSnapshot schema is not told the CRDs are missing when they are there.
 */
import { RouterLinkStub } from '@vue/test-utils';
import SnapshotsPage from '@pkg/volumesnapshot/SnapshotsPage.vue';
import { deniedActions, hostNoticeKeys, noSchemaWhy, snapshotActions } from '@pkg/volumesnapshot/access';
import { registerVolumeSnapshots } from '@pkg/volumesnapshot/register';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { deleteObject, listObjects, storeObject } from '../../../lab/simulator/core/state';
import { useDemoServer } from '../../harness/demoServer';
import { mountDemo, mountWithStore, settle } from '../../harness/mount';
import { demoStore } from '../../harness/store';
import { tabOn } from './tab';

const demo = useDemoServer();
const { state } = demo;
const { open, writes } = tabOn(demo);
const VS = 'snapshot.storage.k8s.io.volumesnapshot';
const text = (w: any, id: string) => w.find(`[data-testid="${ id }"]`).text().replace(/\s+/g, ' ').trim();
const drop = (...types: string[]) => (store: any) => types.forEach((t) => store.commit('cluster/remove', store.getters['cluster/schemaFor'](t)));
const BUTTONS = ['pvc-take-snapshot', 'pvc-back-up', 'pvc-snapshot-restore', 'pvc-snapshot-delete'];
const shown = (w: any) => BUTTONS.filter((b) => w.find(`[data-testid="${ b }"]`).exists());

/** A role Steve gives no VolumeSnapshot schema: its requests for them refused, the CRD there. */
function noSnapshotRole() {
  storeObject(state, RKE2_GUEST.id, 'apiextensions.k8s.io.customresourcedefinition', {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'volumesnapshots.snapshot.storage.k8s.io' }
  });
  state.faults.push({
    match: {
      method: 'GET', cluster: RKE2_GUEST.id, type: VS
    },
    respond: 403,
    times:   100
  });
}

describe('what the snapshot pages decide from the user\'s schemas', () => {
  const all = { resourceMethods: ['GET', 'PUT', 'DELETE'], collectionMethods: ['GET', 'POST'] };
  const read = { resourceMethods: ['GET'], collectionMethods: ['GET'] };

  it('no schema: the CRD there is the role; absent, no CRDs; not readable, either', () => {
    expect(noSchemaWhy({ readable: true, value: { metadata: {} } })).toBe('denied');
    expect(noSchemaWhy({ readable: true, value: null })).toBe('noCrd');
    expect(noSchemaWhy({ readable: false, value: null })).toBe('unknown');
    expect(noSchemaWhy(null)).toBe('unknown');
  });

  it('each action by its own right: take and delete on VolumeSnapshots, restore on PVCs, a class on classes', () => {
    expect(snapshotActions(() => all)).toEqual({
      take: true, restore: true, delete: true, createClass: true
    });
    expect(deniedActions(snapshotActions(() => read))).toEqual(['take', 'restore', 'delete']);
    expect(deniedActions(snapshotActions((_s, type) => (type === 'persistentvolumeclaim' ? read : all)))).toEqual(['restore']);
  });

  it('the host notice: why the host is not known and what it leaves out, or how reading it failed', () => {
    expect(hostNoticeKeys({ state: 'unknownHost', unknown: 'notMember' })).toEqual(['harvesterCloud.host.unknown.notMember', 'harvesterVolumeSnapshot.host.consequence']);
    expect(hostNoticeKeys({ state: 'forbidden' })).toEqual(['harvesterVolumeSnapshot.host.state.forbidden']);
    expect(hostNoticeKeys({ state: 'ok' })).toEqual([]);
  });
});

describe('the PVC "Volume snapshots" tab for a user who may not do all it offers', () => {
  it('the viewer is told what their role does not allow and why the host side is missing, and offered no action', async() => {
    demo.as('viewer');
    const { wrapper, mark } = await open();

    expect(wrapper.findAll('[data-testid="pvc-snapshots-denied"] li').map((li: any) => li.text())).toEqual([
      'creating VolumeSnapshots, so no snapshot or backup can be taken here;',
      'creating PersistentVolumeClaims, so no snapshot can be restored to a new volume here;',
      'deleting VolumeSnapshots, so none can be deleted here.',
    ]);
    expect(text(wrapper, 'pvc-snapshots-host-state')).toBe('You are not a member of the Harvester cluster that hosts this cluster\'s VMs: Rancher shows a cluster only to its members. The host side of the snapshots is not shown.');
    expect(wrapper.findAll('[data-testid^="pvc-snapshot-row-"]')).toHaveLength(2);
    expect(shown(wrapper)).toEqual([]);
    expect(writes(mark)).toEqual([]);
  });

  it('the same in Simplified Chinese', async() => {
    demo.as('viewer');
    const { wrapper } = await open('zh-hans');

    expect(text(wrapper, 'pvc-snapshots-denied')).toContain('您在此集群中的角色不允许：');
    expect(text(wrapper, 'pvc-snapshots-denied')).toContain('创建持久卷声明，因此无法在此将快照恢复为新卷；');
  });

  it('the admin is offered every action and told nothing', async() => {
    const { wrapper } = await open();

    expect(wrapper.find('[data-testid="pvc-snapshots-denied"]').exists()).toBe(false);
    expect(shown(wrapper)).toEqual(BUTTONS);
  });

  it('a role that may snapshot but not create PVCs: no Restore, and why', async() => {
    const { wrapper } = await open(undefined, drop('persistentvolumeclaim'));

    expect(wrapper.findAll('[data-testid="pvc-snapshots-denied"] li').map((li: any) => li.text())).toEqual(['creating PersistentVolumeClaims, so no snapshot can be restored to a new volume here;']);
    expect(shown(wrapper)).toEqual(['pvc-take-snapshot', 'pvc-back-up', 'pvc-snapshot-delete']);
  });

  it('a role without VolumeSnapshots at all is told so, not that the CRDs are missing', async() => {
    noSnapshotRole();
    const { wrapper } = await open(undefined, drop(VS));

    expect(text(wrapper, 'pvc-snapshots-missing')).toBe('Your role in this cluster does not allow using VolumeSnapshots, so the snapshots of this volume cannot be shown: ask its owner for access to snapshot.storage.k8s.io volumesnapshots.');
    expect(shown(wrapper)).toEqual([]);
  });

  it('a role that may not read CRDs either is told both possibilities', async() => {
    const { wrapper } = await open(undefined, drop(VS, 'apiextensions.k8s.io.customresourcedefinition'));

    expect(text(wrapper, 'pvc-snapshots-missing')).toContain('either the snapshot CRDs (snapshot.storage.k8s.io/v1) are not installed, or your role does not allow using them');
  });

  it('no class of the driver and a role that may not create one: the reason instead of the link', async() => {
    for (const c of listObjects(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshotclass')) {
      deleteObject(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshotclass', c.metadata.name);
    }
    demo.as('viewer');
    const { wrapper } = await open(undefined, undefined, { RouterLink: RouterLinkStub });

    expect(text(wrapper, 'pvc-snapshots-missing')).toContain('No VolumeSnapshotClass of driver.harvesterhci.io exists');
    expect(text(wrapper, 'pvc-snapshots-class-denied')).toBe('Your role in this cluster does not allow creating VolumeSnapshotClasses either; ask the cluster\'s owner to create one.');
    expect(wrapper.find('[data-testid="pvc-snapshots-create-class"]').exists()).toBe(false);
  });
});

describe('the VolumeSnapshots list and the PVC list\'s actions for such a user', () => {
  it('the viewer\'s list says why the host side is missing', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(SnapshotsPage, RKE2_GUEST.id);

    await settle(12);
    expect(text(wrapper, 'snapshots-page-host-state')).toBe('You are not a member of the Harvester cluster that hosts this cluster\'s VMs: Rancher shows a cluster only to its members. The host side of the snapshots is not shown.');
  });

  it('a role without VolumeSnapshots is told it may not list them, not that the CRDs are missing', async() => {
    noSnapshotRole();
    const store = await demoStore(RKE2_GUEST.id);

    drop(VS)(store);
    const wrapper = mountWithStore(SnapshotsPage, store, { global: { stubs: { RouterLink: RouterLinkStub } } });

    await settle(12);
    expect(text(wrapper, 'snapshots-page-unavailable')).toContain('You are not allowed to list VolumeSnapshots in this cluster');
  });

  it('"Take snapshot" and "Back up" are not offered on the PVC list to a role that may not create VolumeSnapshots', async() => {
    const actions: any[] = [];

    registerVolumeSnapshots({
      addTab: () => undefined, addAction: (_where: string, _when: unknown, a: any) => actions.push(a), addProduct: () => undefined, addRoute: () => undefined
    } as any);
    const offered = async() => {
      const store = await demoStore(RKE2_GUEST.id);
      const rows = await store.dispatch('cluster/findAll', { type: 'persistentvolumeclaim', opt: { watch: false } });
      const row = rows.find((r: any) => r.metadata.name === 'data-db-0');

      return actions.map((a) => a.enabled(row));
    };

    expect(await offered()).toEqual([true, true]);
    demo.as('viewer');
    expect(await offered()).toEqual([false, false]);
  });
});
