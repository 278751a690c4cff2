/**
 * The load balancer scenarios the controller differential runs on both sides (backend.ts), each in a guest namespace
 * of its own and cleaned up after itself. The IP pools they add or change are restored by `cleanup`. Sources of the
 * behaviour each one meets: cloud-provider-harvester v0.2.7 pkg/cloud-controller-manager/loadbalancer.go,
 * load-balancer-harvester v1.8.2 pkg/controller/loadbalancer/controller.go, pkg/ipam, pkg/webhook/loadbalancer.
 */
import { Backend, items } from './backend';

type Obj = Record<string, any>;

const P = 'cloudprovider.harvesterhci.io';
const POOLS = '/apis/loadbalancer.harvesterhci.io/v1beta1/ippools';
const RKE2_POOL = 'pool-rke2-guest';

export interface Scenario {
  name: string;
  /** IP pools whose state the snapshot compares. */
  pools: string[];
  run(b: Backend, ns: string): Promise<void>;
  cleanup?(b: Backend, ns: string): Promise<void>;
}

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

async function expectOk(what: string, r: { status: number; body: any }): Promise<any> {
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

async function patchService(b: Backend, ns: string, name: string, patch: Obj): Promise<void> {
  await expectOk(`patch ${ name }`, await b.request('guest', 'PATCH', `/api/v1/namespaces/${ ns }/services/${ name }`, patch, 'application/merge-patch+json'));
}

async function services(b: Backend, ns: string): Promise<Obj[]> {
  return items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/services`));
}

async function failures(b: Backend, ns: string): Promise<Obj[]> {
  return items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/events`)).filter((e) => e.reason === 'SyncLoadBalancerFailed');
}

/** Every Service of the namespace has an address or a failure event (`also`: and this holds). */
export function handled(b: Backend, ns: string, also: (svcs: Obj[], failed: Obj[]) => boolean = () => true): () => Promise<boolean> {
  return async() => {
    const svcs = await services(b, ns);
    const failed = await failures(b, ns);
    const failedNames = new Set(failed.map((e) => e.involvedObject.name));

    return svcs.every((s) => s.status?.loadBalancer?.ingress?.length || failedNames.has(s.metadata.name)) && also(svcs, failed);
  };
}

const failedWith = (text: RegExp) => (_: Obj[], failed: Obj[]) => failed.some((e) => text.test(e.message));

async function createAll(b: Backend, ns: string, list: Obj[], also?: (svcs: Obj[], failed: Obj[]) => boolean): Promise<void> {
  for (const s of list) {
    await create(b, s);
  }
  await b.settle(handled(b, ns, also));
}

async function pool(b: Backend, name: string): Promise<Obj | null> {
  const r = await b.request('host', 'GET', `${ POOLS }/${ name }`);

  return r.status === 200 ? r.body : null;
}

/** Points the guest's pool at a network no VM of the guest is on (so no pool serves it); returns the restore. */
async function takeAwayRke2Pool(b: Backend): Promise<() => Promise<void>> {
  const before = await pool(b, RKE2_POOL);
  const network = before?.spec?.selector?.network;

  await expectOk('move pool', await b.request('host', 'PATCH', `${ POOLS }/${ RKE2_POOL }`, { spec: { selector: { network: 'default/vlan900' } } }, 'application/merge-patch+json'));

  return async() => {
    await expectOk('restore pool', await b.request('host', 'PATCH', `${ POOLS }/${ RKE2_POOL }`, { spec: { selector: { network } } }, 'application/merge-patch+json'));
  };
}

