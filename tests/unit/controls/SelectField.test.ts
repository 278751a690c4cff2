import { mount } from '@vue/test-utils';
import { nextTick } from 'vue';
import SelectField from '@pkg/controls/SelectField.vue';

const OPTIONS = [{ label: 'default/vlan100', value: 'default/vlan100' }, { label: 'default/vlan200', value: 'default/vlan200' }, {
  label: 'off', value: 'off', disabled: true
}];

const mountSelect = (props: Record<string, unknown> = {}, global = {}) => mount(SelectField, {
  props: {
    value: 'default/vlan100', options: OPTIONS, label: 'Network', ...props
  },
  attrs:    { 'data-testid': 'lb-network' },
  attachTo: document.body,
  global,
});

describe('SelectField on the host\'s v-select', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('has the shell\'s .labeled-select > .labeled-container DOM and shows the chosen option', () => {
    const w = mountSelect({ required: true, status: 'error' });
    const root = w.find('[data-testid="lb-network"]');

    expect(root.classes()).toEqual(expect.arrayContaining(['labeled-select', 'edit', 'error']));
    expect(root.find('.labeled-container label').text()).toBe('Network*');
    expect(root.find('.v-select.inline .vs__selected').text()).toBe('default/vlan100');
  });

  it('is named by its own label, not vue-select\'s English "Search for option"', () => {
    const w = mountSelect();
    const labelId = w.find('.labeled-container label').attributes('id');

    for (const el of w.findAll('[role="combobox"], input.vs__search')) {
      expect(el.attributes('aria-labelledby')).toBe(labelId);
      expect(el.attributes('aria-label')).toBeUndefined();
    }
  });

  it('opens its list (in <body>) on a click of the field and emits the chosen value; disabled options cannot be chosen', async() => {
    const w = mountSelect();

    await w.find('.labeled-container label').trigger('click');
    await nextTick();
    const options = Array.from(document.body.querySelectorAll('ul.vs__dropdown-menu li.vs__dropdown-option'));

    expect(options.map((o) => o.textContent?.trim())).toEqual(['default/vlan100', 'default/vlan200', 'off']);
    expect(options[2].classList.contains('vs__dropdown-option--disabled')).toBe(true);
    (options[1] as HTMLElement).dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    (options[1] as HTMLElement).click();
    await nextTick();
    expect(w.emitted('update:value')).toEqual([['default/vlan200']]);
  });

  it('shows a value no option offers as it is', () => {
    const w = mountSelect({ value: 'other/net' });

    expect(w.find('.vs__selected').text()).toBe('other/net');
  });

  it('takes a typed value when taggable', async() => {
    const w = mountSelect({ value: '', taggable: true });
    const search = w.find('input.vs__search');

    await search.trigger('focus');
    await search.setValue('ns/typed');
    await search.trigger('keydown', { keyCode: 13, key: 'Enter' });
    expect(w.emitted('update:value')?.at(-1)).toEqual(['ns/typed']);
  });

  it('cannot be opened in view mode', async() => {
    const w = mountSelect({ mode: 'view' });

    expect(w.find('input.vs__search').attributes('disabled')).toBeDefined();
    expect(w.find('.required').exists()).toBe(false);
    await w.find('.labeled-container label').trigger('click');
    await nextTick();
    expect(document.body.querySelector('ul.vs__dropdown-menu')).toBeNull();
  });
});

describe('SelectField without the host\'s v-select', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('says so on the console once and falls back to a labelled native <select>', async() => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const w = mountSelect({ value: 'other/net', placeholder: 'Choose' }, { components: { 'v-select': undefined } });

    mountSelect({}, { components: { 'v-select': undefined } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('v-select');
    const select = w.find('select');

    expect(w.find(`label[for="${ select.attributes('id') }"]`).text()).toBe('Network');
    expect(select.findAll('option').map((o) => o.text())).toEqual(['Choose', 'default/vlan100', 'default/vlan200', 'off', 'other/net']);
    await select.setValue('default/vlan200');
    expect(w.emitted('update:value')).toEqual([['default/vlan200']]);
    warn.mockRestore();
  });
});
