/**
 * Stand-in for kube-vip in rke2-guest and k3s-bare (it needs the network: ARP, DHCP): it advertises the address the Harvester
 * cloud provider put in `kube-vip.io/loadbalancerIPs` and writes it to the Service's `status.loadBalancer.ingress`
 * (ipMode VIP). `0.0.0.0` asks for a DHCP lease on the VM network: kube-vip records the leased address in
 * `kube-vip.io/requestedIP` and its macvlan's MAC in `kube-vip.io/hwaddr`. The DHCP server stood in for leases from
 * 192.168.100.200 upward, lowest free first, as the simulator's kube-vip does (lab/simulator/controllers/kubeVip.ts).
 */
import { KubeTarget, kubeRequest, objectPath } from '../core/kubeClient';
import { inform } from './informer';

type Obj = Record<string, any>;

const IPS = 'kube-vip.io/loadbalancerIPs';
const REQUESTED_IP = 'kube-vip.io/requestedIP';
const HWADDR = 'kube-vip.io/hwaddr';
const DHCP_ADDRESS = '0.0.0.0';

/**
 * `daemonSet`: kube-vip runs only while that DaemonSet is there (`<namespace>/<name>`: the provider chart's
 * dependency in k3s-bare, whose DaemonSet Pods no controller makes here: lab/core/controllerManager.ts).
 */
export function startKubeVip(guest: KubeTarget, log: (l: string) => void, daemonSet?: string) {
  const leases = new Map<string, string>();

  const lease = (svc: Obj): { ip: string; mac: string } | null => {
    const key = `${ svc.metadata.namespace }/${ svc.metadata.name }`;
    const held = svc.metadata.annotations?.[REQUESTED_IP];

    if (held) {
      leases.set(key, held);

      return { ip: held, mac: svc.metadata.annotations?.[HWADDR] || '' };
    }
    const taken = new Set(leases.values());

    for (let n = 200; n < 255; n++) {
      const ip = `192.168.100.${ n }`;

      if (!taken.has(ip)) {
        leases.set(key, ip);

        return { ip, mac: `02:00:c0:a8:64:${ n.toString(16).padStart(2, '0') }` };
      }
    }

    return null;
  };

  return inform(guest, '/api/v1/services', async(svc, type) => {
    const key = `${ svc.metadata.namespace }/${ svc.metadata.name }`;

    if (type === 'DELETED') {
      leases.delete(key);

      return;
    }
    const wanted = svc.metadata.annotations?.[IPS];

    if (svc.spec?.type !== 'LoadBalancer' || !wanted) {
      return;
    }
    if (daemonSet && (await kubeRequest(guest, 'GET', `/apis/apps/v1/namespaces/${ daemonSet.replace('/', '/daemonsets/') }`)).status !== 200) {
      return;
    }
    const path = objectPath('v1', 'services', svc.metadata.namespace, svc.metadata.name);
    let current = svc;
    let ip = wanted;

    if (wanted === DHCP_ADDRESS) {
      const l = lease(svc);

      if (!l) {
        return;
      }
      ip = l.ip;
      if (svc.metadata.annotations?.[REQUESTED_IP] !== l.ip) {
        const r = await kubeRequest(guest, 'PATCH', path, { metadata: { annotations: { [REQUESTED_IP]: l.ip, [HWADDR]: l.mac } } });

        if (r.status !== 200) {
          return;
        }
        current = r.body;
      }
    }
    const ingress = current.status?.loadBalancer?.ingress || [];

    if (ingress.length === 1 && ingress[0].ip === ip) {
      return;
    }
    const r = await kubeRequest(guest, 'PUT', `${ path }/status`, { ...current, status: { ...(current.status || {}), loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } } });

    if (r.status === 200) {
      log(`[kube-vip] ${ key } advertises ${ ip }`);
    }
  }, log);
}
