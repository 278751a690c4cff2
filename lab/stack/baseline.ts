/**
 * Back to the demo as the stack started it, without restarting it (a fresh start with Harvester's controllers takes
 * about a minute: seeding, the webhook's registration, the controllers settling). `captureBaseline` records what
 * the clusters hold once settled; `resetToBaseline` deletes what was made since — namespaces (their contents go
 * with them, through kube-controller-manager), Services, PVCs, VolumeSnapshots, host LoadBalancers and IP pools —
 * puts the demo Services' labels and annotations and the pools' specs back, and waits for the controllers to settle
 * again. What the controllers then do is theirs, as after any change a user makes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ClusterKey } from '../core/config';
import { StackInfo, kubeTarget } from '../core/stackInfo';
import { RUN_DIR } from '../core/paths';
import { KubeTarget, kubeRequest } from '../core/kubeClient';
import { waitHarvesterSettled } from './harvester/phase';

type Obj = Record<string, any>;

const KINDS: Record<ClusterKey, string[]> = {
  guest: ['/api/v1/services', '/api/v1/persistentvolumeclaims', '/apis/snapshot.storage.k8s.io/v1/volumesnapshots', '/apis/snapshot.storage.k8s.io/v1/volumesnapshotclasses'],
  host:  ['/apis/loadbalancer.harvesterhci.io/v1beta1/loadbalancers', '/apis/loadbalancer.harvesterhci.io/v1beta1/ippools'],
  // What the set-up flow makes there: the cloud-config Secret, the charts' workloads (with Helm's release Secrets) and
  // Apps, the CSI chart's StorageClass, CSIDriver and VolumeSnapshotClass, Services. The charts' ServiceAccounts and
  // RBAC stay: Helm adopts its own on the next install (they carry the release's annotations).
  bare:  [
    '/api/v1/services', '/api/v1/secrets', '/apis/apps/v1/deployments', '/apis/apps/v1/daemonsets', '/apis/catalog.cattle.io/v1/apps',
    '/apis/storage.k8s.io/v1/storageclasses', '/apis/storage.k8s.io/v1/csidrivers', '/apis/snapshot.storage.k8s.io/v1/volumesnapshotclasses',
  ],
};

export interface Baseline {
  namespaces: Record<ClusterKey, string[]>;
  objects: Record<ClusterKey, Record<string, Obj>>;
}

const idOf = (collection: string, o: Obj) => `${ collection }/${ o.metadata.namespace || '' }/${ o.metadata.name }`;

function pathOf(collection: string, o: Obj): string {
  const [prefix, plural] = [collection.slice(0, collection.lastIndexOf('/')), collection.slice(collection.lastIndexOf('/') + 1)];

  return o.metadata.namespace ? `${ prefix }/namespaces/${ o.metadata.namespace }/${ plural }/${ o.metadata.name }` : `${ collection }/${ o.metadata.name }`;
}

async function list(t: KubeTarget, path: string): Promise<Obj[]> {
  const r = await kubeRequest(t, 'GET', path);

  return r.status === 200 ? r.body.items || [] : [];
}

async function snapshotOf(t: KubeTarget, key: ClusterKey): Promise<Record<string, Obj>> {
  const out: Record<string, Obj> = {};

  for (const c of KINDS[key]) {
    for (const o of await list(t, c)) {
      out[idOf(c, o)] = {
        labels: o.metadata.labels, annotations: o.metadata.annotations, spec: o.spec
      };
    }
  }

  return out;
}

export async function captureBaseline(info: StackInfo): Promise<Baseline> {
  const b: Baseline = {
    namespaces: {
      guest: [], host: [], bare: []
    },
    objects: {
      guest: {}, host: {}, bare: {}
    }
  };

  for (const key of Object.keys(KINDS) as ClusterKey[]) {
    const t = kubeTarget(info, key);

    b.namespaces[key] = (await list(t, '/api/v1/namespaces')).map((n) => n.metadata.name);
    b.objects[key] = await snapshotOf(t, key);
  }

  return b;
}

/** The baseline of the stack's etcd, recorded when the stack started on an empty one (startStack). */
export const BASELINE_FILE = path.join(RUN_DIR, 'baseline.json');

export async function recordBaseline(info: StackInfo): Promise<void> {
  fs.writeFileSync(BASELINE_FILE, JSON.stringify(await captureBaseline(info)), { mode: 0o600 });
}

