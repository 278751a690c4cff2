/**
 * Stand-in for Longhorn (and the host's snapshot machinery) on harvester-host, which need disks: a PVC of a Longhorn
 * class (provisioner driver.longhorn.io) with Immediate binding, once kube-controller-manager names Longhorn its
 * provisioner, gets a PersistentVolume named as Longhorn's CSI
 * provisioner names it (`pvc-<uid>`, claimRef set) — kube-controller-manager's PV controller then binds the two; a
 * VolumeSnapshot of such a PVC becomes ready (its restore size the PVC's, a bound VolumeSnapshotContent named), a
 * VolumeRemoteBackup succeeds when the host has a backup target (its source volume's spec recorded, as Harvester does). What the Harvester CSI driver asks of the host is then
 * answered as Longhorn would answer it; the driver's own decisions are its own.
 */
import { KubeTarget, kubeRequest, objectPath } from '../core/kubeClient';
import { inform } from './informer';

type Obj = Record<string, any>;

const LONGHORN = 'driver.longhorn.io';

async function storageClass(host: KubeTarget, name: string): Promise<Obj | null> {
  const r = await kubeRequest(host, 'GET', `/apis/storage.k8s.io/v1/storageclasses/${ name }`);

  return r.status === 200 ? r.body : null;
}

function persistentVolume(pvc: Obj, sc: Obj): Obj {
  const name = `pvc-${ pvc.metadata.uid }`;

  return {
    apiVersion: 'v1',
    kind:       'PersistentVolume',
    metadata:   { name, annotations: { 'pv.kubernetes.io/provisioned-by': LONGHORN } },
    spec:       {
      accessModes: pvc.spec.accessModes,
      capacity:    { storage: pvc.spec.resources?.requests?.storage || '1Gi' },
      claimRef:    {
        apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid
      },
      csi: {
        driver: LONGHORN, volumeHandle: name, fsType: 'ext4', volumeAttributes: sc.parameters || {}
      },
      persistentVolumeReclaimPolicy: sc.reclaimPolicy || 'Delete',
      storageClassName:              sc.metadata.name,
      volumeMode:                    pvc.spec.volumeMode || 'Filesystem',
    },
  };
}

/**
 * Longhorn's external-provisioner acts only on a claim that kube-controller-manager's PV controller has handed to it
 * (sig-storage-lib-external-provisioner controller/controller.go shouldProvision: the storage-provisioner annotation,
 * or its beta name, naming the provisioner). Provisioning before that raced the PV controller: a pre-bound PV found
 * first was bound without the annotation, and the Harvester CSI driver's getHostSnapClass then found no provisioner
 * for the host PVC (a guest snapshot failed with "unmarshal failed", which real Harvester never shows).
 */
export function claimsLonghorn(pvc: Obj): boolean {
  const a = pvc.metadata?.annotations || {};

  return !pvc.spec?.volumeName && (a['volume.kubernetes.io/storage-provisioner'] === LONGHORN || a['volume.beta.kubernetes.io/storage-provisioner'] === LONGHORN);
}

export function startLonghorn(host: KubeTarget, log: (l: string) => void) {
  /** A snapshot of a Bound host volume gets ready (its source not Bound yet: it waits for the volume's binding). */
  const readySnapshot = async(snap: Obj): Promise<void> => {
    if (snap.status?.readyToUse || !snap.spec?.source?.persistentVolumeClaimName || snap.metadata.deletionTimestamp) {
      return;
    }
    const ns = snap.metadata.namespace;
    const pvc = await kubeRequest(host, 'GET', objectPath('v1', 'persistentvolumeclaims', ns, snap.spec.source.persistentVolumeClaimName));

    if (pvc.status !== 200 || pvc.body.status?.phase !== 'Bound') {
      return;
    }
    const status = {
      boundVolumeSnapshotContentName: `snapcontent-${ snap.metadata.uid }`,
      creationTime:                   new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      readyToUse:                     true,
      restoreSize:                    pvc.body.status?.capacity?.storage || pvc.body.spec.resources?.requests?.storage,
    };
    const r = await kubeRequest(host, 'PUT', `${ objectPath('snapshot.storage.k8s.io/v1', 'volumesnapshots', ns, snap.metadata.name) }/status`, { ...snap, status });

    if (r.status === 200) {
      log(`[longhorn] snapshot ${ ns }/${ snap.metadata.name } ready`);
    }
  };

  const pvcs = inform(host, '/api/v1/persistentvolumeclaims', async(pvc, type) => {
    if (type === 'DELETED' || pvc.metadata.deletionTimestamp) {
      return;
    }
    if (pvc.status?.phase === 'Bound') {
      const snaps = (await kubeRequest(host, 'GET', `/apis/snapshot.storage.k8s.io/v1/namespaces/${ pvc.metadata.namespace }/volumesnapshots`)).body?.items || [];

      for (const snap of snaps.filter((x: Obj) => x.spec?.source?.persistentVolumeClaimName === pvc.metadata.name)) {
        await readySnapshot({
          ...snap, apiVersion: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshot'
        });
      }
    }
    if (pvc.spec?.volumeName) {
      return;
    }
    if (!claimsLonghorn(pvc)) {
      return;
    }
    const sc = pvc.spec?.storageClassName ? await storageClass(host, pvc.spec.storageClassName) : null;

    if (!sc || sc.provisioner !== LONGHORN || (sc.volumeBindingMode === 'WaitForFirstConsumer' && !pvc.metadata.annotations?.['volume.kubernetes.io/selected-node'])) {
      return;
    }
    const r = await kubeRequest(host, 'POST', '/api/v1/persistentvolumes', persistentVolume(pvc, sc));

    if (r.status === 201) {
      log(`[longhorn] ${ pvc.metadata.namespace }/${ pvc.metadata.name }: volume pvc-${ pvc.metadata.uid }`);
    }
  }, log);

  const snapshots = inform(host, '/apis/snapshot.storage.k8s.io/v1/volumesnapshots', async(snap, type) => {
    if (type !== 'DELETED') {
      await readySnapshot(snap);
    }
  }, log);

  const backups = inform(host, '/apis/harvesterhci.io/v1beta1/volumeremotebackups', async(vrb, type) => {
    if (type === 'DELETED' || vrb.status?.success) {
      return;
    }
    // No backup target, no backup: it stays not ready (Harvester's backup needs the `backup-target` setting).
    const target = await kubeRequest(host, 'GET', '/apis/harvesterhci.io/v1beta1/settings/backup-target');

    if (!target.body?.value) {
      return;
    }
    const source = await kubeRequest(host, 'GET', objectPath('v1', 'persistentvolumeclaims', vrb.metadata.namespace, vrb.spec?.source || ''));
    const status = {
      ...(vrb.status || {}), success: true, csiProvider: LONGHORN, handle: `backup-${ vrb.metadata.uid }`, sourceSpec: source.body?.spec
    };

    await kubeRequest(host, 'PUT', `${ objectPath('harvesterhci.io/v1beta1', 'volumeremotebackups', vrb.metadata.namespace, vrb.metadata.name) }/status`, { ...vrb, status });
  }, log);

  return {
    synced: Promise.all([pvcs.synced, snapshots.synced, backups.synced]).then(() => undefined),
    stop() {
      pvcs.stop();
      snapshots.stop();
      backups.stop();
    },
  };
}
