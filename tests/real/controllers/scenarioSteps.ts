/**
 * What the controller scenarios (scenarios.ts) do on either side: Services in the guest, IP pools and VMs on the
 * host, and waiting for the controllers to have handled them.
 */
import { Backend, items } from './backend';

type Obj = Record<string, any>;

export const P = 'cloudprovider.harvesterhci.io';
export const POOLS = '/apis/loadbalancer.harvesterhci.io/v1beta1/ippools';
export const RKE2_POOL = 'pool-rke2-guest';


interface SvcSpec { ipam?: string; network?: string; primary?: string; ports?: { port: number; protocol?: string }[] }

export function lbService(ns: string, name: string, s: SvcSpec): Obj {
  const annotations: Record<string, string> = {};

  if (s.ipam) {
    annotations[`${ P }/ipam`] = s.ipam;
  }
  if (s.network) {
    annotations[`${ P }/network`] = s.network;
  }
  if (s.primary) {
    annotations[`${ P }/primary-service`] = s.primary;
  }

  return {
    apiVersion: 'v1',
    kind:       'Service',
    metadata:   {
      name, namespace: ns, annotations
    },
    spec: {
      type:     'LoadBalancer',
      selector: { app: name },
      ports:    (s.ports || [{ port: 80 }]).map((p) => ({
        name: `${ (p.protocol || 'TCP').toLowerCase() }-${ p.port }`, port: p.port, protocol: p.protocol || 'TCP', targetPort: p.port
      })),
    },
  };
}

export async function expectOk(what: string, r: { status: number; body: any }): Promise<any> {
  if (r.status >= 300) {
    throw new Error(`${ what }: ${ r.status } ${ r.body?.message || JSON.stringify(r.body).slice(0, 200) }`);
  }

  return r.body;
}

export async function createNamespace(b: Backend, ns: string): Promise<void> {
  const r = await b.request('guest', 'POST', '/api/v1/namespaces', {
    apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns }
  });

  if (r.status !== 201 && r.status !== 409) {
    await expectOk(`namespace ${ ns }`, r);
  }
}

export async function create(b: Backend, svc: Obj): Promise<void> {
  await expectOk(`create ${ svc.metadata.name }`, await b.request('guest', 'POST', `/api/v1/namespaces/${ svc.metadata.namespace }/services`, svc));
}

export async function patchService(b: Backend, ns: string, name: string, patch: Obj): Promise<void> {
  await expectOk(`patch ${ name }`, await b.request('guest', 'PATCH', `/api/v1/namespaces/${ ns }/services/${ name }`, patch, 'application/merge-patch+json'));
}

export async function services(b: Backend, ns: string): Promise<Obj[]> {
  return items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/services`));
}

export async function failures(b: Backend, ns: string): Promise<Obj[]> {
  return items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/events`)).filter((e) => e.reason === 'SyncLoadBalancerFailed');
}

/** Every Service of the namespace has an address or a failure event (`also`: and this holds). */
export function handled(b: Backend, ns: string, also: (svcs: Obj[], failed: Obj[]) => boolean = () => true): () => Promise<boolean> {
  return async() => {
    const svcs = await services(b, ns);
    // This run's Services' events only: a namespace keeps the events of an earlier Service of the same name.
    const uids = new Set(svcs.map((s) => s.metadata.uid));
    const failed = (await failures(b, ns)).filter((e) => uids.has(e.involvedObject.uid));
    const failedUids = new Set(failed.map((e) => e.involvedObject.uid));

    return svcs.every((s) => s.status?.loadBalancer?.ingress?.length || failedUids.has(s.metadata.uid)) && also(svcs, failed);
  };
}

export const failedWith = (text: RegExp) => (_: Obj[], failed: Obj[]) => failed.some((e) => text.test(e.message));

export async function createAll(b: Backend, ns: string, list: Obj[], also?: (svcs: Obj[], failed: Obj[]) => boolean): Promise<void> {
  for (const s of list) {
    await create(b, s);
  }
  await b.settle(handled(b, ns, also));
}

