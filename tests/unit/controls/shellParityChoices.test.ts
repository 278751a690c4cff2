/**
 * CheckField, RadioField and Notice beside the shell's Checkbox, RadioGroup and Banner (from the installed
 * @rancher/shell), mounted with the same props: what a user and a screen reader can tell apart must match in every
 * state (checked or not, disabled, read-only view, a description; the chosen option, a disabled group; each banner
 * colour). Accessible names are compared as a screen reader computes them (ours name by aria-labelledby where the
 * shell's use aria-label: the same words). On purpose different, and said below: the radio group's keyboard (ours one
 * tab stop on the chosen option, as the WAI-ARIA pattern; the shell's focuses the group) and the banner's role.
 * Neither of ours takes a tooltip (no form passes one), so none is compared.
 */
import { VueWrapper } from '@vue/test-utils';
import CheckField from '@pkg/controls/CheckField.vue';
import RadioField from '@pkg/controls/RadioField.vue';
import Notice from '@pkg/controls/Notice.vue';
import { createTestStore } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';

// Required, not imported: vue-tsc would type-check the shell's own sources, which are not ours to keep clean.
const Checkbox = require('@components/Form/Checkbox/Checkbox.vue').default;
const RadioGroup = require('@components/Form/Radio/RadioGroup.vue').default;
const Banner = require('@components/Banner/Banner.vue').default;

const store = createTestStore();
const mountBoth = (shell: any, ours: any, props: Record<string, unknown>) => ({
  shell: mountWithStore(shell, store, { props, attachTo: document.body }),
  ours:  mountWithStore(ours, store, { props, attachTo: document.body }),
});

/** The text of the elements an aria-labelledby / aria-describedby names. */
const textOf = (ids: string | null) => (ids ? ids.split(' ').map((id) => document.getElementById(id)?.textContent?.trim() || '').join(' ') : null);
/** An element's accessible name: what aria-labelledby points at, else its aria-label. */
const nameOf = (el: Element) => textOf(el.getAttribute('aria-labelledby')) ?? el.getAttribute('aria-label');
const has = (w: { classes(): string[] }, list: string[]) => list.filter((c) => w.classes().includes(c));

afterEach(() => {
  document.body.innerHTML = '';
});

/** What a checkbox says: its box's state, the hidden native input, the custom box's ARIA, label and description. */
function checkState(w: VueWrapper<any>) {
  const container = w.find('label.checkbox-container');
  const input = container.find('input[type="checkbox"]');
  const box = container.find('.checkbox-custom');

  return {
    classes:      has(container, ['disabled']),
    checked:      (input.element as HTMLInputElement).checked,
    inputHidden:  [input.attributes('aria-hidden'), input.attributes('tabindex')],
    role:         box.attributes('role'),
    tabindex:     box.attributes('tabindex'),
    ariaChecked:  box.attributes('aria-checked'),
    ariaDisabled: box.attributes('aria-disabled'),
    name:         nameOf(box.element),
    description:  textOf(box.attributes('aria-describedby') || null),
    label:        container.find('.checkbox-label').text(),
  };
}

describe('CheckField beside the shell\'s Checkbox', () => {
  it.each([
    ['checked', { value: true }],
    ['unchecked', { value: false }],
    ['disabled', { value: true, disabled: true }],
    ['read-only view', { value: false, mode: 'view' }],
    ['with a description', { value: false, description: 'Checks each node port every period.' }],
  ])('%s: the same state', (_name, extra) => {
    const { shell, ours } = mountBoth(Checkbox, CheckField, { label: 'Enable health check', ...extra });

    expect(checkState(ours)).toEqual(checkState(shell));
  });

  it('a click or Space toggles both, and neither when disabled', async() => {
    for (const disabled of [false, true]) {
      const { shell, ours } = mountBoth(Checkbox, CheckField, {
        label: 'Enable health check', value: false, disabled
      });

      for (const w of [shell, ours]) {
        await w.find('label.checkbox-container').trigger('click');
        await w.find('label.checkbox-container').trigger('keydown', { key: ' ' });
      }
      expect(ours.emitted('update:value')).toEqual(shell.emitted('update:value'));
      expect(ours.emitted('update:value')).toEqual(disabled ? undefined : [[true], [true]]);
    }
  });
});

