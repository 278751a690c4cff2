/**
 * The demo data of the real clusters, created through their real API: the simulator's seed for rke2-guest and
 * harvester-host (lab/simulator/demo), so both modes show the same names. Objects go in as a client would send them
 * (no uid, resourceVersion or timestamps); a status the seed carries is then written through the status
 * subresource, where Kubernetes keeps it apart from spec. RBAC for the demo users goes in first.
 */
import { demoSeed } from '../world/seed';
import {
  APP_TYPE, CLUSTER_REPO_TYPE, lookupType, OPERATION_TYPE, typeOfObject, TypeDef
} from '../simulator/core/registry';
import { USERS } from '../simulator/rancher/users';
import { crdFor, needsCrd } from '../core/crds';
import { KubeTarget, kubeExpect, kubeRequest, objectPath } from '../core/kubeClient';
import { applyAll, waitCrdsEstablished } from '../core/apply';
import { guestBeforeControllers, hostBeforeControllers } from '../world/beforeControllers';
import { CLUSTERS } from '../core/config';
import type { StackCluster } from '../core/config';
import { withRunningVersions } from './runningVersions';
import { splitAfterMapping } from './harvester/afterMapping';

type Obj = Record<string, any>;

export function seedObjects(clusterId: string): Obj[] {
  const c = demoSeed().clusters.find((x) => x.id === clusterId);

  if (!c) {
    throw new Error(`no demo seed for cluster ${ clusterId }`);
  }

  return c.objects as Obj[];
}

/** Core resources a read-only member reads: all but Secrets (Rancher's read-only role does not include them). */
const CORE_READ = ['pods', 'pods/log', 'services', 'endpoints', 'configmaps', 'events', 'namespaces', 'nodes', 'persistentvolumeclaims', 'persistentvolumes', 'serviceaccounts', 'resourcequotas', 'limitranges', 'replicationcontrollers'];

const OTHER_GROUPS = [
  'apps', 'batch', 'networking.k8s.io', 'storage.k8s.io', 'snapshot.storage.k8s.io', 'apiextensions.k8s.io', 'rbac.authorization.k8s.io', 'discovery.k8s.io',
  'events.k8s.io', 'policy', 'autoscaling', 'management.cattle.io', 'catalog.cattle.io', 'kubevirt.io', 'loadbalancer.harvesterhci.io', 'k8s.cni.cncf.io', 'harvesterhci.io',
];

/**
 * Read-only, as the simulator's viewer is (lab/simulator/rancher/access.ts). Kubernetes' own `view` role cannot be used:
 * its rules are filled in by kube-controller-manager's aggregation controller, which this stack does not run.
 */
export const READ_ONLY_ROLE = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind:       'ClusterRole',
  metadata:   { name: 'demo-read-only' },
  rules:      [
    {
      apiGroups: [''], resources: CORE_READ, verbs: ['get', 'list', 'watch']
    },
    {
      apiGroups: OTHER_GROUPS, resources: ['*'], verbs: ['get', 'list', 'watch']
    },
  ],
};

/** How Rancher's users map to Kubernetes RBAC in the cluster: admins are cluster-admin, members read. */
export function rbacObjects(clusterId: string): Obj[] {
  const out: Obj[] = [READ_ONLY_ROLE];

  for (const u of Object.values(USERS)) {
    const role = u.admin ? 'cluster-admin' : (u.readOnlyClusters.includes(clusterId) ? READ_ONLY_ROLE.metadata.name : null);

    if (role) {
      out.push({
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind:       'ClusterRoleBinding',
        metadata:   { name: `demo-${ u.name }` },
        roleRef:    {
          apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role
        },
        subjects: [{
          apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: u.id
        }],
      });
    }
  }

  return out;
}

function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const n = (s: string) => s.split('.').reduce((a, x) => (a * 256) + Number(x), 0);
  const size = 2 ** (32 - Number(bits));

  return /^\d+\.\d+\.\d+\.\d+$/.test(ip) && Math.floor(n(ip) / size) === Math.floor(n(base) / size);
}

