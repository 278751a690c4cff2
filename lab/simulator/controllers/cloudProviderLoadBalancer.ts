/**
 * The Harvester cloud provider's load balancer half, in each Harvester guest (cloud-provider-harvester
 * pkg/cloud-controller-manager/loadbalancer.go, driven by Kubernetes' service controller,
 * k8s.io/cloud-provider/controllers/service/controller.go):
 * - a LoadBalancer Service gets the cleanup finalizer and an `EnsuringLoadBalancer` event; the provider creates or
 *   updates the host LoadBalancer (constructLB: labels and annotations naming cluster, namespace, service, network,
 *   project; ipam from `cloudprovider.harvesterhci.io/ipam`, default pool; workload type cluster);
 * - once the host allocated an address, the Service gets `kube-vip.io/loadbalancerIPs` (kube-vip then sets the
 *   ingress) and an `EnsuredLoadBalancer` event; the ingress address is written back to the host LoadBalancer;
 * - when the host cannot allocate, the Service stays Pending with a `SyncLoadBalancerFailed` warning whose message
 *   is the service controller's wrapping of the provider's error (waitForIP's timeout with the host's Ready message);
 * - a secondary Service (`cloudprovider.harvesterhci.io/primary-service: <ns>/<name>`) shares its primary's
 *   address: label `cloudprovider.harvesterhci.io/primary-service: <ns>.<name>` and the primary's IP.
 * Each sync starts with `EnsuringLoadBalancer` and the guest network check (nadMapping.ts); the host LoadBalancer
 * passes the load balancer webhook (lbWebhook.ts), which rewrites its network and may refuse it. Like the real
 * service controller, a Service's status alone (kube-vip's address) starts no sync, so the host LoadBalancer's
 * `status.address` is written on the next one; and on delete, a LoadBalancer without `status.address` is reported
 * as absent (`GetLoadBalancer`) and left behind, as the real provider leaves it.
 * Deviation: the real provider deletes the host LoadBalancer after a failed wait and re-creates it on retry; the
 * simulator keeps it, so its Ready message stays visible between retries (controller differential, allow-listed).
 */
import {
  deleteObject, getObject, listObjects, SimState, storeObject
} from '../core/state';
import { ChangeEvent, KubeObject } from '../core/types';
import { recordEvent } from './events';
import { guestByName, harvesterGuest, HarvesterGuest } from './harvesterGuests';
import { DHCP_ADDRESS, LB_TYPE, readyCondition } from './hostLoadBalancer';
import { loadBalancerName } from './loadBalancerName';
import { Controller } from './runtime';
import { admitLoadBalancer } from './lbWebhook';
import { resolveNetworkInterface } from './nadMapping';
import { constructLb, specChanged } from './providerLb';
import { PROVIDER } from './providerKeys';

export { PROVIDER };
const FINALIZER = 'service.kubernetes.io/load-balancer-cleanup';
const SOURCE = { component: 'service-controller' };

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

function svcKey(clusterId: string, id: string): string {
  return `svc\t${ clusterId }\t${ id }`;
}

function fail(state: SimState, guest: HarvesterGuest, svc: KubeObject, err: string): void {
  failedSyncs(state).add(`${ guest.id }/${ svc.metadata.namespace }/${ svc.metadata.name }`);
  // processServiceCreateOrUpdate + syncLoadBalancerIfNeeded's wrapping.
  recordEvent(state, guest.id, svc, 'Warning', 'SyncLoadBalancerFailed', `Error syncing load balancer: failed to ensure load balancer: ${ err }`, SOURCE);
}

/** Writes a Service change if there is one; returns the stored Service. */
function updateService(state: SimState, clusterId: string, svc: KubeObject, change: (s: KubeObject) => void): KubeObject {
  const next = clone(svc);

  change(next);
  if (JSON.stringify(next) === JSON.stringify(svc)) {
    return svc;
  }

  return storeObject(state, clusterId, 'service', next);
}

