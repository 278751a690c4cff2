/**
 * The simulator's snapshot life cycle on Harvester guests (R-VSN-*, R-VSC-3/4): what a guest user sees after
 * creating a VolumeSnapshot and a PVC restoring from it.
 */
import { CSI_ON_STEP, startControllers } from '../../lab/simulator/controllers';
import { getObject, storeObject } from '../../lab/simulator/core/state';
import { call, RKE2, useControllers } from './helpers';

const K3S = '/k8s/clusters/c-k3sg001/v1';
const SNAPS = 'snapshot.storage.k8s.io.volumesnapshots';

const world = useControllers();

const step = () => expect(call(world.state, 'POST', '/__sim/controllers/step', { as: null }).status).toBe(200);
const get = (path: string) => call(world.state, 'GET', path).body;
const post = (path: string, body: unknown) => call(world.state, 'POST', path, { body });
const snapshot = (name: string, className: string, pvc = 'data-db-0') => ({
  apiVersion: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshot', metadata: { name, namespace: 'default' }, spec: { volumeSnapshotClassName: className, source: { persistentVolumeClaimName: pvc } }
});

describe('VolumeSnapshots on Harvester guests', () => {
  it('seeds two ready snapshots of data-db-0 on rke2-guest', () => {
    const names = get(`${ RKE2 }/${ SNAPS }`).data.map((s: any) => [s.metadata.name, s.status.readyToUse, s.status.restoreSize]);

    expect(names).toEqual([['data-db-0-backup-20261121093000', true, '10Gi'], ['data-db-0-snapshot-20261120093000', true, '10Gi']]);
  });

  it('a snapshot of a bound PVC gets ready with its restoreSize; a restore from it binds a new PVC', () => {
    expect(post(`${ RKE2 }/${ SNAPS }`, snapshot('s1', 'harvester-snapshot')).status).toBe(201);
    expect(get(`${ RKE2 }/${ SNAPS }/default/s1`).status?.readyToUse).toBeFalsy();
    step();
    expect(get(`${ RKE2 }/${ SNAPS }/default/s1`).status).toMatchObject({ readyToUse: true, restoreSize: '10Gi' });

    const pvc = (name: string, accessModes: string[]) => post(`${ RKE2 }/persistentvolumeclaims`, {
      metadata: { name, namespace: 'default' },
      spec:     {
        storageClassName: 'harvester',
        accessModes,
        resources:        { requests: { storage: '10Gi' } },
        dataSource:       {
          apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 's1'
        }
      },
    });

    expect(pvc('restored', ['ReadWriteOnce']).status).toBe(201);
    expect(pvc('shared', ['ReadWriteMany']).status).toBe(201);
    step();
    expect(get(`${ RKE2 }/persistentvolumeclaims/default/restored`).status.phase).toBe('Bound');
    expect(get(`${ RKE2 }/persistentvolumeclaims/default/shared`).status?.phase).not.toBe('Bound');
    const events = get(`${ RKE2 }/events`).data.filter((e: any) => e.involvedObject.name === 'shared').map((e: any) => e.message);

    // The access mode is refused first on a host without RWX volumes, as the real driver v0.2.9 does
    // (tests/fixtures/harvester-messages/harvester-csi-driver-v0.2.9.json).
    expect(events.join('\n')).toContain('access mode MULTI_NODE_MULTI_WRITER is not supported');
  });

  it('R-VSN-14: a restore of a WaitForFirstConsumer class stays Pending with the PV controller\'s event (no Pod is ever scheduled)', () => {
    post(`${ RKE2 }/storage.k8s.io.storageclasses`, {
      apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'harvester-wffc' }, provisioner: 'driver.harvesterhci.io', volumeBindingMode: 'WaitForFirstConsumer'
    });
    expect(post(`${ RKE2 }/persistentvolumeclaims`, {
      metadata: { name: 'later', namespace: 'default' },
      spec:     {
        storageClassName: 'harvester-wffc',
        accessModes:      ['ReadWriteOnce'],
        resources:        { requests: { storage: '10Gi' } },
        dataSource:       {
          apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'data-db-0-snapshot-20261120093000'
        }
      },
    }).status).toBe(201);
    step();
    expect(get(`${ RKE2 }/persistentvolumeclaims/default/later`).status?.phase).not.toBe('Bound');
    const events = get(`${ RKE2 }/events`).data.filter((e: any) => e.involvedObject.name === 'later').map((e: any) => [e.reason, e.message]);

    expect(events).toEqual([['WaitForFirstConsumer', 'waiting for first consumer to be created before binding']]);
  });

  it('the backup class on driver v0.2.4 gives a local snapshot (type: backup not read before v0.2.8)', () => {
    post(`${ RKE2 }/${ SNAPS }`, snapshot('b1', 'harvester-backup'));
    step();
    expect(get(`${ RKE2 }/${ SNAPS }/default/b1`).status.readyToUse).toBe(true);
  });

  it('R-VSN-12: leaves the host object named snapshot-<uid> in the VM namespace: a VolumeSnapshot, or from v0.2.8 a VolumeRemoteBackup', () => {
    const HOST = '/k8s/clusters/c-hh001/v1';
    const seeded = get(`${ RKE2 }/${ SNAPS }/default/data-db-0-snapshot-20261120093000`);

    expect(get(`${ HOST }/${ SNAPS }/default/snapshot-${ seeded.metadata.uid }`).status.readyToUse).toBe(true);
    post(`${ RKE2 }/${ SNAPS }`, snapshot('l1', 'harvester-snapshot'));
    step();
    const l1 = get(`${ RKE2 }/${ SNAPS }/default/l1`);

    expect(get(`${ HOST }/${ SNAPS }/default/snapshot-${ l1.metadata.uid }`).spec.source.persistentVolumeClaimName).toBe('pvc-3f1c9a52-7a1e-4d7e-9c1b-000000000019');

    const ds = JSON.parse(JSON.stringify(getObject(world.state, 'c-m-rke2g001', 'apps.daemonset', 'kube-system/harvester-csi-driver')));

    ds.spec.template.spec.containers[0].image = 'rancher/harvester-csi-driver:v0.2.8';
    storeObject(world.state, 'c-m-rke2g001', 'apps.daemonset', ds);
    post(`${ RKE2 }/${ SNAPS }`, snapshot('b2', 'harvester-backup'));
    step();
    const b2 = get(`${ RKE2 }/${ SNAPS }/default/b2`);

    expect(b2.status.readyToUse).toBe(true);
    expect(get(`${ HOST }/harvesterhci.io.volumeremotebackups/default/snapshot-${ b2.metadata.uid }`)).toMatchObject({ spec: { type: 'lh', source: 'pvc-3f1c9a52-7a1e-4d7e-9c1b-000000000019' }, status: { success: true } });
  });

  it('driver v0.1.3 (k3s-guest) answers Unimplemented', () => {
    post(`${ K3S }/snapshot.storage.k8s.io.volumesnapshotclasses`, {
      apiVersion: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshotClass', metadata: { name: 'hv' }, driver: 'driver.harvesterhci.io', deletionPolicy: 'Delete'
    });
    post(`${ K3S }/persistentvolumeclaims`, {
      metadata: { name: 'vol', namespace: 'default' },
      spec:     {
        storageClassName: 'harvester', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }
      }
    });
    step();
    post(`${ K3S }/${ SNAPS }`, snapshot('k1', 'hv', 'vol'));
    step();
    const status = get(`${ K3S }/${ SNAPS }/default/k1`).status;

    expect(status.readyToUse).toBe(false);
    expect(status.error.message).toContain('code = Unimplemented');
  });
});

describe('the e2e and compat suites\' controllers (CSI_ON_STEP)', () => {
  it('run the CSI driver only, and only when stepped: a snapshot waits, then gets ready; a Service gets no address', () => {
    world.controllers.stop();
    world.controllers = startControllers(world.state, CSI_ON_STEP);
    expect(post(`${ RKE2 }/${ SNAPS }`, snapshot('e2e-1', 'harvester-snapshot')).status).toBe(201);
    expect(post(`${ RKE2 }/services`, {
      apiVersion: 'v1', kind: 'Service', metadata: { name: 'e2e-lb', namespace: 'default' }, spec: { type: 'LoadBalancer', ports: [{ port: 80 }] }
    }).status).toBe(201);
    expect(world.controllers.pending()).toBe(1);
    step();
    expect(get(`${ RKE2 }/${ SNAPS }/default/e2e-1`).status?.readyToUse).toBe(true);
    expect(get(`${ RKE2 }/services/default/e2e-lb`).status?.loadBalancer?.ingress).toBeUndefined();
  });
});