const OPTIONS = [{ label: 'IP pool (provider default)', value: 'pool' }, { label: 'DHCP', value: 'dhcp' }];

/** What a radio group says: its title and name, and per option the box's state, the native input, ARIA and label. */
function radioState(w: VueWrapper<any>) {
  const group = w.find('[role="radiogroup"]');

  return {
    title:        w.find('.radio-group.label h3').text(),
    name:         nameOf(group.element),
    ariaDisabled: group.attributes('aria-disabled'),
    options:      w.findAll('label.radio-container').map((o) => {
      const input = o.find('input[type="radio"]').element as HTMLInputElement;
      const radio = o.find('.radio-custom');

      return {
        classes:      has(o, ['disabled', 'radio-button-checked']),
        input:        [input.name, input.value, input.checked, input.disabled],
        role:         radio.attributes('role'),
        ariaChecked:  radio.attributes('aria-checked'),
        ariaDisabled: radio.attributes('aria-disabled'),
        muted:        has(radio, ['text-muted']),
        name:         nameOf(radio.element),
        label:        o.find('.radio-label').text(),
        labelMuted:   has(o.find('.radio-label'), ['text-muted']),
      };
    }),
  };
}

describe('RadioField beside the shell\'s RadioGroup', () => {
  it.each([
    ['edit, an option chosen', {}],
    ['edit, none chosen', { value: '' }],
    ['disabled', { disabled: true }],
    ['read-only view (the chosen option is not muted)', { mode: 'view' }],
  ])('%s: the same state', (_name, extra) => {
    const { shell, ours } = mountBoth(RadioGroup, RadioField, {
      name: 'harvester-ip-source', label: 'IP address source', value: 'dhcp', options: OPTIONS, ...extra
    });

    expect(radioState(ours)).toEqual(radioState(shell));
  });

  it('a click on an option chooses it in both, and nothing when disabled', async() => {
    for (const disabled of [false, true]) {
      const { shell, ours } = mountBoth(RadioGroup, RadioField, {
        name: 'harvester-ip-source', label: 'IP address source', value: 'dhcp', options: OPTIONS, disabled
      });

      for (const w of [shell, ours]) {
        await w.findAll('label.radio-container')[0].trigger('click');
      }
      expect(ours.emitted('update:value')).toEqual(shell.emitted('update:value'));
      expect(ours.emitted('update:value')).toEqual(disabled ? undefined : [['pool']]);
    }
  });

  it('on purpose: one tab stop on the chosen option (WAI-ARIA radio group), where the shell\'s focuses the group', () => {
    const { shell, ours } = mountBoth(RadioGroup, RadioField, {
      name: 'harvester-ip-source', label: 'IP address source', value: 'dhcp', options: OPTIONS
    });
    const tabStops = (w: VueWrapper<any>) => w.findAll('[tabindex="0"]').map((e) => e.attributes('role'));

    expect(tabStops(shell)).toEqual(['radiogroup']);
    expect(tabStops(ours)).toEqual(['radio']);
    expect(ours.find('[tabindex="0"]').attributes('aria-checked')).toBe('true');
  });
});

describe('Notice beside the shell\'s Banner', () => {
  it.each(['info', 'warning', 'error', 'success'])('%s: the same colour classes, content box and text', (color) => {
    const { shell, ours } = mountBoth(Banner, Notice, { color, label: 'The Add-on Config tab has errors.' });
    const state = (w: VueWrapper<any>) => ({
      classes: w.find('.banner').classes(),
      content: w.find('.banner > .banner__content').text(),
    });

    expect(state(ours)).toEqual(state(shell));
    expect(state(ours).classes).toEqual(['banner', color]);
  });

  it('on purpose: announced as a live region (errors as an alert), where the shell\'s is a focusable named region', () => {
    const { shell, ours } = mountBoth(Banner, Notice, { color: 'error', label: 'Saving failed.' });

    expect([shell.find('.banner').attributes('role'), nameOf(shell.find('.banner').element)]).toEqual(['region', 'Saving failed.']);
    expect(ours.find('.banner').attributes('role')).toBe('alert');
    expect(mountWithStore(Notice, store, { props: { color: 'info', label: 'x' } }).attributes('role')).toBe('status');
  });
});
