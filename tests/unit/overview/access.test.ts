/**
 * Issue 26: the integration overview tells a user who may not read or do what it offers why, and offers "Set up" only
 * to a user the set-up page lets act. The demo's viewer is a read-only member of rke2-guest and k3s-guest (no
 * Secrets) and no member of harvester-host.
 */
import { RouterLinkStub } from '@vue/test-utils';
import OverviewPage from '@pkg/overview/OverviewPage.vue';
import { deniedReads, rbacReadWhy, rbacWhyKeys, setupOffer } from '@pkg/overview/access';
import { deleteObject } from '../../../lab/simulator/core/state';
import { K3S_GUEST, RKE2_GUEST } from '../../../lab/world/ids';
import { useDemoServer } from '../../harness/demoServer';
import { mountDemo, mountWithStore, settle } from '../../harness/mount';
import { demoStore } from '../../harness/store';

const demo = useDemoServer();
const { state } = demo;
const text = (w: any, id: string) => w.find(`[data-testid="${ id }"]`).text().replace(/\s+/g, ' ').trim();

describe('what the overview decides from the user\'s schemas and the host lookup', () => {
  const may = { resourceMethods: ['GET', 'PUT', 'DELETE'], collectionMethods: ['GET', 'POST'] };
  const read = { resourceMethods: ['GET'], collectionMethods: ['GET'] };

  it('the RBAC check: the host lookup\'s reason and what it leaves out, or its own reason', () => {
    expect(rbacWhyKeys('notMember')).toEqual(['harvesterCloud.host.unknown.notMember', 'harvesterOverview.rbac.why.hostConsequence']);
    expect(rbacWhyKeys('unreadable')).toEqual(['harvesterOverview.rbac.why.unreadable']);
    expect(rbacWhyKeys(null)).toEqual([]);
  });

  it('R-API-3: a host that did not answer is said as such, not as the user\'s permissions', () => {
    expect(['forbidden', 'unreachable', 'error', 'absent', null].map((f) => rbacReadWhy(f as any))).toEqual(['unreadable', 'hostUnreachable', 'hostReadFailed', 'hostReadFailed', null]);
    expect(rbacWhyKeys(rbacReadWhy('unreachable'))).toEqual(['harvesterOverview.rbac.why.hostUnreachable']);
  });

  it('"Set up" as the set-up page decides: the writes in the guest (none on RKE2) and a Harvester cluster to use', () => {
    expect(setupOffer({ hosts: 1, distribution: 'k3s' }, () => may)).toBeNull();
    expect(setupOffer({ hosts: 1, distribution: 'k3s' }, () => read)).toEqual({ cannotWrite: ['secret', 'catalog.cattle.io.app'], noHost: false });
    expect(setupOffer({ hosts: 1, distribution: 'rke2' }, () => read)).toBeNull();
    expect(setupOffer({ hosts: 0, distribution: 'rke2' }, () => may)).toEqual({ cannotWrite: [], noHost: true });
    expect(setupOffer(null, () => may)).toBeNull();
  });

  it('the reads a role may not make', () => {
    expect(deniedReads(() => read)).toEqual({
      services: false, nodes: false, nad: false
    });
    expect(deniedReads(() => ({ collectionMethods: ['GET'] }))).toEqual({
      services: false, nodes: false, nad: true
    });
    expect(deniedReads(() => null)).toEqual({
      services: true, nodes: true, nad: true
    });
  });
});

describe('the overview for a user who may not read or do all it offers', () => {
  it('the viewer is told why the CSI driver\'s permissions on the host could not be checked', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-rbac')).toContain('Could not be checked');
    expect(text(wrapper, 'overview-rbac-why')).toBe('You are not a member of the Harvester cluster that hosts this cluster\'s VMs: Rancher shows a cluster only to its members. So the CSI driver\'s permissions on it could not be checked.');
    expect(state.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the same in Simplified Chinese', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id, 'zh-hans');

    expect(text(wrapper, 'overview-rbac-why')).toBe('您不是承载此集群虚拟机的 Harvester 集群的成员：Rancher 只向集群成员显示该集群。 因此无法检查 CSI 驱动在该主机上的权限。');
  });

  it('with a component missing, the viewer gets the reason they cannot set it up instead of "Set up"', async() => {
    deleteObject(state, K3S_GUEST.id, 'apps.daemonset', 'kube-system/harvester-csi-driver');
    demo.as('viewer');
    const { wrapper } = await mountDemo(OverviewPage, K3S_GUEST.id);

    expect(text(wrapper, 'overview-problems')).toContain('The Harvester CSI driver is not installed.');
    // Every reason (issue 34): the role, and the Harvester cluster the viewer is no member of.
    expect(text(wrapper, 'overview-setup-blocked')).toBe('Your role in this cluster does not allow creating Secrets and Apps, which setting the integration up writes here, so set-up is not offered. Ask the cluster\'s owner to set it up, or for a role that may. No Harvester cluster is available to you in Rancher, so you cannot set the integration up: someone who may use the Harvester cluster that hosts these VMs can.');
    expect(wrapper.find('[data-testid="overview-setup"]').exists()).toBe(false);
    expect(wrapper.findAllComponents(RouterLinkStub).map((l) => (l.props('to') as any).name)).not.toContain('c-cluster-explorer-harvester-setup');
  });

  it('the admin is offered "Set up" there', async() => {
    deleteObject(state, K3S_GUEST.id, 'apps.daemonset', 'kube-system/harvester-csi-driver');
    const { wrapper } = await mountDemo(OverviewPage, K3S_GUEST.id);

    expect(wrapper.find('[data-testid="overview-setup-blocked"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="overview-setup"] a, [data-testid="overview-setup"] .btn').exists()).toBe(true);
  });

  it('a role that may not list Services or read ConfigMaps is told so, not that they could not be read', async() => {
    state.faults.push({
      match: {
        method: 'GET', cluster: RKE2_GUEST.id, type: 'service'
      },
      respond: 403,
      times:   100
    }, {
      match: {
        method: 'GET', cluster: RKE2_GUEST.id, type: 'configmap'
      },
      respond: 403,
      times:   100
    });
    const store = await demoStore(RKE2_GUEST.id);

    ['service', 'configmap'].forEach((type) => store.commit('cluster/remove', store.getters['cluster/schemaFor'](type)));
    const wrapper = mountWithStore(OverviewPage, store, { global: { stubs: { RouterLink: RouterLinkStub } } });

    await settle(12);
    expect(text(wrapper, 'overview-lb-unreadable')).toBe('Your role in this cluster does not allow listing Services, so its load balancers are not shown.');
    expect(text(wrapper, 'overview-nad-denied')).toBe('Your role in this cluster does not allow reading ConfigMaps, so the NAD mapping (kube-system/harvester-nad-mapping) could not be checked.');
  });
});
