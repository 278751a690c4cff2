/**
 * Issue 26: the set-up page opened by its address by someone who may not use it says why and offers no field or
 * button that cannot work (it offered editable fields, an empty host list and an enabled "Generate kubeconfig").
 */
import { K3S_BARE, K3S_GUEST } from '../../../simulator/demo/ids';
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
    expect(setupBlock(1, false, (_s, type) => (type === 'secret' ? readOnly : may))).toEqual({ reason: 'cannotWrite', type: 'secret' });
    expect(setupBlock(1, false, (_s, type) => (type === 'secret' ? may : null))).toEqual({ reason: 'cannotWrite', type: 'catalog.cattle.io.app' });
    expect(setupBlock(1, true, () => readOnly)).toBeNull();
    expect(setupBlock(0, false, () => may)).toEqual({ reason: 'noHost' });
  });

  it('a read-only member of a K3s guest is told why, and gets no field or button that could act', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(SetupPage, K3S_GUEST.id);

    expect(byId(wrapper, 'setup-blocked').text()).toContain('does not allow creating Secrets');
    expect(wrapper.findAll('[data-testid="setup-form"] input:not([disabled])').filter((i: any) => !i.classes('vs__search'))).toHaveLength(0);
    expect(byId(wrapper, 'setup-host').classes()).toContain('disabled');
    expect(byId(wrapper, 'setup-generate').attributes('disabled')).toBeDefined();
    expect(state.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the same in Simplified Chinese', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(SetupPage, K3S_GUEST.id, 'zh-hans');

    expect(byId(wrapper, 'setup-blocked').text()).toContain('不允许创建Secret');
  });

  it('an admin is offered the form', async() => {
    const { wrapper } = await mountDemo(SetupPage, K3S_BARE.id);

    expect(byId(wrapper, 'setup-blocked').exists()).toBe(false);
    expect(byId(wrapper, 'setup-generate').attributes('disabled')).toBeUndefined();
  });
});