/** The object as a client creates it: server-owned metadata and status removed; ClusterIPs outside the range dropped. */
export function forCreate(obj: Obj, cluster: StackCluster, uids: Map<string, string> = new Map()): Obj {
  const copy = JSON.parse(JSON.stringify(obj));
  const ns = copy.metadata.namespace;

  for (const k of ['uid', 'resourceVersion', 'creationTimestamp', 'generation', 'managedFields', 'selfLink', 'deletionTimestamp']) {
    delete copy.metadata[k];
  }
  delete copy.status;
  // Owners get new uids in the real cluster: point at those, and drop references to owners the seed does not have.
  // A volume bound to a claim names its uid: the claim's new one (else kube-controller-manager releases the volume).
  if (copy.kind === 'PersistentVolume' && copy.spec?.claimRef?.name) {
    const claim = uids.get(`PersistentVolumeClaim/${ copy.spec.claimRef.namespace || '' }/${ copy.spec.claimRef.name }`);

    copy.spec.claimRef = claim ? { ...copy.spec.claimRef, uid: claim } : { ...copy.spec.claimRef, uid: undefined };
  }
  if (copy.metadata.ownerReferences) {
    copy.metadata.ownerReferences = copy.metadata.ownerReferences
      .map((r: Obj) => ({ ...r, uid: uids.get(`${ r.kind }/${ ns || '' }/${ r.name }`) }))
      .filter((r: Obj) => r.uid);
    if (!copy.metadata.ownerReferences.length) {
      delete copy.metadata.ownerReferences;
    }
  }
  // An event names its object by the uid it had in the simulator's settle: the real object gets another.
  if (copy.kind === 'Event' && copy.involvedObject) {
    delete copy.involvedObject.uid;
    delete copy.involvedObject.resourceVersion;
  }
  if (copy.kind === 'Service' && copy.spec) {
    if (copy.spec.clusterIP && copy.spec.clusterIP !== 'None' && !inCidr(copy.spec.clusterIP, cluster.serviceCidr)) {
      delete copy.spec.clusterIP;
      delete copy.spec.clusterIPs;
    }
  }

  return copy;
}

async function createObject(target: KubeTarget, t: TypeDef, obj: Obj, cluster: StackCluster, uids: Map<string, string>): Promise<void> {
  const ns = t.namespaced ? obj.metadata.namespace || 'default' : undefined;
  const apiVersion = t.group ? `${ t.group }/${ t.version }` : t.version;
  const body = forCreate(obj, cluster, uids);

  // Without a status subresource (Harvester's LoadBalancer and IPPool, KubeVirt's VMI) status is part of the object.
  if (obj.status && !t.statusSubresource) {
    body.status = obj.status;
  }
  const created = await kubeRequest(target, 'POST', objectPath(apiVersion, t.resource, ns), body);
  const key = `${ obj.kind }/${ t.namespaced ? ns : '' }/${ obj.metadata.name }`;

  if (created.status === 409 || created.status === 422) {
    const existing = await kubeRequest(target, 'GET', objectPath(apiVersion, t.resource, ns, obj.metadata.name));

    if (existing.status === 200) {
      // Already there: made by the API server itself (default/kubernetes), or a stack restarted on its own data.
      uids.set(key, existing.body.metadata.uid);
      if (obj.kind === 'Namespace') {
        // `default` and `kube-system` come with the cluster: Rancher's project labels and annotations go on them.
        await kubeExpect(target, 'PATCH', objectPath(apiVersion, t.resource, ns, obj.metadata.name), { metadata: { labels: obj.metadata.labels, annotations: obj.metadata.annotations } });
      }

      return;
    }
  }
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`seed ${ cluster.name }: ${ obj.kind } ${ ns ? `${ ns }/` : '' }${ obj.metadata.name }: ${ created.status } ${ created.body?.message || created.text.slice(0, 200) }`);
  }
  uids.set(key, created.body.metadata.uid);
  if (obj.status && t.statusSubresource) {
    await writeStatus(target, objectPath(apiVersion, t.resource, ns, obj.metadata.name), created.body, obj.status);
  }
}

/** The seed's status, written over the current object: kube-controller-manager may have changed it meanwhile (409). */
async function writeStatus(target: KubeTarget, path: string, created: Obj, status: Obj): Promise<void> {
  let current = created;

  for (let attempt = 0; ; attempt++) {
    const r = await kubeRequest(target, 'PUT', `${ path }/status`, { ...current, status });

    if (r.status === 200 || r.status === 201) {
      return;
    }
    if (r.status !== 409 || attempt >= 5) {
      throw new Error(`PUT ${ path }/status: ${ r.status } ${ r.body?.message || r.text.slice(0, 300) }`);
    }
    current = (await kubeExpect(target, 'GET', path, undefined, [200])).body;
  }
}

async function waitEstablished(target: KubeTarget, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await kubeRequest(target, 'GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${ name }`);

    if ((r.body?.status?.conditions || []).some((c: Obj) => c.type === 'Established' && c.status === 'True')) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`CRD ${ name } not established`);
}

