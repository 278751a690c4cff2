/**
 * Issue 26: the set-up page opened by its address by someone who may not use it says why and offers no field or
 * button that cannot work (it offered editable fields, an empty host list and an enabled "Generate kubeconfig").
 */
import { K3S_BARE, K3S_GUEST } from '../../../lab/world/ids';
import SetupPage from '@pkg/setup/SetupPage.vue';
import { setupBlock } from '@pkg/setup/access';
import { useDemoServer } from '../../harness/demoServer';
import { mountDemo } from '../../harness/mount';

const demo = useDemoServer();
const { state } = demo;
const byId = (wrapper: any, id: string) => wrapper.find(`[data-testid="${ id }"]`);

describe('who may set the integration up', () => {
  const may = { resourceMethods: ['GET', 'PUT', 'DELETE'], collectionMethods: ['GET', 'POST'] };
  const readOnly = { resourceMethods: ['GET'], collectionMethods: ['GET'] };

  it('needs Secrets and Apps written in the guest (not on RKE2: its bundled charts), then a Harvester cluster to use', () => {
    expect(setupBlock(1, false, () => may)).toBeNull();
    expect(setupBlock(1, false, (_s, type) => (type === 'secret' ? readOnly : may))).toEqual({ cannotWrite: ['secret'], noHost: false });
    expect(setupBlock(1, false, (_s, type) => (type === 'secret' ? may : null))).toEqual({ cannotWrite: ['catalog.cattle.io.app'], noHost: false });
    expect(setupBlock(1, true, () => readOnly)).toBeNull();
    expect(setupBlock(0, false, () => may)).toEqual({ cannotWrite: [], noHost: true });
    // Every reason, not the first (issue 34).
    expect(setupBlock(0, false, () => readOnly)).toEqual({ cannotWrite: ['secret', 'catalog.cattle.io.app'], noHost: true });
  });

  it('a read-only member of a K3s guest is told every reason, and gets nothing to edit and no button (issue 34)', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(SetupPage, K3S_GUEST.id);

    // Their role (Secrets and Apps), and the Harvester cluster they are no member of.
    expect(byId(wrapper, 'setup-blocked').text()).toBe('Your role in this cluster does not allow creating Secrets and Apps, which setting the integration up writes here, so nothing on this page can be used. Ask the cluster\'s owner to set it up, or for a role that may. No Harvester cluster is available to you in Rancher, so no kubeconfig can be made here. Someone who may use the Harvester cluster that hosts these VMs can set the integration up.');
    // No input at all, the search of a select included: the values are shown as text.
    expect(wrapper.findAll('[data-testid="setup-form"] input, [data-testid="setup-form"] select, [data-testid="setup-form"] textarea')).toHaveLength(0);
    expect(byId(wrapper, 'setup-service-account').text()).toContain('k3s-guest');
    expect(byId(wrapper, 'setup-generate').exists()).toBe(false);
    expect(state.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the same in Simplified Chinese', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(SetupPage, K3S_GUEST.id, 'zh-hans');

    expect(byId(wrapper, 'setup-blocked').text()).toContain('不允许创建Secret 和应用');
    expect(byId(wrapper, 'setup-blocked').text()).toContain('没有可用的 Harvester 集群');
  });

  it('an admin is offered the form', async() => {
    const { wrapper } = await mountDemo(SetupPage, K3S_BARE.id);

    expect(byId(wrapper, 'setup-blocked').exists()).toBe(false);
    expect(byId(wrapper, 'setup-generate').attributes('disabled')).toBeUndefined();
  });
});