/**
 * What a reset goes back to: the clusters as the stack's start on an empty etcd left them, whatever a run since
 * changed (a flow run against a stack someone used before found its edits taken for the baseline). A stack whose
 * start recorded none (kept etcd from before the record existed) is taken as it is now.
 */
export async function stackBaseline(info: StackInfo): Promise<Baseline> {
  if (fs.existsSync(BASELINE_FILE)) {
    return JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8'));
  }
  await recordBaseline(info);

  return JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8'));
}

async function until(check: () => Promise<boolean>, ms = 60000): Promise<void> {
  const end = Date.now() + ms;

  while (!await check()) {
    if (Date.now() > end) {
      throw new Error('the stack did not get back to its baseline in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** What a reset of a cluster did: removed what was made since, and put back what was there. */
export interface Done { removed: boolean; restored: boolean }

/**
 * How long Harvester's controllers are waited for after a reset (ms their answers must stay the same), or null for
 * not at all. Something put back (a demo Service's annotations, a pool's spec): they act on it, and a sharing Service
 * fails until its primary has an address again, so 5 s. Only what flows made removed: the demo's Services are as they
 * were, and one look that each has its answer is enough. Nothing (a flow that only read): nothing to wait for.
 */
export function settleAfter(done: Done[]): number | null {
  if (done.some((d) => d.restored)) {
    return 5000;
  }

  return done.some((d) => d.removed) ? 0 : null;
}

/**
 * A LoadBalancer Service a flow made goes with its host LoadBalancer: Kubernetes keeps it until Harvester's cloud
 * provider has deleted that and taken its finalizer off. The host's leftovers are removed only after that: a host
 * LoadBalancer deleted while the provider still waits for its address (harvester-cloud-provider v0.2.7
 * loadbalancer.go `waitForIP`, 10 × 1 s) holds the provider's one worker for those 10 s, into the next flow.
 */
const LB_CLEANUP = 'service.kubernetes.io/load-balancer-cleanup';

/** Puts one cluster back to the baseline. */
async function resetCluster(t: KubeTarget, key: ClusterKey, b: Baseline): Promise<Done> {
  const done: Done = { removed: false, restored: false };
  const going: string[] = [];

  for (const ns of await list(t, '/api/v1/namespaces')) {
    if (b.namespaces[key].includes(ns.metadata.name)) {
      continue;
    }
    done.removed = true;
    if (!ns.metadata.deletionTimestamp) {
      await kubeRequest(t, 'DELETE', `/api/v1/namespaces/${ ns.metadata.name }`);
    }
  }
  for (const c of KINDS[key]) {
    for (const o of await list(t, c)) {
      const was = b.objects[key][idOf(c, o)];

      if (!was) {
        done.removed = true;
        await kubeRequest(t, 'DELETE', pathOf(c, o));
        if (o.metadata.finalizers?.includes(LB_CLEANUP)) {
          going.push(pathOf(c, o));
        }
      } else if (JSON.stringify([o.metadata.labels, o.metadata.annotations]) !== JSON.stringify([was.labels, was.annotations]) || (key === 'host' && JSON.stringify(o.spec) !== JSON.stringify(was.spec))) {
        const back = {
          ...o,
          metadata: {
            ...o.metadata, labels: was.labels, annotations: was.annotations
          },
          spec: key === 'host' ? was.spec : o.spec
        };

        done.restored = true;
        await kubeRequest(t, 'PUT', pathOf(c, o), back);
      }
    }
  }
  await until(async() => (await list(t, '/api/v1/namespaces')).every((n) => b.namespaces[key].includes(n.metadata.name)));
  for (const p of going) {
    await until(async() => (await kubeRequest(t, 'GET', p)).status === 404);
  }

  return done;
}

export async function resetToBaseline(info: StackInfo, b: Baseline): Promise<void> {
  // The guest first: its Services' load balancers go with them (or are left behind, see below).
  const done = [await resetCluster(kubeTarget(info, 'guest'), 'guest', b)];

  if (b.objects.bare && info.clusters.bare) {
    done.push(await resetCluster(kubeTarget(info, 'bare'), 'bare', b));
  }
  // What the guest left on the host (a LoadBalancer whose Service went before its address reached it), then the rest.
  done.push(await resetCluster(kubeTarget(info, 'host'), 'host', b));
  if (!info.harvester) {
    return;
  }
  const stableMs = settleAfter(done);

  if (stableMs !== null) {
    await waitHarvesterSettled(info.adminToken, () => undefined, 120000, stableMs);
  }
}