export interface SeedOptions {
  /** Upstream's own CRDs (harvester/crds.ts), served instead of open-schema ones for the same types. */
  upstreamCrds?: Obj[];
  /** Harvester's controllers run: leave what they write to them (lab/world/beforeControllers.ts). */
  controllers?: boolean;
  /** The host VMs' uids by name (the guest nodes' provider IDs), filled in when the host is seeded. */
  vmUids?: Map<string, string>;
  /** Filled with the Services to make once the provider's NAD mapping exists (../harvester/afterMapping.ts). */
  later?: Obj[];
}

/** CRDs, RBAC, then the seed in an order the API accepts: namespaces, then everything else. */
export async function seedCluster(target: KubeTarget, cluster: StackCluster, opts: SeedOptions = {}): Promise<number> {
  const all = seedObjects(cluster.clusterId);
  const vmUids = opts.vmUids || new Map<string, string>();
  let objects = all;

  if (opts.controllers) {
    // k3s-bare runs none of Harvester's parts until its set-up installs them: its seed stands as it is.
    objects = cluster.key === 'host' ? hostBeforeControllers(all, [CLUSTERS.find((c) => c.key === 'guest')?.name as string]) : cluster.key === 'guest' ? withRunningVersions(guestBeforeControllers(all, vmUids)) : all;
  }
  if (opts.later) {
    const { now, later } = splitAfterMapping(objects);

    objects = now;
    opts.later.push(...later);
  }
  const upstream = opts.upstreamCrds || [];
  const upstreamNames = new Set(upstream.map((c) => c.metadata.name));

  await applyAll(target, upstream);
  await waitCrdsEstablished(target, [...upstreamNames]);
  const typed = objects.map((o) => {
    const t = typeOfObject(o);

    if (!t) {
      throw new Error(`seed ${ cluster.name }: no type for ${ o.apiVersion } ${ o.kind }`);
    }

    return { o, t };
  });
  const crdTypes = new Map<string, TypeDef>();

  // Rancher's agent installs its catalog types in every downstream cluster (the Apps pages, set-up's installs).
  const agentTypes = [APP_TYPE, CLUSTER_REPO_TYPE, OPERATION_TYPE].map((id) => lookupType(id) as TypeDef);

  [...typed.map(({ t }) => t), ...agentTypes].filter((t) => needsCrd(t) && !upstreamNames.has(`${ t.resource }.${ t.group }`)).forEach((t) => crdTypes.set(t.id, t));
  for (const t of crdTypes.values()) {
    const crd = crdFor(t);
    const r = await kubeRequest(target, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);

    if (r.status !== 201 && r.status !== 409) {
      throw new Error(`CRD ${ crd.metadata.name }: ${ r.status } ${ r.body?.message }`);
    }
  }
  for (const t of crdTypes.values()) {
    await waitEstablished(target, crdFor(t).metadata.name);
  }
  for (const b of rbacObjects(cluster.clusterId)) {
    const r = await kubeRequest(target, 'POST', objectPath('rbac.authorization.k8s.io/v1', b.kind === 'ClusterRole' ? 'clusterroles' : 'clusterrolebindings'), b);

    if (r.status !== 201 && r.status !== 409) {
      throw new Error(`RBAC ${ b.metadata.name }: ${ r.status } ${ r.body?.message }`);
    }
  }
  // Namespaces first; a claim before its volume, whose claimRef then names the claim's new uid (forCreate).
  const rank = (kind: string) => (kind === 'Namespace' ? 0 : kind === 'PersistentVolume' ? 2 : 1);
  const ordered = [...typed].sort((a, b) => rank(a.t.kind) - rank(b.t.kind));

  const uids = new Map<string, string>();

  for (const { o, t } of ordered) {
    await createObject(target, t, o, cluster, uids);
    if (o.kind === 'VirtualMachine') {
      vmUids.set(o.metadata.name, uids.get(`VirtualMachine/${ o.metadata.namespace }/${ o.metadata.name }`) as string);
    }
  }

  return ordered.length;
}

/**
 * More objects in a cluster, created as the seed creates them (status written through /status), `concurrency`
 * requests at a time: the render bench's 5,000 Nodes in the real rke2-guest (tests/bench/render.ts).
 */
export async function createObjects(target: KubeTarget, cluster: StackCluster, objects: Obj[], concurrency = 16): Promise<void> {
  const uids = new Map<string, string>();
  let next = 0;
  const worker = async() => {
    while (next < objects.length) {
      const o = objects[next++];
      const t = typeOfObject(o);

      if (!t) {
        throw new Error(`no type for ${ o.apiVersion } ${ o.kind }`);
      }
      await createObject(target, t, o, cluster, uids);
    }
  };

  await Promise.all(Array.from({ length: concurrency }, worker));
}
