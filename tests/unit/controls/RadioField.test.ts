import { mount } from '@vue/test-utils';
import RadioField from '@pkg/controls/RadioField.vue';
import { stepOption } from '@pkg/controls/options';

const OPTIONS = [
  { label: 'IP pool', value: 'pool' }, { label: 'DHCP', value: 'dhcp' }, {
    label: 'Share', value: 'share', disabled: true
  },
];

const mountRadio = (props: Record<string, unknown> = {}) => mount(RadioField, {
  props: {
    value: 'pool', options: OPTIONS, label: 'IP address source', name: 'ip-source', ...props
  },
  attrs:    { 'data-testid': 'lb-source' },
  attachTo: document.body,
});

describe('RadioField', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is a radiogroup named by its label, with the shell\'s label.radio-container and native inputs by value', () => {
    const w = mountRadio();
    const group = w.find('[role="radiogroup"]');

    expect(w.find(`#${ group.attributes('aria-labelledby') }`).text()).toBe('IP address source');
    const radios = w.findAll('[data-testid="lb-source"] label.radio-container [role="radio"]');

    expect(radios.map((r) => r.attributes('aria-checked'))).toEqual(['true', 'false', 'false']);
    expect(radios.map((r) => r.attributes('aria-disabled'))).toEqual(['false', 'false', 'true']);
    // A disabled option's words are muted too, as the shell mutes a disabled group's (shellParityChoices.test.ts).
    expect(w.findAll('.radio-label').map((l) => l.classes().includes('text-muted'))).toEqual([false, false, true]);
    // One tab stop: the checked option.
    expect(radios.map((r) => r.attributes('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(w.find(`#${ radios[1].attributes('aria-labelledby') }`).text()).toBe('DHCP');
    expect((w.find('input[value="pool"]').element as HTMLInputElement).checked).toBe(true);
  });

  it('chooses an option on click, never a disabled one', async() => {
    const w = mountRadio();

    await w.find('label.radio-container:nth-child(1)').trigger('click');
    await w.findAll('label.radio-container')[1].trigger('click');
    await w.findAll('label.radio-container')[2].trigger('click');
    expect(w.emitted('update:value')).toEqual([['dhcp']]);
  });

  it('arrow keys move to the next option that can be chosen, wrapping, and focus it', async() => {
    const w = mountRadio();
    const radios = w.findAll('[role="radio"]');

    await radios[0].trigger('keydown', { key: 'ArrowDown' });
    await w.setProps({ value: 'dhcp' });
    expect(document.activeElement).toBe(radios[1].element);
    expect(radios.map((r) => r.attributes('tabindex'))).toEqual(['-1', '0', '-1']);
    // From DHCP the next is the disabled Share: skipped, wrapping to IP pool.
    await radios[1].trigger('keydown', { key: 'ArrowRight' });
    await w.setProps({ value: 'pool' });
    await radios[0].trigger('keydown', { key: 'ArrowUp' });
    await radios[0].trigger('keydown', { key: 'ArrowLeft' });
    expect(w.emitted('update:value')).toEqual([['dhcp'], ['pool'], ['dhcp'], ['dhcp']]);
  });

  it('is read-only in view mode: every option aria-disabled, no key or click changes it', async() => {
    const w = mountRadio({ mode: 'view' });

    expect(w.findAll('[role="radio"][aria-disabled="false"]')).toHaveLength(0);
    await w.findAll('label.radio-container')[1].trigger('click');
    await w.findAll('[role="radio"]')[0].trigger('keydown', { key: 'ArrowDown' });
    expect(w.emitted('update:value')).toBeUndefined();
    expect(w.text()).toContain('IP pool');
  });

  it('stepOption skips disabled options and wraps', () => {
    expect(stepOption(OPTIONS, 1, 1)).toBe(0);
    expect(stepOption(OPTIONS, 0, -1)).toBe(1);
    expect(stepOption([{
      label: 'a', value: 'a', disabled: true
    }], 0, 1)).toBe(-1);
  });
});
