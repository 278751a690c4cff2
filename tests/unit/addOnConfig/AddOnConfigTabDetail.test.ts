/** The Add-on Config tab on the Service detail page: read-only, with the address and why none is there yet. */
import { flushPromises } from '@vue/test-utils';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { demoStore } from '../../harness/store';
import { VIEW_ROUTE } from '../../harness/serviceTab';
import { useTab } from './tab';

const { open } = useTab();

describe('Add-on Config tab, detail', () => {
  // A DHCP load balancer is Ready with 0.0.0.0 on Harvester at once (load-balancer-harvester v1.8.2
  // `ensureAllocatedAddressDHCP`); the address is kube-vip's lease, and nothing is Pending.
  it('is read-only and shows the address a DHCP load balancer leased, with nothing to explain', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const svc = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-dhcp', opt: { watch: false }
    });
    const { wrapper } = await open(store, svc, VIEW_ROUTE);

    await flushPromises();
    expect(wrapper.findAll('input:not([disabled])').filter((i) => i.attributes('type') === 'text')).toHaveLength(0);
    expect(wrapper.find('[data-testid="lb-pending-address"]').text()).toBe('192.168.100.200');
    expect(wrapper.find('[data-testid="lb-pending-reason"]').exists()).toBe(false);
  });

  it('shows a secondary whose primary has no address, in Simplified Chinese', async() => {
    const store = await demoStore(RKE2_GUEST.id, 'zh-hans');
    const svc = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/shares-pending', opt: { watch: false }
    });
    const { wrapper } = await open(store, svc, VIEW_ROUTE);

    await flushPromises();
    expect(wrapper.find('[data-testid="lb-pending-what"]').text()).toBe('主服务 default/other-network 还没有地址，因此没有可共享的地址。');
  });
});