/** Returns true while the sync waits for the host's address (waitForIP), false once it ended either way. */
function ensurePrimary(state: SimState, guest: HarvesterGuest, svc: KubeObject, iface: string): boolean {
  const name = loadBalancerName(guest.name, svc.metadata.namespace as string, svc.metadata.name, svc.metadata.uid as string);
  // By name only, as the provider finds it: a LoadBalancer left behind by an earlier Service of the same name is not it.
  const old = getObject(state, guest.hostId, LB_TYPE, `${ guest.vmNamespace }/${ name }`);
  const id = old ? `${ old.metadata.namespace }/${ old.metadata.name }` : `${ guest.vmNamespace }/${ name }`;

  if (old && (svc.metadata.annotations?.[PROVIDER.network] || '') !== (old.metadata.annotations?.[PROVIDER.lbNetwork] || '')) {
    // checkNetworkChanged
    fail(state, guest, svc, `network annotation of service ${ svc.metadata.namespace }/${ svc.metadata.name } is not same as the load balancer ${ guest.vmNamespace }/${ name }, service: '${ svc.metadata.annotations?.[PROVIDER.network] || '' }', lb: '${ old.metadata.annotations?.[PROVIDER.lbNetwork] || '' }'`);

    return false;
  }
  const admitted = admitLoadBalancer(state, guest.hostId, constructLb(guest, svc, old?.metadata.name || name, old), old);

  if ('denied' in admitted) {
    fail(state, guest, svc, `create or update lb ${ id } failed, error: ${ admitted.denied }`);

    return false;
  }
  if (!old || JSON.stringify(admitted.lb) !== JSON.stringify(old)) {
    storeObject(state, guest.hostId, LB_TYPE, admitted.lb);
  }
  const current = getObject(state, guest.hostId, LB_TYPE, id) as KubeObject;
  const ready = readyCondition(current);
  const ip = current.status?.allocatedAddress?.ip;

  if (!ready) {
    return true; // the host controller has not seen it yet; its status change brings us back
  }
  if (!ip) {
    fail(state, guest, svc, `update load balancer IP of service ${ svc.metadata.namespace }/${ svc.metadata.name } failed, error: timeout waiting for IP address, last error:ip is not allocated, mode: ${ current.spec?.ipam || 'pool' }, message: ${ ready.message || '' }`);

    return false;
  }

  // updatePrimaryServiceLoadBalancerIP
  updateService(state, guest.id, svc, (s) => {
    s.metadata.annotations = { ...(s.metadata.annotations || {}), [PROVIDER.kubeVipIPs]: ip };
    if (iface) {
      s.metadata.annotations[PROVIDER.kubeVipIface] = iface;
    }
    if (s.metadata.labels?.[PROVIDER.primaryService]) {
      s.metadata.labels[PROVIDER.primaryService] = '';
    }
  });
  recordEvent(state, guest.id, svc, 'Normal', 'EnsuredLoadBalancer', 'Ensured load balancer', SOURCE);

  return false;
}

function ensureSecondary(state: SimState, guest: HarvesterGuest, svc: KubeObject, primaryRef: string): void {
  const [ns, name] = primaryRef.split('/', 2);

  if (!name) {
    fail(state, guest, svc, `invalid service name ${ primaryRef }`);

    return;
  }
  const primary = getObject(state, guest.id, 'service', `${ ns }/${ name }`);

  if (!primary) {
    fail(state, guest, svc, `get service ${ primaryRef } failed: services "${ name }" not found`);

    return;
  }
  if (primary.metadata.annotations?.[PROVIDER.primaryService]) {
    fail(state, guest, svc, `service ${ primaryRef } is not a primary service`);

    return;
  }
  const ip = primary.status?.loadBalancer?.ingress?.[0]?.ip;

  if (!ip) {
    fail(state, guest, svc, `primary service ${ ns }/${ name } has no ingress IP`);

    return;
  }
  const label = `${ ns }.${ name }`;
  const ports = new Set((svc.spec?.ports || []).map((p: any) => p.port));
  const sharing = [...listObjects(state, guest.id, 'service').filter((s) => s.metadata.labels?.[PROVIDER.primaryService] === label), primary];
  const clash = sharing.filter((s) => s.metadata.uid !== svc.metadata.uid).flatMap((s) => (s.spec?.ports || []).filter((p: any) => ports.has(p.port)).map((p: any) => ({ s, port: p.port })))[0];

  if (clash) {
    fail(state, guest, svc, `check port overlap failed, primary service: ${ ns }/${ name }, secondary service: ${ svc.metadata.namespace }/${ svc.metadata.name }, error: port ${ clash.port } has been used in service ${ clash.s.metadata.namespace }/${ clash.s.metadata.name }`);

    return;
  }
  // The secondary's own load balancer, if it had one, goes.
  const own = loadBalancerName(guest.name, svc.metadata.namespace as string, svc.metadata.name, svc.metadata.uid as string);

  deleteObject(state, guest.hostId, LB_TYPE, `${ guest.vmNamespace }/${ own }`);

  updateService(state, guest.id, svc, (s) => {
    s.metadata.labels = { ...(s.metadata.labels || {}), [PROVIDER.primaryService]: label };
    s.metadata.annotations = { ...(s.metadata.annotations || {}), [PROVIDER.kubeVipIPs]: ip };
    if (primary.metadata.annotations?.[PROVIDER.network]) {
      s.metadata.annotations[PROVIDER.network] = primary.metadata.annotations[PROVIDER.network];
    }
    delete s.metadata.annotations[PROVIDER.kubeVipIface];
    delete s.metadata.annotations[PROVIDER.ipam];
  });
  recordEvent(state, guest.id, svc, 'Normal', 'EnsuredLoadBalancer', 'Ensured load balancer', SOURCE);
}

/** The Services whose sync waits for the host's address: only those go on when their LoadBalancer changes. */
const waiting = new WeakMap<SimState, Set<string>>();
/** The Services whose last sync failed: the service controller retries them (here when their LoadBalancer changes). */
const failed = new WeakMap<SimState, Set<string>>();

