// The Add-on Config tab on a stand-in of the shell's edit page against the demo (tests/harness), and what a user does
// on it, shared by the tab's test files.
import { reactive } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { mountWithStore } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';
import { CREATE_ROUTE, EDIT_ROUTE, newLoadBalancer, PortSpec } from '../../harness/serviceTab';
import { editPageFor } from '../../harness/editPage';
import AddOnConfigTab from '@pkg/addOnConfig/AddOnConfigTab.vue';

export function newService(store: any, ports: PortSpec[] = [{
  name: 'http', port: 80, protocol: 'TCP', targetPort: 8080
}]) {
  return newLoadBalancer(store, { name: `lb-${ Math.random().toString(36).slice(2, 7) }`, namespace: 'default' }, ports, { app: 'web' });
}

/**
 * For a test file: the demo server (harness/demoServer.ts), its state, and the tab opened on a Service and saved
 * (the writes Save sent).
 */
export function useTab() {
  // Every test starts from the demo data (the harness puts it back, faults and the request log cleared).
  const demo = useDemoServer();
  const { state } = demo;

  // The shell's pages hold the resource in component data, which makes it reactive: so does this stand-in.
  // Like the shell's ResourceDetail, edit pages get a clone to edit, a clone of the original and the live object.
  async function open(store: any, plain: any, route: any) {
    const isEdit = route !== CREATE_ROUTE;
    const resource = reactive(isEdit ? await store.dispatch('cluster/clone', { resource: plain }) : plain);
    const initialValue = isEdit ? await store.dispatch('cluster/clone', { resource: plain }) : null;
    const requestsBefore = state.requests.length;
    const Page = editPageFor(AddOnConfigTab);
    const mode = route === CREATE_ROUTE ? 'create' : route === EDIT_ROUTE ? 'edit' : 'view';
    const wrapper = mountWithStore(Page, store, {
      props: {
        value: resource, initialValue, liveValue: isEdit ? plain : null, mode, realMode: mode
      },
      global: { mocks: { $route: route, $router: { replace: jest.fn() } } },
    });

    await flushPromises();

    return {
      wrapper, svc: resource, requestsOnOpen: state.requests.slice(requestsBefore)
    };
  }

  async function save(wrapper: any) {
    const before = state.requests.length;

    await wrapper.find('.page-save').trigger('click');
    await flushPromises();

    return state.requests.slice(before).filter((r) => r.method !== 'GET');
  }

  return {
    demo, state, open, save
  };
}

// Shell inputs put a test id either on their wrapper or on the <input> itself.
export const input = (w: any, testid: string) => {
  const el = w.find(`[data-testid="${ testid }"]`);

  return el.exists() && el.element.tagName === 'INPUT' ? el : w.find(`[data-testid="${ testid }"] input`);
};

// What a user does: click a radio by its label; type into a text field, or open a select and click its option.
export async function chooseRadio(w: any, testid: string, label: string) {
  const option = w.findAll(`[data-testid="${ testid }"] label.radio-container`).find((l: any) => l.text().includes(label));

  expect(option).toBeDefined();
  await option.trigger('click');
  await flushPromises();
}

export async function enter(w: any, testid: string, value: string) {
  const text = input(w, testid);

  if (text.exists() && !text.classes().includes('vs__search')) {
    await text.setValue(value);
  } else {
    await w.find(`[data-testid="${ testid }"] .vs__dropdown-toggle`).trigger('mousedown');
    await flushPromises();
    const option = Array.from(document.body.querySelectorAll('ul.vs__dropdown-menu li.vs__dropdown-option'))
      .find((o) => o.textContent?.trim() === value) as HTMLElement | undefined;

    expect(option?.textContent?.trim()).toBe(value);
    option?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    option?.click();
  }
  await flushPromises();
}

// The options a select offers, as the user sees them when it opens (closed again afterwards).
export async function optionTexts(w: any, testid: string): Promise<string[]> {
  const toggle = w.find(`[data-testid="${ testid }"] .vs__dropdown-toggle`);

  await toggle.trigger('mousedown');
  await flushPromises();
  // vue-select appends its menu to <body>; the toggle names it (aria-owns / aria-controls).
  const listId = toggle.attributes('aria-owns') || w.find(`[data-testid="${ testid }"] input`).attributes('aria-controls');
  const list = document.getElementById(listId);

  expect(list).not.toBeNull();
  const texts = Array.from(list?.querySelectorAll('li.vs__dropdown-option') || []).map((o) => o.textContent?.trim() || '');

  await toggle.trigger('mousedown');
  await flushPromises();

  return texts;
}
