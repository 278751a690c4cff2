import { mount } from '@vue/test-utils';
import CheckField from '@pkg/controls/CheckField.vue';

describe('CheckField', () => {
  const mountCheck = (props: Record<string, unknown> = {}) => mount(CheckField, {
    props: {
      value: false, label: 'Enable health check', ...props
    },
    attrs: { 'data-testid': 'hc-enabled' }
  });

  it('has the shell\'s checkbox DOM, a role=checkbox named by its label', () => {
    const w = mountCheck();
    const box = w.find('[data-testid="hc-enabled"] .checkbox-container .checkbox-custom');

    expect(box.attributes()).toMatchObject({
      role: 'checkbox', 'aria-checked': 'false', 'aria-disabled': 'false', tabindex: '0'
    });
    expect(w.find(`#${ box.attributes('aria-labelledby') }`).text()).toBe('Enable health check');
  });

  it('toggles on a click of the box or its label, and on Space', async() => {
    const w = mountCheck();

    await w.find('.checkbox-custom').trigger('click');
    await w.find('.checkbox-label').trigger('click');
    await w.find('.checkbox-custom').trigger('keydown', { key: ' ' });
    expect(w.emitted('update:value')).toEqual([[true], [true], [true]]);
    await w.setProps({ value: true });
    expect(w.find('.checkbox-custom').attributes('aria-checked')).toBe('true');
    expect((w.find('input[type="checkbox"]').element as HTMLInputElement).checked).toBe(true);
  });

  it('cannot be changed in view mode or disabled', async() => {
    for (const props of [{ mode: 'view' }, { disabled: true }]) {
      const w = mountCheck(props);

      await w.find('.checkbox-custom').trigger('click');
      await w.find('.checkbox-custom').trigger('keydown', { key: ' ' });
      expect(w.emitted('update:value')).toBeUndefined();
      expect(w.find('.checkbox-custom').attributes()).toMatchObject({ 'aria-disabled': 'true', tabindex: '-1' });
    }
  });
});