function failedSyncs(state: SimState): Set<string> {
  const set = failed.get(state) || new Set<string>();

  failed.set(state, set);

  return set;
}

/** One sync of the service controller (`attempt`), or its wait for the host's address going on. */
function reconcileService(state: SimState, clusterId: string, id: string, attempt: boolean): void {
  const guest = harvesterGuest(state, clusterId);
  let svc = getObject(state, clusterId, 'service', id);
  const syncs = waiting.get(state) || new Set<string>();
  const key = `${ clusterId }/${ id }`;

  waiting.set(state, syncs);
  if (!attempt && !syncs.has(key)) {
    // Not waiting: a failed sync is retried (the service controller's backoff), a settled one left alone.
    if (!failedSyncs(state).has(key)) {
      return;
    }
    attempt = true;
  }
  failedSyncs(state).delete(key);
  if (!guest || !svc || svc.spec?.type !== 'LoadBalancer') {
    return;
  }
  syncs.delete(key);
  // addFinalizer, before anything is created for it.
  svc = updateService(state, clusterId, svc, (s) => {
    const f: string[] = s.metadata.finalizers || [];

    if (!f.includes(FINALIZER)) {
      s.metadata.finalizers = [...f, FINALIZER];
    }
  });
  if (attempt) {
    recordEvent(state, guest.id, svc, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer', SOURCE);
  }
  const resolved = resolveNetworkInterface(state, clusterId, svc);

  if ('error' in resolved) {
    fail(state, guest, svc, resolved.error);

    return;
  }
  const primaryRef = svc.metadata.annotations?.[PROVIDER.primaryService];

  if (primaryRef) {
    ensureSecondary(state, guest, svc, primaryRef);
  } else if (ensurePrimary(state, guest, svc, resolved.iface)) {
    syncs.add(key);
  }
}

/**
 * EnsureLoadBalancerDeleted: a primary's host load balancer goes with its Service (or its LoadBalancer type) — when
 * `GetLoadBalancer` reports it, i.e. once it carries `status.address`.
 */
function deleteFor(state: SimState, clusterId: string, ns: string, name: string, uid: string): void {
  const guest = harvesterGuest(state, clusterId);
  const id = guest ? `${ guest.vmNamespace }/${ loadBalancerName(guest.name, ns, name, uid) }` : '';

  if (guest && getObject(state, guest.hostId, LB_TYPE, id)?.status?.address) {
    deleteObject(state, guest.hostId, LB_TYPE, id);
  }
}

export const cloudProviderLoadBalancerController: Controller = {
  name: 'harvester-cloud-provider-service',
  keysFor(ev: ChangeEvent, state: SimState): string[] {
    const cluster = state.clusters[ev.cluster];

    if (cluster?.kind === 'guest' && ev.type === 'service') {
      const o = ev.object;
      const gone = ev.name === 'resource.remove' || o.spec?.type !== 'LoadBalancer';
      const keys = gone ? (o.metadata.annotations?.[PROVIDER.primaryService] ? [] : [`delete\t${ ev.cluster }\t${ o.metadata.namespace }\t${ o.metadata.name }\t${ o.metadata.uid }`]) : (specChanged(state, ev) ? [svcKey(ev.cluster, ev.id)] : []);
      // Secondaries follow their primary's address: their failed syncs are retried (backoff) until it has one.
      const label = `${ o.metadata.namespace }.${ o.metadata.name }`;
      const secondaries = listObjects(state, ev.cluster, 'service').filter((s) => s.metadata.annotations?.[PROVIDER.primaryService] === `${ o.metadata.namespace }/${ o.metadata.name }` || s.metadata.labels?.[PROVIDER.primaryService] === label);

      return [...keys, ...secondaries.map((s) => svcKey(ev.cluster, `${ s.metadata.namespace }/${ s.metadata.name }`))];
    }
    if (cluster?.kind === 'harvester' && ev.type === LB_TYPE && ev.name !== 'resource.remove') {
      const l = ev.object.metadata.labels || {};
      const guest = l[PROVIDER.lbCluster] ? guestByName(state, l[PROVIDER.lbCluster]) : undefined;

      // The provider's waitForIP polls its LoadBalancer: a status change continues the sync that waits.
      return guest && l[PROVIDER.lbSvcName] ? [`wait\t${ guest.id }\t${ l[PROVIDER.lbSvcNamespace] }/${ l[PROVIDER.lbSvcName] }`] : [];
    }

    return [];
  },
  reconcile(state: SimState, key: string): void {
    const [kind, clusterId, a, b, c] = key.split('\t');

    if (kind === 'svc' || kind === 'wait') {
      reconcileService(state, clusterId, a, kind === 'svc');
    } else if (kind === 'delete') {
      deleteFor(state, clusterId, a, b, c);
    }
  },
};

export { DHCP_ADDRESS };