function ipPool(name: string, start: string, end: string, selector: Obj, labels: Record<string, string> = {}): Obj {
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

async function deletePool(b: Backend, name: string): Promise<void> {
  await b.request('host', 'DELETE', `${ POOLS }/${ name }`);
}

const restores: Map<string, () => Promise<void>> = new Map();

export const SCENARIOS: Scenario[] = [
  {
    name: 'pool', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]),
  },
  {
    name: 'pool on a network', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool', network: 'default/vlan100' })]),
  },
  {
    name: 'dhcp', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'dhcp', network: 'default/vlan100' })]),
  },
  {
    name:  'sharing',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'primary', { ipam: 'pool' })]);
      await createAll(b, ns, [lbService(ns, 'secondary', { primary: `${ ns }/primary`, ports: [{ port: 8080 }] })]);
    },
  },
  {
    name:  'port overlap',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'primary', { ipam: 'pool' })]);
      await createAll(b, ns, [lbService(ns, 'udp', { primary: `${ ns }/primary`, ports: [{ port: 80, protocol: 'UDP' }] })]);
    },
  },
  {
    name:  'primary without address',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'primary', { ipam: 'pool', network: 'default/vlan300' })]);
      await createAll(b, ns, [lbService(ns, 'secondary', { primary: `${ ns }/primary`, ports: [{ port: 8080 }] })], failedWith(/has no ingress IP/));
    },
  },
  {
    name: 'network not in the NAD mapping', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'dhcp', network: 'default/vlan300' })]),
  },
  {
    name:  'no pool for the network',
    pools: [RKE2_POOL],
    run:   async(b, ns) => {
      restores.set(`${ b.kind } no pool`, await takeAwayRke2Pool(b));
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
    },
    cleanup: async(b) => restores.get(`${ b.kind } no pool`)?.(),
  },
  {
    name:  'global pool fallback',
    pools: ['scn-global'],
    run:   async(b, ns) => {
      restores.set(`${ b.kind } global`, await takeAwayRke2Pool(b));
      await expectOk('global pool', await b.request('host', 'POST', POOLS, ipPool('scn-global', '192.168.100.150', '192.168.100.159', { network: '', scope: [] }, { 'loadbalancer.harvesterhci.io/global-ip-pool': 'true' })));
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
    },
    cleanup: async(b) => {
      await restores.get(`${ b.kind } global`)?.();
      await deletePool(b, 'scn-global');
    },
  },
  {
    name:  'pool exhausted',
    pools: ['scn-tiny'],
    run:   async(b, ns) => {
      await expectOk('tiny pool', await b.request('host', 'POST', POOLS, ipPool('scn-tiny', '192.168.100.160', '192.168.100.160', {
        network:  'default/vlan100',
        priority: 100,
        scope:    [{
          project: '*', namespace: '*', guestCluster: 'rke2-guest'
        }]
      })));
      await createAll(b, ns, [lbService(ns, 'first', { ipam: 'pool' })]);
      await createAll(b, ns, [lbService(ns, 'second', { ipam: 'pool' })]);
    },
    cleanup: (b) => deletePool(b, 'scn-tiny'),
  },
  {
    name:  'ipam changed after creation',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
      await patchService(b, ns, 'web', { metadata: { annotations: { [`${ P }/ipam`]: 'dhcp' } } });
      await b.settle(handled(b, ns, failedWith(/IPAM/)));
    },
  },
  {
    name:  'network changed after creation',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'dhcp', network: 'default/vlan100' })]);
      await patchService(b, ns, 'web', { metadata: { annotations: { [`${ P }/network`]: 'default/vlan200' } } });
      await b.settle(handled(b, ns, failedWith(/network annotation/)));
    },
  },
  {
    name:  'delete and release',
    pools: [RKE2_POOL],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
      await expectOk('delete', await b.request('guest', 'DELETE', `/api/v1/namespaces/${ ns }/services/web`));
      await b.settle(async() => items(await b.request('host', 'GET', `/apis/loadbalancer.harvesterhci.io/v1beta1/loadbalancers?labelSelector=${ encodeURIComponent(`${ P }/serviceNamespace=${ ns }`) }`)).length === 0);
    },
  },
];

/** Deletes what a scenario made in the guest and waits until the host let go of it. */
export async function removeScenario(b: Backend, ns: string): Promise<void> {
  for (const s of await services(b, ns)) {
    await b.request('guest', 'DELETE', `/api/v1/namespaces/${ ns }/services/${ s.metadata.name }`);
  }
  await b.settle(async() => (await services(b, ns)).length === 0, 30000);
}
