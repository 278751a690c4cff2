import { mount, flushPromises } from '@vue/test-utils';
import CopyButton from '@pkg/controls/CopyButton.vue';

const props = {
  text: 'kind: ClusterRole', label: 'Copy', copied: 'Copied', failed: 'Not allowed'
};

describe('CopyButton', () => {
  afterEach(() => {
    delete (navigator as any).clipboard;
  });

  it('puts the text on the clipboard and says so in a live region', async() => {
    const written: string[] = [];

    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async(t: string) => written.push(t) } });
    const wrapper = mount(CopyButton, { props });

    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(written).toEqual(['kind: ClusterRole']);
    expect(wrapper.find('[role="status"]').text()).toBe('Copied');
  });

  it('says when the browser refuses (no clipboard outside a secure context)', async() => {
    const wrapper = mount(CopyButton, { props });

    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('[role="status"]').text()).toBe('Not allowed');
  });
});
