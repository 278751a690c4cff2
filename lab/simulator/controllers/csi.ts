/**
 * The Harvester CSI driver's provisioning, as a guest sees it (harvester/harvester-csi-driver
 * pkg/csi/controller_server.go CreateVolume, behind the external-provisioner sidecar): a PVC of a StorageClass
 * whose provisioner is `driver.harvesterhci.io` gets a host PVC `pvc-<claim uid>` in the VM namespace of the
 * StorageClass's `hostStorageClass` (else the driver's default), and is Bound to a guest PV of the same name.
 * A claim of a `WaitForFirstConsumer` class waits (the PV controller's event) as no Pod is ever scheduled here.
 * Failures are the external-provisioner's `ProvisioningFailed` event wrapping the driver's gRPC error:
 * - ReadWriteMany where the host has no NetworkFilesystem support (validateVolumeCapabilities):
 *   `access mode MULTI_NODE_MULTI_WRITER is not supported` (InvalidArgument);
 * - `hostStorageClass` naming a class the host lacks (validStorageClass): the API's NotFound text;
 * - `hostStorageClass` empty: client-go's "resource name may not be empty" (Internal).
 */
import { getObject, listObjects, SimState, storeObject } from '../core/state';
import { newUid } from '../core/ids';
import { ChangeEvent, KubeObject } from '../core/types';
import { recordEvent } from './events';
import { restoreCheck } from './csiSnapshots';
import { harvesterGuest } from './harvesterGuests';
import { Controller } from './runtime';

export const CSI_DRIVER = 'driver.harvesterhci.io';
/** The driver's `--host-storage-class` default: the host's default class. */
const SOURCE = { component: `${ CSI_DRIVER }_harvester-csi-driver-controllers-0_5b6c2a1e-0000-4000-8000-000000000001` };

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

