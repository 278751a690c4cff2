import {
  HARVESTER_HOST, K3S_BARE, K3S_GUEST, PLAIN_CLUSTER, RKE2_GUEST
} from '../../../lab/world/ids';
import { createTestStore } from '../../harness/store';
import { useDemoServer } from '../../harness/demoServer';
import { detectHarvesterGuest, vmUidOf } from '@pkg/environment/harvesterCluster';
import { checkCluster, forgetGuestChecks, harvesterGuestClusters } from '@pkg/environment/guestRegistry';

const { state } = useDemoServer();

const node = (providerID?: string) => ({ metadata: { name: 'n' }, spec: providerID ? { providerID } : {} });

describe('detectHarvesterGuest', () => {
  it('recognises RKE2 by its cloud-provider-name, RKE1 by its cloudProvider, others by harvester:// nodes', () => {
    expect(detectHarvesterGuest({ provCluster: { metadata: { name: 'x' }, spec: { rkeConfig: { machineSelectorConfig: [{ config: { 'cloud-provider-name': 'harvester' } }] } } } })).toBe('rke2');
    expect(detectHarvesterGuest({ mgmtCluster: { metadata: { name: 'x' }, spec: { rancherKubernetesEngineConfig: { cloudProvider: { name: 'harvester' } } } } })).toBe('rke1');
    expect(detectHarvesterGuest({ nodes: [node('aws:///i-1'), node('harvester://6a0f')] })).toBe('providerID');
    // R-SET-0: machines made by the Harvester node driver (K3s, before any provider sets a providerID).
    expect(detectHarvesterGuest({ provCluster: { metadata: { name: 'x' }, spec: { rkeConfig: { machinePools: [{ machineConfigRef: { kind: 'HarvesterConfig', name: 'nc' } }] } } } })).toBe('machinePools');
    expect(detectHarvesterGuest({ provCluster: { metadata: { name: 'x' }, spec: { rkeConfig: { machinePools: [{ machineConfigRef: { kind: 'Amazonec2Config', name: 'nc' } }] } } } })).toBeNull();
    expect(detectHarvesterGuest({ nodes: [node('aws:///i-1'), node()] })).toBeNull();
    expect(detectHarvesterGuest({ provCluster: { metadata: { name: 'x' }, spec: { rkeConfig: { machineSelectorConfig: [{ config: { 'cloud-provider-name': 'aws' } }] } } } })).toBeNull();
  });

  it('reads the VM uid from a node providerID', () => {
    expect(vmUidOf(node('harvester://6a0f3c1e'))).toBe('6a0f3c1e');
    expect(vmUidOf(node('harvester://'))).toBeNull();
    expect(vmUidOf(node('aws:///i-1'))).toBeNull();
  });
});

describe('the per-cluster condition every registration uses', () => {
  it('lists the RKE2 and K3s guests once they are entered, never the host or a plain cluster', async() => {
    const store = createTestStore({ clusterId: RKE2_GUEST.id });

    await store.dispatch('management/loadSchemas', true);
    await store.dispatch('management/findAll', { type: 'management.cattle.io.cluster', opt: { watch: false } });
    await store.dispatch('management/findAll', { type: 'provisioning.cattle.io.cluster', opt: { watch: false } });

    expect(await checkCluster(store, RKE2_GUEST.id)).toBe(true);
    // K3s carries no provisioning hint: one `nodes?limit=1&pagesize=1` request finds its harvester:// providerID.
    const before = state.requests.length;

    expect(await checkCluster(store, K3S_GUEST.id)).toBe(true);
    expect(state.requests.slice(before).map((r) => r.path)).toEqual([`/k8s/clusters/${ K3S_GUEST.id }/v1/nodes`]);
    // One node, whether Steve pages by `pagesize` (SQL cache, which ignores `limit`) or by Kubernetes' `limit`.
    expect(state.requests[before].query).toMatchObject({ limit: '1', pagesize: '1' });
    expect(await checkCluster(store, PLAIN_CLUSTER.id)).toBe(false);
    expect(await checkCluster(store, HARVESTER_HOST.id)).toBe(false);

    expect(harvesterGuestClusters).toEqual(expect.arrayContaining([RKE2_GUEST.id, K3S_GUEST.id]));
    expect(harvesterGuestClusters).not.toContain(PLAIN_CLUSTER.id);
    expect(harvesterGuestClusters).not.toContain(HARVESTER_HOST.id);
    // Never empty: an empty cluster list would match every cluster in the extension API.
    expect(harvesterGuestClusters.length).toBeGreaterThan(0);
  });

  it('R-SET-0: finds K3s machines on Harvester without the provider by their machine pools, the clusters read when the store lacks them', async() => {
    forgetGuestChecks();
    const store = createTestStore({ clusterId: K3S_BARE.id });

    await store.dispatch('management/loadSchemas', true);
    const before = state.requests.length;

    expect(await checkCluster(store, K3S_BARE.id)).toBe(true);
    expect(state.requests.slice(before).map((r) => r.path)).toEqual([
      `/k8s/clusters/${ K3S_BARE.id }/v1/nodes`, `/v1/management.cattle.io.clusters/${ K3S_BARE.id }`, `/v1/provisioning.cattle.io.clusters/fleet-default/${ K3S_BARE.name }`,
    ]);
    expect(harvesterGuestClusters).toContain(K3S_BARE.id);
  });

  it('asks again after a failed check instead of remembering "not a guest" until the next login', async() => {
    forgetGuestChecks();
    harvesterGuestClusters.splice(harvesterGuestClusters.indexOf(K3S_GUEST.id), 1);
    const store = createTestStore({ clusterId: K3S_GUEST.id });

    state.faults.push({
      match: {
        method: 'GET', path: '/v1/nodes', cluster: K3S_GUEST.id
      },
      respond: 503
    });
    expect(await checkCluster(store, K3S_GUEST.id)).toBe(false);
    expect(harvesterGuestClusters).not.toContain(K3S_GUEST.id);
    expect(await checkCluster(store, K3S_GUEST.id)).toBe(true);
    expect(harvesterGuestClusters).toContain(K3S_GUEST.id);
  });
});
