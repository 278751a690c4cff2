/**
 * The Harvester load balancer controller on the host (harvester/load-balancer-harvester
 * pkg/controller/loadbalancer/controller.go OnChange/OnRemove): gives a LoadBalancer an address, from DHCP
 * (`0.0.0.0`, asked for by kube-vip in the guest) or from the matching IP pool, and sets its Ready condition,
 * False with the error as message when no pool matches or the pool is full (retried every second: here on any
 * IP pool change). Cluster-type load balancers (guest clusters) need nothing else to be Ready.
 */
import {
  deleteObject, getObject, listObjects, SimState, storeObject
} from '../core/state';
import { ChangeEvent, KubeObject } from '../core/types';
import { allocate, poolTotal, release } from './ipAllocator';
import { formatRequirement, GLOBAL_POOL_LABEL, Requirement, selectPool } from './ipPoolSelector';
import { Controller } from './runtime';

export const LB_TYPE = 'loadbalancer.harvesterhci.io.loadbalancer';
export const POOL_TYPE = 'loadbalancer.harvesterhci.io.ippool';
const LB_API = 'loadbalancer.harvesterhci.io/v1beta1';

/** pkg/utils/const.go */
export const LB_ANNOTATIONS = {
  network:   'loadbalancer.harvesterhci.io/network',
  project:   'loadbalancer.harvesterhci.io/project',
  namespace: 'loadbalancer.harvesterhci.io/namespace',
  cluster:   'loadbalancer.harvesterhci.io/cluster',
} as const;
export const DHCP_ADDRESS = '0.0.0.0';
const LB_FINALIZER = 'wrangler.cattle.io/harvester-lb-controller';

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

