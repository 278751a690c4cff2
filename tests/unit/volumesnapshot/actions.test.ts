/**
 * R-VSN-15: "Take snapshot" / "Back up to Harvester" only on PVC list rows of the Harvester driver's classes; a class
 * the store does not hold keeps them (the tab then says whether the claim is the driver's).
 */
import { offersSnapshotActions } from '@pkg/volumesnapshot/actions';
import { registerVolumeSnapshots } from '@pkg/volumesnapshot/register';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { storeObject } from '../../../lab/simulator/core/state';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';

const { state } = useDemoServer();

const claim = (storageClassName?: string) => ({ spec: { storageClassName } });
const CLASSES = [
  { metadata: { name: 'harvester' }, provisioner: 'driver.harvesterhci.io' },
  { metadata: { name: 'local-path' }, provisioner: 'rancher.io/local-path' },
];

describe('R-VSN-15 the PVC list\'s snapshot actions', () => {
  it('are offered for the driver\'s classes and classes the store does not hold; not for another provisioner\'s or no class', () => {
    expect(offersSnapshotActions(claim('harvester'), CLASSES)).toBe(true);
    expect(offersSnapshotActions(claim('local-path'), CLASSES)).toBe(false);
    expect(offersSnapshotActions(claim('retired'), CLASSES)).toBe(true);
    expect(offersSnapshotActions(claim('local-path'), [])).toBe(true);
    expect(offersSnapshotActions(claim(''), CLASSES)).toBe(false);
    expect(offersSnapshotActions(claim(), CLASSES)).toBe(false);
  });

  it('their `enabled` hook reads the shell\'s own PVC rows and the StorageClasses its store holds', async() => {
    storeObject(state, RKE2_GUEST.id, 'storage.k8s.io.storageclass', {
      apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'local-path' }, provisioner: 'rancher.io/local-path'
    });
    for (const [name, storageClassName] of [['cache', 'local-path'], ['orphan', 'retired']]) {
      storeObject(state, RKE2_GUEST.id, 'persistentvolumeclaim', {
        apiVersion: 'v1',
        kind:       'PersistentVolumeClaim',
        metadata:   { name, namespace: 'default' },
        spec:       {
          storageClassName, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }
        }
      });
    }
    const actions: any[] = [];

    registerVolumeSnapshots({
      addTab: () => undefined, addAction: (_where: string, _when: unknown, a: any) => actions.push(a), addProduct: () => undefined, addRoute: () => undefined
    } as any);
    const store = await demoStore(RKE2_GUEST.id);
    const rows = await store.dispatch('cluster/findAll', { type: 'persistentvolumeclaim', opt: { watch: false } });
    const offered = () => Object.fromEntries(rows.filter((r: any) => ['data-db-0', 'cache', 'orphan'].includes(r.metadata.name)).map((r: any) => [r.metadata.name, actions.map((a) => a.enabled(r))]));

    // The PVC list loads no StorageClasses: nothing is known to be foreign yet.
    expect(offered()).toEqual({
      'data-db-0': [true, true], cache: [true, true], orphan: [true, true]
    });
    await store.dispatch('cluster/findAll', { type: 'storage.k8s.io.storageclass', opt: { watch: false } });
    expect(offered()).toEqual({
      'data-db-0': [true, true], cache: [false, false], orphan: [true, true]
    });
  });
});
