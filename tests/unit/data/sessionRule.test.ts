/**
 * Issue 34: the extension must never log a user out. Rancher's proxy answers a bodiless 401 for a cluster the user is
 * no member of, and the shell's `request` action logs out on a 401 unless told not to. Here the shell's real Steve
 * stores send every request of the data layer to a server that answers 401 for every cluster; the rule: nothing of the
 * extension dispatches `auth/logout` for a cluster's 401, while Rancher's own API (`/v1`) keeps the shell's rule.
 */
import { http, HttpResponse } from 'msw';
import * as store from '@pkg/data/store';
import * as guest from '@pkg/data/guest';
import * as guestWrites from '@pkg/data/guestWrites';
import * as clusterProxy from '@pkg/data/clusterProxy';
import * as rancher from '@pkg/data/rancher';
import * as machineConfig from '@pkg/data/machineConfig';
import { checkCluster } from '@pkg/environment/guestRegistry';
import { readFailureOf } from '@pkg/data/failure';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';
import { K3S_BARE, RKE2_GUEST } from '../../../lab/world/ids';

const demo = useDemoServer();

/** Rancher's answer for a cluster the user may not see: 401, no body (rancher pkg/api/steve/proxy). */
const clusterRefuses = () => demo.server.use(http.all(/\/k8s\/clusters\//, () => new HttpResponse(null, { status: 401 })));

async function storeWithLogout(clusterId = RKE2_GUEST.id) {
  const s: any = await demoStore(clusterId);
  const logout = jest.fn();

  s.registerModule('auth', { namespaced: true, actions: { logout } });

  return { s, logout };
}

type Call = (s: any) => Promise<unknown>;

/** Every exported function of the data layer that sends a request, called on a cluster (or on Rancher's /v1). */
const CLUSTER_CALLS: Record<string, Call> = {
  'store.request (cluster)':      (s) => store.request(s, 'cluster', { url: '/k8s/clusters/c-x/v1/nodes' }),
  'store.request (management)':   (s) => store.request(s, 'management', { url: '/k8s/clusters/c-x/v1/nodes' }),
  'store.find (cluster)':         (s) => store.find(s, 'cluster', 'service', 'default/web'),
  'store.findBySelector':         (s) => store.findBySelector(s, 'pod', 'kube-system', { matchLabels: { app: 'x' } }),
  'guest.guestCollection':        (s) => guest.guestCollection(s, 'service'),
  'guest.guestList':              (s) => guest.guestList(s, 'event'),
  'guest.guestListIfSchema':      (s) => guest.guestListIfSchema(s, 'service'),
  'guest.guestGet':               (s) => guest.guestGet(s, 'service', 'default/web'),
  'guest.guestGetCached':         (s) => guest.guestGetCached(s, 'service', 'default/absent'),
  'guestWrites.guestCreate':      (s) => guestWrites.guestCreate(s, 'secret', { metadata: { name: 'x', namespace: 'default' } }),
  'guestWrites.guestDelete':      (s) => guestWrites.guestDelete(s, 'secret', 'default/x'),
  'clusterProxy.proxyRequest':    (s) => clusterProxy.proxyRequest(s, { url: '/k8s/clusters/c-x/v1/nodes' }),
  'clusterProxy.proxyCollection': (s) => clusterProxy.proxyCollection(s, '/k8s/clusters/c-x/v1/nodes'),
  'clusterProxy.proxyList':       (s) => clusterProxy.proxyList(s, 'c-x', 'node'),
  'clusterProxy.proxyGet':        (s) => clusterProxy.proxyGet(s, 'c-x', 'node', undefined, 'n1'),
  'clusterProxy.proxyCreate':     (s) => clusterProxy.proxyCreate(s, 'c-x', 'secret', {}),
  'clusterProxy.hostRequest':     (s) => clusterProxy.hostRequest(s, '/k8s/clusters/c-x/v1/loadbalancer.harvesterhci.io.ippools'),
  'clusterProxy.hostList':        (s) => clusterProxy.hostList(s, 'c-x', 'loadbalancer.harvesterhci.io.ippool'),
  'rancher.firstNodeOf':          (s) => rancher.firstNodeOf(s, K3S_BARE.id),
};

/** Requests to Rancher's own API (the local server): a 401 there is the session's, as everywhere in the shell. */
const RANCHER_CALLS: Record<string, Call> = {
  'rancher.listManagementClusters':       (s) => rancher.listManagementClusters(s),
  'rancher.managementClustersOrCached':   (s) => rancher.managementClustersOrCached(s),
  'rancher.managementObject':             (s) => rancher.managementObject(s, 'provisioning.cattle.io.cluster', 'fleet-default/absent'),
  'rancher.cloudCredential':              (s) => rancher.cloudCredential(s, 'cattle-global-data:cc-1'),
  'machineConfig.harvesterMachineConfig': (s) => machineConfig.harvesterMachineConfig(s, 'fleet-default', 'nc-1'),
};

/** Exports that send nothing (URL builders, the store's cache, the rule itself). */
const NO_REQUEST = new Set([
  'store.currentClusterId', 'store.currentCluster', 'store.typeUrl', 'store.schemaOf', 'store.cached', 'store.cachedAll',
  'store.onClusterEntered', 'store.mayLogOut', 'guest.guestListUrl', 'guest.guestCachedAll', 'clusterProxy.clusterApi',
  'clusterProxy.clusterTypeUrl', 'clusterProxy.proxyListUrl', 'clusterProxy.hostListUrl',
]);

describe('a cluster\'s 401 is "not allowed here", never a lost session', () => {
  it('covers every exported function of the request modules', () => {
    const modules: Record<string, Record<string, unknown>> = {
      store, guest, guestWrites, clusterProxy, rancher, machineConfig
    };
    const exported = Object.entries(modules).flatMap(([m, mod]) => Object.entries(mod)
      .filter(([, v]) => typeof v === 'function').map(([k]) => `${ m }.${ k }`));
    const covered = new Set([...Object.keys(CLUSTER_CALLS).map((k) => k.split(' ')[0]), ...Object.keys(RANCHER_CALLS), ...NO_REQUEST]);

    expect(exported.filter((e) => !covered.has(e))).toEqual([]);
  });

  it.each(Object.entries(CLUSTER_CALLS))('%s: refused, and the user stays logged in', async(_name, call) => {
    const { s, logout } = await storeWithLogout();

    clusterRefuses();
    const err = await call(s).then(() => null, (e) => e);

    expect(logout).not.toHaveBeenCalled();
    // The caller hears "forbidden" (guestListIfSchema and guestGetCached may answer without a request).
    if (err) {
      expect(readFailureOf(err).failure).toBe('forbidden');
    }
  });

  it('Rancher\'s own API keeps the shell\'s rule: a 401 of /v1 is a lost session', async() => {
    const { s, logout } = await storeWithLogout();

    demo.server.use(http.all(/\/v1\/rke-machine-config/, () => new HttpResponse(null, { status: 401 })));
    await machineConfig.harvesterMachineConfig(s, 'fleet-default', 'nc-1').catch(() => null);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(Object.keys(RANCHER_CALLS).length).toBeGreaterThan(0);
  });

  it('the guest check of a cluster the viewer is no member of answers "not a guest" and logs nobody out', async() => {
    demo.as('viewer');
    const { s, logout } = await storeWithLogout();

    expect(await checkCluster(s, K3S_BARE.id)).toBe(false);
    expect(logout).not.toHaveBeenCalled();
  });
});
