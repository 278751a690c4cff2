import { mount } from '@vue/test-utils';
import Notice from '@pkg/controls/Notice.vue';
import StateBadge from '@pkg/controls/StateBadge.vue';

describe('Notice', () => {
  it('is the shell\'s .banner.<color> with its text; errors are announced', () => {
    const err = mount(Notice, { props: { color: 'error', label: 'No resource' } });

    expect(err.classes()).toEqual(['banner', 'error']);
    expect(err.attributes('role')).toBe('alert');
    expect(err.find('.banner__content').text()).toBe('No resource');
    expect(mount(Notice, { props: { color: 'info', label: 'x' } }).attributes('role')).toBe('status');
  });

  it('renders a label as text, never HTML, and takes a slot', () => {
    const w = mount(Notice, { props: { label: '<b>bold</b>' } });

    expect(w.find('b').exists()).toBe(false);
    expect(w.text()).toBe('<b>bold</b>');
    expect(mount(Notice, { slots: { default: 'slotted' } }).text()).toBe('slotted');
  });
});

describe('StateBadge', () => {
  it('is .badge-state with bg-<color> and the state as text', () => {
    const w = mount(StateBadge, { props: { label: '<i>Active</i>', color: 'success' } });

    expect(w.classes()).toEqual(['badge-state', 'bg-success']);
    expect(w.find('i').exists()).toBe(false);
    expect(w.text()).toBe('<i>Active</i>');
    expect(mount(StateBadge, { props: { label: 'Off', color: 'disabled' } }).classes()).toContain('badge-disabled');
  });
});
