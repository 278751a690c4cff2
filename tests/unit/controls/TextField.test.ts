import { mount } from '@vue/test-utils';
import TextField from '@pkg/controls/TextField.vue';

describe('TextField', () => {
  it('is a labelled text box in the shell\'s .labeled-input container, emitting what is typed', async() => {
    const w = mount(TextField, {
      props: {
        value: '5', label: 'Period', required: true, status: 'error', tooltip: 'Seconds between probes'
      },
      attrs: { 'data-testid': 'hc-period' },
    });
    const root = w.find('[data-testid="hc-period"]');
    const input = root.find('input');

    expect(root.classes()).toEqual(expect.arrayContaining(['labeled-input', 'edit', 'error']));
    expect(w.find(`label[for="${ input.attributes('id') }"]`).text()).toBe('Period*');
    expect(w.find('label .required').attributes('aria-hidden')).toBe('true');
    expect(input.attributes('aria-required')).toBe('true');
    expect(input.attributes('aria-invalid')).toBe('true');
    expect(input.attributes('title')).toBe('Seconds between probes');
    expect(w.find(`#${ input.attributes('aria-describedby') }`).text()).toBe('Seconds between probes');
    await input.setValue('7');
    expect(w.emitted('update:value')).toEqual([['7']]);
  });

  it('shows plain text in view mode: nothing to type into, still named by its label', () => {
    const w = mount(TextField, {
      props: {
        value: 'default/vlan200', label: 'Network', mode: 'view'
      }
    });

    expect(w.find('input').exists()).toBe(false);
    const shown = w.find('.view-value');

    expect(shown.text()).toBe('default/vlan200');
    expect(w.find(`#${ shown.attributes('aria-labelledby') }`).text()).toBe('Network');
    expect(w.find('.required').exists()).toBe(false);
  });

  it('renders a cluster-provided value as text, never HTML', () => {
    const w = mount(TextField, {
      props: {
        value: '<img src=x onerror=alert(1)>', label: 'Name', mode: 'view'
      }
    });

    expect(w.find('img').exists()).toBe(false);
    expect(w.find('.view-value').text()).toBe('<img src=x onerror=alert(1)>');
  });

  it('puts what is passed in the error slot under the field', () => {
    const w = mount(TextField, { props: { value: '', label: 'Port' }, slots: { error: '<p class="field-error">Required</p>' } });

    expect(w.find('.labeled-input .field-error').text()).toBe('Required');
  });
});
