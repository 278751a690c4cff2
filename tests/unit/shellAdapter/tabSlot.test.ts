import {
  defineAsyncComponent, defineComponent, h, nextTick, ref
} from 'vue';
import { flushPromises } from '@vue/test-utils';
import Tabbed from '@shell/components/Tabbed/index.vue';
import Tab from '@shell/components/Tabbed/Tab.vue';
import { keepTabRegistered } from '@pkg/shellAdapter';
import { createTestStore } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';

// An extension tab's component as the shell renders it: wrapped in defineAsyncComponent, inside a <Tab>.
const oursInTab = (name: string) => defineComponent({
  name,
  inject: ['addTab'],
  mounted() {
    keepTabRegistered(this, (this as any).addTab);
  },
  render: () => h('p', { class: 'ours' }, 'ours'),
});
const Ours = defineAsyncComponent(() => Promise.resolve(oursInTab('OursInTab')));
// Rancher's own Add-on Config (2.12–2.14), shown once showHarvesterAddOnConfig turns true.
const builtIn = () => h(Tab as any, { name: 'add-on-config', label: 'Add-on Config' }, { default: () => h('p', { class: 'built-in' }, 'built-in') });
// The page around the tabs, as the shell mounts it.
const mountPage = (Page: any) => mountWithStore(Page, createTestStore(), { global: { mocks: { $route: { hash: '' }, $router: { replace: jest.fn(), currentRoute: { _value: { hash: '' } } } } } });

describe('keeping an extension tab when the page adds a tab of the same name later (2.12–2.14 Service page)', () => {
  it('gives the tab bar back to the extension tab, and its panel is the one shown', async() => {
    const late = ref(false);
    const Page = defineComponent({
      setup: () => () => h(Tabbed as any, { useHash: false, sideTabs: true }, {
        default: () => [
          h(Tab as any, {
            name: 'ports', label: 'Ports', weight: 10
          }, { default: () => h('p', 'ports') }),
          h(Tab as any, { name: 'add-on-config', label: 'Add-on Config' }, { default: () => h(Ours) }),
          late.value ? builtIn() : null,
        ],
      }),
    });
    const wrapper = mountPage(Page);

    await flushPromises();
    late.value = true;
    await flushPromises();
    await nextTick();
    const tabbed: any = wrapper.findComponent(Tabbed as any).vm;

    expect(tabbed.tabs.filter((t: any) => t.name === 'add-on-config')).toHaveLength(1);
    tabbed.select('add-on-config');
    await nextTick();
    expect(wrapper.find('.ours').isVisible()).toBe(true);
    expect(wrapper.find('.built-in').isVisible()).toBe(false);
  });
});

describe('keeping the tab when the other one came first', () => {
  it('takes the slot back as soon as the extension\'s component has loaded', async() => {
    let load!: () => void;
    const Slow = defineAsyncComponent(() => new Promise<any>((resolve) => {
      load = () => resolve(oursInTab('SlowOurs'));
    }));
    const late = ref(false);
    const Page = defineComponent({
      setup: () => () => h(Tabbed as any, { useHash: false, sideTabs: true }, {
        default: () => [
          h(Tab as any, { name: 'add-on-config', label: 'Add-on Config' }, { default: () => h(Slow) }),
          late.value ? builtIn() : null,
        ],
      }),
    });
    const wrapper = mountPage(Page);

    late.value = true;
    await flushPromises();
    load();
    await flushPromises();
    const tabbed: any = wrapper.findComponent(Tabbed as any).vm;

    tabbed.select('add-on-config');
    await nextTick();
    expect(wrapper.find('.ours').isVisible()).toBe(true);
    expect(wrapper.find('.built-in').isVisible()).toBe(false);
  });
});