/** One VM of rke2-guest annotated as Rancher annotates a cluster's VMs on its removal (`null` takes it away). */
export async function markRemoving(b: Backend, value: string | null): Promise<void> {
  await expectOk('mark VM', await b.request('host', 'PATCH', '/apis/kubevirt.io/v1/namespaces/default/virtualmachines/rke2-guest-pool1-a', { metadata: { annotations: { 'harvesterhci.io/removeAllPersistentVolumeClaims': value } } }, 'application/merge-patch+json'));
}

export async function hostLoadBalancers(b: Backend, ns: string): Promise<Obj[]> {
  return items(await b.request('host', 'GET', `/apis/loadbalancer.harvesterhci.io/v1beta1/loadbalancers?labelSelector=${ encodeURIComponent(`${ P }/serviceNamespace=${ ns }`) }`));
}

export async function pool(b: Backend, name: string): Promise<Obj | null> {
  const r = await b.request('host', 'GET', `${ POOLS }/${ name }`);

  return r.status === 200 ? r.body : null;
}

/** Time for the load balancer controller's IP pool cache to see a pool change (the simulator's sees it at once). */
export async function poolsSeen(b: Backend): Promise<void> {
  if (b.kind === 'real') {
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * Points the guest's pool at a network its VMs' first NIC is not on (vlan200: the IP pool webhook refuses a network
 * with no NetworkAttachmentDefinition), so no pool serves the guest; returns the restore.
 */
export async function takeAwayRke2Pool(b: Backend): Promise<() => Promise<void>> {
  const before = await pool(b, RKE2_POOL);
  const network = before?.spec?.selector?.network;

  await expectOk('move pool', await b.request('host', 'PATCH', `${ POOLS }/${ RKE2_POOL }`, { spec: { selector: { network: 'default/vlan200' } } }, 'application/merge-patch+json'));
  await poolsSeen(b);

  return async() => {
    await expectOk('restore pool', await b.request('host', 'PATCH', `${ POOLS }/${ RKE2_POOL }`, { spec: { selector: { network } } }, 'application/merge-patch+json'));
  };
}

export function ipPool(name: string, start: string, end: string, selector: Obj, labels: Record<string, string> = {}): Obj {
  return {
    apiVersion: 'loadbalancer.harvesterhci.io/v1beta1',
    kind:       'IPPool',
    metadata:   { name, labels },
    spec:       {
      ranges: [{
        subnet: '192.168.100.0/24', rangeStart: start, rangeEnd: end, gateway: '192.168.100.1'
      }],
      selector,
    },
  };
}

export async function deletePool(b: Backend, name: string): Promise<void> {
  await b.request('host', 'DELETE', `${ POOLS }/${ name }`);
}

/**
 * Deletes what a scenario made in the guest and waits until the guest let go of it; a host LoadBalancer left behind
 * (cloud-provider-harvester v0.2.7 `GetLoadBalancer` reports none while the LoadBalancer has no `status.address`, so
 * the service controller then removes its finalizer without deleting it) is deleted as an admin would.
 */
export async function removeScenario(b: Backend, ns: string): Promise<void> {
  for (const s of await services(b, ns)) {
    await b.request('guest', 'DELETE', `/api/v1/namespaces/${ ns }/services/${ s.metadata.name }`);
  }
  await b.settle(async() => (await services(b, ns)).length === 0, 30000);
  const lbPath = '/apis/loadbalancer.harvesterhci.io/v1beta1/namespaces/default/loadbalancers';
  const left = async() => items(await b.request('host', 'GET', `${ lbPath }?labelSelector=${ encodeURIComponent(`${ P }/serviceNamespace=${ ns }`) }`));

  for (const lb of await left()) {
    await b.request('host', 'DELETE', `${ lbPath }/${ lb.metadata.name }`);
  }
  await b.settle(async() => (await left()).length === 0, 30000);
}
