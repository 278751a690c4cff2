/**
 * The CSI scenarios of the controller differential: what a guest user does with volumes of the `harvester` class
 * (driver.harvesterhci.io), against the real CSI driver v0.2.9 with the Kubernetes sidecars and Longhorn's stand-in,
 * and against the simulator's csi.ts / csiSnapshots.ts. Both sides run the same driver version (backend.ts sets the
 * simulator's DaemonSet to v0.2.9, which the stack's real-mode seed names too).
 */
import { Backend, items } from './backend';
import { createNamespace } from './scenarioSteps';

type Obj = Record<string, any>;

export interface CsiScenario {
  name: string;
  run(b: Backend, ns: string): Promise<void>;
}

const SNAPSHOTS = (ns: string) => `/apis/snapshot.storage.k8s.io/v1/namespaces/${ ns }/volumesnapshots`;

function pvc(ns: string, name: string, extra: Obj = {}): Obj {
  return {
    apiVersion: 'v1',
    kind:       'PersistentVolumeClaim',
    metadata:   { name, namespace: ns },
    spec:       {
      accessModes: ['ReadWriteOnce'], storageClassName: 'harvester', resources: { requests: { storage: '1Gi' } }, ...extra
    },
  };
}

function snapshot(ns: string, name: string, source: string, cls = 'harvester-snapshot'): Obj {
  return {
    apiVersion: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshot', metadata: { name, namespace: ns }, spec: { volumeSnapshotClassName: cls, source: { persistentVolumeClaimName: source } }
  };
}

async function post(b: Backend, path: string, body: Obj): Promise<void> {
  const r = await b.request('guest', 'POST', path, body);

  if (r.status >= 300) {
    throw new Error(`POST ${ path }: ${ r.status } ${ r.body?.message }`);
  }
}

/** Bound, or the provisioner's failure event. */
async function volumeSettled(b: Backend, ns: string, name: string): Promise<void> {
  await b.settle(async() => {
    const claim = (await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/persistentvolumeclaims/${ name }`)).body;
    const events = items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/events`));

    return claim?.status?.phase === 'Bound' || events.some((e) => e.involvedObject?.uid === claim?.metadata?.uid && e.reason === 'ProvisioningFailed');
  }, 60000);
}

/** Ready, or an error on the snapshot. */
async function snapshotSettled(b: Backend, ns: string, name: string): Promise<void> {
  await b.settle(async() => {
    const s = (await b.request('guest', 'GET', `${ SNAPSHOTS(ns) }/${ name }`)).body;

    return !!s?.status?.readyToUse || !!s?.status?.error;
  }, 90000);
}

async function volume(b: Backend, ns: string, name: string, extra: Obj = {}): Promise<void> {
  await post(b, `/api/v1/namespaces/${ ns }/persistentvolumeclaims`, pvc(ns, name, extra));
  await volumeSettled(b, ns, name);
}

export const CSI_SCENARIOS: CsiScenario[] = [
  { name: 'a volume', run: (b, ns) => volume(b, ns, 'data') },
  { name: 'a ReadWriteMany volume', run: (b, ns) => volume(b, ns, 'shared', { accessModes: ['ReadWriteMany'] }) },
  {
    name: 'snapshot and restore',
    run:  async(b, ns) => {
      await volume(b, ns, 'data');
      await post(b, SNAPSHOTS(ns), snapshot(ns, 'snap', 'data'));
      await snapshotSettled(b, ns, 'snap');
      await volume(b, ns, 'restored', {
        dataSource: {
          apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap'
        }
      });
    },
  },
  {
    name: 'backup',
    run:  async(b, ns) => {
      await volume(b, ns, 'data');
      await post(b, SNAPSHOTS(ns), snapshot(ns, 'backup', 'data', 'harvester-backup'));
      await snapshotSettled(b, ns, 'backup');
    },
  },
  {
    // Harvester backs up to its backup target; without one the host's VolumeRemoteBackup never succeeds.
    name: 'a backup without a backup target',
    run:  async(b, ns) => {
      const setting = '/apis/harvesterhci.io/v1beta1/settings/backup-target';
      const before = (await b.request('host', 'GET', setting)).body;

      await b.request('host', 'PUT', setting, { ...before, value: '' });
      try {
        await volume(b, ns, 'data');
        await post(b, SNAPSHOTS(ns), snapshot(ns, 'backup', 'data', 'harvester-backup'));
        await snapshotSettled(b, ns, 'backup');
      } finally {
        const now = (await b.request('host', 'GET', setting)).body;

        await b.request('host', 'PUT', setting, { ...now, value: before?.value });
      }
    },
  },
  {
    name: 'a ReadWriteMany restore',
    run:  async(b, ns) => {
      await volume(b, ns, 'data');
      await post(b, SNAPSHOTS(ns), snapshot(ns, 'snap', 'data'));
      await snapshotSettled(b, ns, 'snap');
      await volume(b, ns, 'restored', {
        accessModes: ['ReadWriteMany'],
        dataSource:  {
          apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap'
        }
      });
    },
  },
  {
    name: 'a snapshot deleted',
    run:  async(b, ns) => {
      await volume(b, ns, 'data');
      await post(b, SNAPSHOTS(ns), snapshot(ns, 'snap', 'data'));
      await snapshotSettled(b, ns, 'snap');
      await b.request('guest', 'DELETE', `${ SNAPSHOTS(ns) }/snap`);
      await b.settle(async() => (await b.request('guest', 'GET', `${ SNAPSHOTS(ns) }/snap`)).status === 404, 60000);
    },
  },
];

export { createNamespace };

/** Deletes the scenario's namespace (kube-controller-manager deletes what is in it) and waits until it is gone. */
export async function removeCsiScenario(b: Backend, ns: string): Promise<void> {
  for (const s of items(await b.request('guest', 'GET', SNAPSHOTS(ns)))) {
    await b.request('guest', 'DELETE', `${ SNAPSHOTS(ns) }/${ s.metadata.name }`);
  }
  for (const c of items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/persistentvolumeclaims`))) {
    await b.request('guest', 'DELETE', `/api/v1/namespaces/${ ns }/persistentvolumeclaims/${ c.metadata.name }`);
  }
  await b.settle(async() => !items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/persistentvolumeclaims`)).length, 30000);
}
