/**
 * The demo data as it stands before Harvester's controllers act, in two layers:
 * - what the load balancer controllers write (the cloud provider's service half, load-balancer-harvester, kube-vip):
 *   the host LoadBalancers (named `<cluster>-<ns>-<svc>-<crc32 with the Service's uid>`), the IP pools' allocations
 *   to them, and on the guest's LoadBalancer Services the kube-vip annotations, the secondary's primary-service
 *   label, the cleanup finalizer, `status.loadBalancer` and the service controller's events. The demo seed leaves
 *   these to the simulator's controllers (settle.ts), the real stack to the real ones;
 * - what the real stack's other controllers write as well: VMIs and VM status (KubeVirt's stand-in runs the VMs), IP
 *   pool status (the IPPool controller), the NAD mapping ConfigMap (the provider's VMI controller) and the nodes'
 *   `harvester://` provider IDs, which are the uids the VMs got on the host (the provider's `InstanceMetadata`).
 */
type Obj = Record<string, any>;

const PROVIDER_SERVICE_LABEL = 'cloudprovider.harvesterhci.io/primary-service';
const LB_CLUSTER_LABEL = 'cloudprovider.harvesterhci.io/cluster';
const CLEANUP_FINALIZER = 'service.kubernetes.io/load-balancer-cleanup';
const PROVIDER_EVENT_REASONS = new Set(['EnsuringLoadBalancer', 'EnsuredLoadBalancer', 'SyncLoadBalancerFailed', 'UpdatedLoadBalancer', 'DeletingLoadBalancer', 'DeletedLoadBalancer']);

const isHostLb = (o: Obj) => o.kind === 'LoadBalancer' && `${ o.apiVersion }`.startsWith('loadbalancer.harvesterhci.io/');

function withoutKubeVip(annotations: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!annotations) {
    return annotations;
  }
  const out = Object.fromEntries(Object.entries(annotations).filter(([k]) => !k.startsWith('kube-vip.io/')));

  return Object.keys(out).length ? out : undefined;
}

/** An IP pool's status without what `dropped` (`<namespace>/<name>` of LoadBalancers) were given. */
function poolWithout(pool: Obj, dropped: Set<string>): Obj {
  if (!pool.status) {
    return pool;
  }
  const keep = (m: Record<string, string> | undefined) => Object.fromEntries(Object.entries(m || {}).filter(([, who]) => !dropped.has(who)));
  const allocated = keep(pool.status.allocated);
  const history = keep(pool.status.allocatedHistory);
  const status: Obj = {
    ...pool.status, allocated, available: (pool.status.total || 0) - Object.keys(allocated).length, lastAllocated: allocated[pool.status.lastAllocated] ? pool.status.lastAllocated : ''
  };

  if (Object.keys(history).length) {
    status.allocatedHistory = history;
  } else {
    delete status.allocatedHistory;
  }

  return { ...pool, status };
}

/**
 * The host without the LoadBalancers of these guest clusters (by the provider's cluster label; every guest's when
 * absent) and without the addresses its pools gave them.
 */
export function hostWithoutLoadBalancers<T extends Obj>(objects: T[], guests?: string[]): T[] {
  const ofThem = (o: Obj) => isHostLb(o) && (!guests || guests.includes(o.metadata.labels?.[LB_CLUSTER_LABEL]));
  const dropped = new Set(objects.filter(ofThem).map((o) => `${ o.metadata.namespace }/${ o.metadata.name }`));

  return objects.filter((o) => !ofThem(o)).map((o) => (o.kind === 'IPPool' ? poolWithout(o, dropped) as T : o));
}

/** A guest's LoadBalancer Services as their users made them, without the service controller's events about them. */
export function guestWithoutLoadBalancerState<T extends Obj>(objects: T[]): T[] {
  return objects
    .filter((o) => !(o.kind === 'Event' && o.involvedObject?.kind === 'Service' && PROVIDER_EVENT_REASONS.has(o.reason)))
    .map((o) => {
      if (o.kind !== 'Service' || o.spec?.type !== 'LoadBalancer') {
        return o;
      }
      const copy = JSON.parse(JSON.stringify(o));
      const labels = { ...(copy.metadata.labels || {}) };
      const finalizers = (copy.metadata.finalizers || []).filter((f: string) => f !== CLEANUP_FINALIZER);

      delete labels[PROVIDER_SERVICE_LABEL];
      copy.metadata.labels = Object.keys(labels).length ? labels : undefined;
      copy.metadata.annotations = withoutKubeVip(copy.metadata.annotations);
      copy.metadata.finalizers = finalizers.length ? finalizers : undefined;
      // What the API server stores for a new LoadBalancer Service.
      copy.status = { loadBalancer: {} };

      return copy;
    });
}

/**
 * The host for the real stack: without the LoadBalancers of `guests` (those whose cloud provider runs there: the
 * others' stay as the demo has them) and the addresses the pools gave them, no VMIs, VMs without status.
 */
export function hostBeforeControllers(objects: Obj[], guests: string[]): Obj[] {
  return hostWithoutLoadBalancers(objects, guests)
    .filter((o) => o.kind !== 'VirtualMachineInstance')
    .map((o) => {
      if (o.kind === 'VirtualMachine') {
        const { status, ...rest } = o;

        return rest;
      }

      return o;
    });
}

/** The guest for the real stack: its LoadBalancer Services as made, no NAD mapping, provider IDs of the real VMs. */
export function guestBeforeControllers(objects: Obj[], vmUids: Map<string, string>): Obj[] {
  return guestWithoutLoadBalancerState(objects)
    .filter((o) => !(o.kind === 'ConfigMap' && o.metadata.namespace === 'kube-system' && o.metadata.name === 'harvester-nad-mapping'))
    .map((o) => {
      if (o.kind === 'Node' && vmUids.has(o.metadata.name)) {
        return { ...o, spec: { ...o.spec, providerID: `harvester://${ vmUids.get(o.metadata.name) }` } };
      }

      return o;
    });
}