function now(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

export function readyCondition(lb: KubeObject): any {
  return (lb.status?.conditions || []).find((c: any) => c.type === 'Ready');
}

/** wrangler condition.Cond True/False + Message: lastUpdateTime changes only when the condition does. */
function setReady(status: any, ok: boolean, message: string): void {
  const conditions = (status.conditions || []).filter((c: any) => c.type !== 'Ready');
  const old = (status.conditions || []).find((c: any) => c.type === 'Ready');
  const next: any = { type: 'Ready', status: ok ? 'True' : 'False' };

  if (message) {
    next.message = message;
  }
  next.lastUpdateTime = old && old.status === next.status && (old.message || '') === message ? old.lastUpdateTime : now();
  status.conditions = [...conditions, next];
}

/** selectIPPool: strict match first, then loose for Cluster-type load balancers. */
function requirementOf(lb: KubeObject): Requirement {
  const a = lb.metadata.annotations || {};

  return {
    Network: a[LB_ANNOTATIONS.network] || '', Project: a[LB_ANNOTATIONS.project] || '', Namespace: a[LB_ANNOTATIONS.namespace] || lb.metadata.namespace || '', Cluster: a[LB_ANNOTATIONS.cluster] || ''
  };
}

function ensureAddress(state: SimState, clusterId: string, lb: KubeObject, status: any): string | null {
  if (lb.spec?.ipam === 'dhcp') {
    status.allocatedAddress = { ip: DHCP_ADDRESS };

    return null;
  }
  if (status.allocatedAddress?.ipPool) {
    return null;
  }
  const pools = listObjects(state, clusterId, POOL_TYPE);
  const r = requirementOf(lb);
  let pool = lb.spec?.ipPool ? pools.find((p) => p.metadata.name === lb.spec.ipPool) : selectPool(pools, r, false);

  if (!pool && !lb.spec?.ipPool && lb.spec?.workloadType === 'cluster') {
    pool = selectPool(pools, r, true);
  }
  if (!pool) {
    return lb.spec?.ipPool ? `fail to get allocator ${ lb.spec.ipPool }` : `no matched IPPool with requirement ${ formatRequirement(r) }`;
  }
  const result = allocate(pool, `${ lb.metadata.namespace }/${ lb.metadata.name }`);

  if ('error' in result) {
    return `fail to get ip from pool ${ pool.metadata.name }, error: ${ result.error }`;
  }
  storeObject(state, clusterId, POOL_TYPE, { ...clone(pool), status: result.status });
  status.allocatedAddress = {
    ipPool: pool.metadata.name, ip: result.allocation.ip, mask: result.allocation.mask, gateway: result.allocation.gateway
  };

  return null;
}

function reconcileLb(state: SimState, clusterId: string, id: string): void {
  const lb = getObject(state, clusterId, LB_TYPE, id);

  if (!lb || lb.metadata.deletionTimestamp || lb.apiVersion !== LB_API) {
    return;
  }
  const status = clone(lb.status || {});
  const error = ensureAddress(state, clusterId, lb, status);
  const current = clone(getObject(state, clusterId, LB_TYPE, id) as KubeObject);
  // wrangler's OnRemove handler registration puts its finalizer on every LoadBalancer it sees.
  const finalizers: string[] = current.metadata.finalizers || [];

  setReady(status, !error, error || '');
  if (JSON.stringify(status) !== JSON.stringify(lb.status || {}) || !finalizers.includes(LB_FINALIZER)) {
    storeObject(state, clusterId, LB_TYPE, {
      ...current, metadata: { ...current.metadata, finalizers: [...finalizers.filter((f) => f !== LB_FINALIZER), LB_FINALIZER] }, status
    });
  }
}

/**
 * The IP pool webhook's labels (pkg/webhook/ippool/mutator.go getLabelPatch, written at admission there, on the
 * pool's first reconcile here): its network's VLAN id, and global exactly when its scope is one tuple of `*`s.
 */
function poolLabels(state: SimState, clusterId: string, pool: KubeObject): Record<string, string> {
  const scope = pool.spec?.selector?.scope || [];
  const global = scope.length === 1 && scope[0].project === '*' && scope[0].namespace === '*' && scope[0].guestCluster === '*';
  const network = pool.spec?.selector?.network || '';
  const nad = network ? getObject(state, clusterId, 'k8s.cni.cncf.io.networkattachmentdefinition', network) : undefined;

  return {
    ...(pool.metadata.labels || {}), 'loadbalancer.harvesterhci.io/vid': nad?.metadata.labels?.['network.harvesterhci.io/vlan-id'] || '0', [GLOBAL_POOL_LABEL]: `${ global }`
  };
}

/** The IP pool controller (pkg/controller/ippool/controller.go `updateStatus`): total, available and Ready. */
function reconcilePool(state: SimState, clusterId: string, id: string): void {
  const found = getObject(state, clusterId, POOL_TYPE, id);

  if (!found) {
    return;
  }
  const pool: KubeObject = { ...found, metadata: { ...found.metadata, labels: poolLabels(state, clusterId, found) } };
  const status = clone(pool.status || {});
  const total = poolTotal(pool);

  status.total = total;
  status.available = total - Object.keys(status.allocated || {}).length;
  setReady(status, true, '');
  if (JSON.stringify(status) !== JSON.stringify(pool.status || {}) || JSON.stringify(pool.metadata.labels) !== JSON.stringify(found.metadata.labels || {})) {
    storeObject(state, clusterId, POOL_TYPE, { ...clone(pool), status });
  }
}

/** OnRemove: the address goes back to its pool. */
function releaseAddress(state: SimState, clusterId: string, poolName: string, applicant: string): void {
  const pool = getObject(state, clusterId, POOL_TYPE, poolName);

  if (pool) {
    storeObject(state, clusterId, POOL_TYPE, { ...clone(pool), status: release(pool, applicant) });
  }
}

/** The last seen spec of each pool, per state: only spec changes (and new pools) retry pending load balancers. */
const poolSpecs = new WeakMap<SimState, Map<string, string>>();

function poolSpecChanged(state: SimState, ev: ChangeEvent): boolean {
  const seen = poolSpecs.get(state) || new Map<string, string>();
  const key = `${ ev.cluster }/${ ev.id }`;
  const spec = JSON.stringify(ev.object.spec || {});
  const changed = ev.name === 'resource.create' || (seen.has(key) && seen.get(key) !== spec);

  seen.set(key, spec);
  poolSpecs.set(state, seen);

  return changed;
}

export const hostLoadBalancerController: Controller = {
  name: 'harvester-lb-controller',
  keysFor(ev: ChangeEvent, state: SimState): string[] {
    if (state.clusters[ev.cluster]?.kind !== 'harvester') {
      return [];
    }
    if (ev.type === LB_TYPE) {
      const pool = ev.object.status?.allocatedAddress?.ipPool;

      return ev.name === 'resource.remove' ? (pool ? [`release\t${ ev.cluster }\t${ pool }\t${ ev.id }`] : []) : [`lb\t${ ev.cluster }\t${ ev.id }`];
    }
    if (ev.type === POOL_TYPE && ev.name !== 'resource.remove' && poolSpecChanged(state, ev)) {
      // Not-ready load balancers are retried (EnqueueAfter 1s in the real controller): a new or changed pool can
      // serve them. Allocations (status writes) retry nothing, so the demo's seeded Pending stays until asked.
      return [`pool\t${ ev.cluster }\t${ ev.id }`, ...listObjects(state, ev.cluster, LB_TYPE).filter((lb) => readyCondition(lb)?.status === 'False').map((lb) => `lb\t${ ev.cluster }\t${ lb.metadata.namespace }/${ lb.metadata.name }`)];
    }

    return [];
  },
  reconcile(state: SimState, key: string): void {
    const [kind, clusterId, a, b] = key.split('\t');

    if (kind === 'lb') {
      reconcileLb(state, clusterId, a);
    } else if (kind === 'release') {
      releaseAddress(state, clusterId, a, b);
    } else if (kind === 'pool') {
      reconcilePool(state, clusterId, a);
    }
  },
};

/** Removes a host load balancer (its address is released by the controller's OnRemove). */
export function deleteHostLoadBalancer(state: SimState, clusterId: string, id: string): void {
  deleteObject(state, clusterId, LB_TYPE, id);
}