function now(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

function storageClassOf(state: SimState, clusterId: string, pvc: KubeObject): KubeObject | undefined {
  const classes = listObjects(state, clusterId, 'storage.k8s.io.storageclass');
  const name = pvc.spec?.storageClassName;

  return name ? classes.find((c) => c.metadata.name === name) : classes.find((c) => c.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true');
}

/** The driver's error for this claim, or the host class to provision from. */
function check(state: SimState, hostId: string, sc: KubeObject, pvc: KubeObject): { error: string } | { hostClass: string } {
  if ((pvc.spec?.accessModes || []).includes('ReadWriteMany')) {
    return { error: 'rpc error: code = InvalidArgument desc = access mode MULTI_NODE_MULTI_WRITER is not supported' };
  }
  const params = sc.parameters || {};

  if ('hostStorageClass' in params) {
    if (!params.hostStorageClass) {
      return { error: 'rpc error: code = Internal desc = resource name may not be empty' };
    }
    if (!getObject(state, hostId, 'storage.k8s.io.storageclass', params.hostStorageClass)) {
      return { error: `rpc error: code = NotFound desc = storageclasses.storage.k8s.io "${ params.hostStorageClass }" not found` };
    }

    return { hostClass: params.hostStorageClass };
  }
  const hostDefault = listObjects(state, hostId, 'storage.k8s.io.storageclass').find((c) => c.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true');

  return { hostClass: hostDefault?.metadata.name || 'harvester-longhorn' };
}

function provision(state: SimState, clusterId: string, id: string): void {
  const guest = harvesterGuest(state, clusterId);
  const pvc = getObject(state, clusterId, 'persistentvolumeclaim', id);

  if (!guest || !pvc || pvc.spec?.volumeName || pvc.status?.phase === 'Bound') {
    return;
  }
  const sc = storageClassOf(state, clusterId, pvc);

  if (!sc || sc.provisioner !== CSI_DRIVER) {
    return;
  }
  // Kubernetes' PV controller holds a claim of a WaitForFirstConsumer class until the scheduler picks a node for a
  // Pod using it (pv_controller.go `emitEventForUnboundDelayBindingClaim`); the simulator schedules no Pods.
  if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !pvc.metadata.annotations?.['volume.kubernetes.io/selected-node']) {
    recordEvent(state, clusterId, pvc, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding', { component: 'persistentvolume-controller' });

    return;
  }
  const claim = `${ pvc.metadata.namespace }/${ pvc.metadata.name }`;

  // Kubernetes' PV controller, for a claim an external provisioner is to serve (pv_controller.go provisionClaim).
  recordEvent(state, clusterId, pvc, 'Normal', 'ExternalProvisioning', `Waiting for a volume to be created either by the external provisioner '${ CSI_DRIVER }' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`, { component: 'persistentvolume-controller' });
  // A restore (dataSource → VolumeSnapshot) waits for its snapshot, then the driver's validateVolumeContentSource.
  const restore = restoreCheck(state, clusterId, pvc);

  if (restore && 'wait' in restore) {
    return;
  }
  recordEvent(state, clusterId, pvc, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${ claim }"`, SOURCE);
  // The access modes are checked before the content source: on a host without RWX support a ReadWriteMany restore
  // meets that refusal first (validateCreateVolReq before validateVolumeContentSource).
  const readWriteMany = (pvc.spec?.accessModes || []).includes('ReadWriteMany');
  const result = readWriteMany ? check(state, guest.hostId, sc, pvc) : restore || check(state, guest.hostId, sc, pvc);

  if ('error' in result) {
    // sig-storage-lib-external-provisioner v13: an InvalidArgument answer is infeasible, retried slowly, and says so.
    const message = /code = InvalidArgument/.test(result.error) ? `Volume provisioning failed with infeasible error. Retries will be delayed. ${ result.error }` : `failed to provision volume with StorageClass "${ sc.metadata.name }": ${ result.error }`;

    recordEvent(state, clusterId, pvc, 'Warning', 'ProvisioningFailed', message, SOURCE);

    return;
  }
  const volume = `pvc-${ pvc.metadata.uid }`;
  const size = pvc.spec?.resources?.requests?.storage || '1Gi';
  const at = now();
  // A restore's host volume is made from the host snapshot the driver took (buildHostPVCFromSnap).
  const source = pvc.spec?.dataSource?.kind === 'VolumeSnapshot' ? getObject(state, clusterId, 'snapshot.storage.k8s.io.volumesnapshot', `${ pvc.metadata.namespace }/${ pvc.spec.dataSource.name }`) : undefined;
  const dataSource = source ? {
    dataSource: {
      apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: `snapshot-${ source.metadata.uid }`
    }
  } : {};

  storeObject(state, guest.hostId, 'persistentvolumeclaim', {
    apiVersion: 'v1',
    kind:       'PersistentVolumeClaim',
    metadata:   {
      name: volume, namespace: guest.vmNamespace, uid: newUid(`${ guest.hostId }/pvc/${ volume }`), creationTimestamp: at, annotations: { 'pv.kubernetes.io/bind-completed': 'yes' }
    },
    // Always ReadWriteMany on the host, whatever the guest asked: the VM's disk must follow a live migration
    // (controller_server.go buildHostPVCFromScratch, buildHostPVCFromSnap).
    spec: {
      accessModes: ['ReadWriteMany'], volumeMode: 'Block', storageClassName: result.hostClass, resources: { requests: { storage: size } }, volumeName: `pvc-${ newUid(volume) }`, ...dataSource
    },
    status: {
      phase: 'Bound', accessModes: ['ReadWriteMany'], capacity: { storage: size }
    },
  });
  storeObject(state, clusterId, 'persistentvolume', {
    apiVersion: 'v1',
    kind:       'PersistentVolume',
    metadata:   {
      name: volume, uid: newUid(`${ clusterId }/pv/${ volume }`), creationTimestamp: at, annotations: { 'pv.kubernetes.io/provisioned-by': CSI_DRIVER }, finalizers: ['kubernetes.io/pv-protection']
    },
    spec: {
      accessModes: pvc.spec?.accessModes || ['ReadWriteOnce'],
      capacity:    { storage: size },
      claimRef:    {
        apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid
      },
      csi: {
        driver: CSI_DRIVER, volumeHandle: volume, fsType: 'ext4', volumeAttributes: { ...(sc.parameters || {}), 'storage.kubernetes.io/csiProvisionerIdentity': SOURCE.component.split('_').pop() }
      },
      persistentVolumeReclaimPolicy: sc.reclaimPolicy || 'Delete',
      storageClassName:              sc.metadata.name,
      volumeMode:                    pvc.spec?.volumeMode || 'Filesystem',
    },
    status: { phase: 'Bound' },
  });
  const bound = clone(getObject(state, clusterId, 'persistentvolumeclaim', id) as KubeObject);

  bound.metadata.annotations = {
    ...(bound.metadata.annotations || {}), 'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes', 'volume.beta.kubernetes.io/storage-provisioner': CSI_DRIVER, 'volume.kubernetes.io/storage-provisioner': CSI_DRIVER
  };
  bound.spec = { ...bound.spec, volumeName: volume };
  bound.status = {
    phase: 'Bound', accessModes: bound.spec.accessModes, capacity: { storage: size }
  };
  storeObject(state, clusterId, 'persistentvolumeclaim', bound);
  recordEvent(state, clusterId, bound, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${ volume }`, SOURCE);
}

export const csiController: Controller = {
  name: 'harvester-csi-driver',
  keysFor(ev: ChangeEvent, state: SimState): string[] {
    return ev.type === 'persistentvolumeclaim' && ev.name === 'resource.create' && harvesterGuest(state, ev.cluster) ? [`${ ev.cluster }\t${ ev.id }`] : [];
  },
  reconcile(state: SimState, key: string): void {
    const [clusterId, id] = key.split('\t');

    provision(state, clusterId, id);
  },
};
