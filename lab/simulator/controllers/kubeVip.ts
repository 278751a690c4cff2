/**
 * kube-vip in a Harvester guest, as far as Services show it: it advertises the address named by
 * `kube-vip.io/loadbalancerIPs` and writes it to `status.loadBalancer.ingress` (with ipMode VIP, which Kubernetes
 * 1.30+ defaults). `0.0.0.0` asks for a DHCP lease on the VM network: kube-vip records the leased address in
 * `kube-vip.io/requestedIP` and its macvlan's MAC in `kube-vip.io/hwaddr`. The simulator's DHCP server leases from
 * 192.168.100.200 upward, in order of request (deterministic).
 */
import { getObject, listObjects, SimState, storeObject } from '../core/state';
import { ChangeEvent, KubeObject } from '../core/types';
import { PROVIDER } from './cloudProviderLoadBalancer';
import { DHCP_ADDRESS } from './hostLoadBalancer';
import { harvesterGuest } from './harvesterGuests';
import { Controller } from './runtime';

const REQUESTED_IP = 'kube-vip.io/requestedIP';
const HWADDR = 'kube-vip.io/hwaddr';
const DHCP_FIRST = 200;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

function lease(state: SimState, clusterId: string, svc: KubeObject): { ip: string; mac: string } {
  const held = svc.metadata.annotations?.[REQUESTED_IP];

  if (held) {
    return { ip: held, mac: svc.metadata.annotations?.[HWADDR] || '' };
  }
  const taken = new Set(Object.values(state.clusters).flatMap((c) => listObjects(state, c.id, 'service')).map((s) => s.metadata.annotations?.[REQUESTED_IP]).filter(Boolean));

  for (let n = DHCP_FIRST; n < 255; n++) {
    const ip = `192.168.100.${ n }`;

    if (!taken.has(ip)) {
      return { ip, mac: `02:00:c0:a8:64:${ n.toString(16).padStart(2, '0') }` };
    }
  }

  return { ip: '', mac: '' };
}

function reconcile(state: SimState, clusterId: string, id: string): void {
  const svc = getObject(state, clusterId, 'service', id);
  const wanted = svc?.metadata.annotations?.[PROVIDER.kubeVipIPs];

  if (!svc || svc.spec?.type !== 'LoadBalancer' || !wanted) {
    return;
  }
  const next = clone(svc);
  let ip = wanted;

  if (wanted === DHCP_ADDRESS) {
    const l = lease(state, clusterId, svc);

    if (!l.ip) {
      return;
    }
    ip = l.ip;
    if (svc.metadata.annotations?.[REQUESTED_IP] !== l.ip) {
      // The lease goes into the annotations first, the address into the status by a later write (as kube-vip does):
      // the provider's sync on the annotation change runs in between and sees no address yet.
      next.metadata.annotations = {
        ...next.metadata.annotations, [REQUESTED_IP]: l.ip, [HWADDR]: l.mac
      };
      storeObject(state, clusterId, 'service', next);

      return;
    }
  }
  next.status = { ...(next.status || {}), loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } };
  if (JSON.stringify(next) !== JSON.stringify(svc)) {
    storeObject(state, clusterId, 'service', next);
  }
}

export const kubeVipController: Controller = {
  name: 'kube-vip',
  keysFor(ev: ChangeEvent, state: SimState): string[] {
    return ev.type === 'service' && ev.name !== 'resource.remove' && harvesterGuest(state, ev.cluster) && ev.object.metadata.annotations?.[PROVIDER.kubeVipIPs] ? [`${ ev.cluster }\t${ ev.id }`] : [];
  },
  reconcile(state: SimState, key: string): void {
    const [clusterId, id] = key.split('\t');

    reconcile(state, clusterId, id);
  },
};
