/**
 * The extension's controls beside the shell's own, mounted in the same page with the same props (the shell's
 * LabeledInput and LabeledSelect from the installed @rancher/shell): what a user and a screen reader can tell apart
 * must match in every state (edit, focused, disabled, error, required, a typed value); where ours differ it is on
 * purpose and said below (a disabled option is said to be disabled; the label never takes a second line).
 */
import { nextTick } from 'vue';
import { DOMWrapper, VueWrapper } from '@vue/test-utils';
import TextField from '@pkg/controls/TextField.vue';
import SelectField from '@pkg/controls/SelectField.vue';
import { createTestStore } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';

// Required, not imported: vue-tsc would type-check the shell's own sources, which are not ours to keep clean.
const LabeledInput = require('@components/Form/LabeledInput/LabeledInput.vue').default;
const LabeledSelect = require('@shell/components/form/LabeledSelect.vue').default;

const store = createTestStore();
const mountBoth = (shell: any, ours: any, props: Record<string, unknown>) => ({
  shell: mountWithStore(shell, store, { props, attachTo: document.body }),
  ours:  mountWithStore(ours, store, { props, attachTo: document.body }),
});

/** What a text field says: its box's state classes, its label and the input's own state. */
function textState(w: VueWrapper<any>) {
  const root = w.find('.labeled-input');
  const input = root.find('input');
  const label = root.find('label');

  return {
    classes:      ['edit', 'view', 'focused', 'disabled', 'error', 'warning'].filter((c) => root.classes().includes(c)),
    label:        label.text(),
    labelFor:     label.attributes('for') === input.attributes('id'),
    requiredMark: root.find('label .required').exists() ? root.find('label .required').attributes('aria-hidden') : null,
    value:        (input.element as HTMLInputElement).value,
    disabled:     (input.element as HTMLInputElement).disabled,
    ariaDisabled: input.attributes('aria-disabled'),
    ariaRequired: input.attributes('aria-required'),
    autocomplete: input.attributes('autocomplete'),
  };
}

describe('TextField beside the shell\'s LabeledInput', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    ['edit, a typed value, required', { value: 'web-pool', required: true }],
    ['disabled', { value: 'web-pool', disabled: true }],
    ['with an error', { value: '0', status: 'error' }],
    ['empty', { value: '' }],
  ])('%s: the same state', (_name, extra) => {
    const { shell, ours } = mountBoth(LabeledInput, TextField, {
      label: 'Name, namespace or address contains', mode: 'edit', ...extra
    });

    expect(textState(ours)).toEqual(textState(shell));
  });

  it('focused: both boxes say so, and neither after the focus leaves', async() => {
    const { shell, ours } = mountBoth(LabeledInput, TextField, {
      label: 'Port', mode: 'edit', value: '80'
    });

    for (const w of [shell, ours]) {
      await w.find('input').trigger('focus');
    }
    expect(textState(ours).classes).toEqual(['edit', 'focused']);
    expect(textState(ours)).toEqual(textState(shell));
    for (const w of [shell, ours]) {
      await w.find('input').trigger('blur');
    }
    expect(textState(ours)).toEqual(textState(shell));
    expect(textState(ours).classes).toEqual(['edit']);
  });

  it('keeps its label on one line (the shell\'s wraps over the typed value on a narrow field), its whole text as title', () => {
    const { ours } = mountBoth(LabeledInput, TextField, {
      label: 'Name, namespace or address contains', mode: 'edit', value: 'web'
    });
    const label = ours.find('label');

    expect(label.classes()).toContain('hcui-field-label');
    expect(label.attributes('title')).toBe('Name, namespace or address contains');
  });
});

const OPTIONS = [{ label: 'local', value: 'local' }, {
  label: 'backup (CSI driver v0.2.8+)', value: 'backup', disabled: true
}];

/** What a select says: its box's state classes, its label and the chosen option's text. */
function selectState(w: VueWrapper<any>) {
  const root = w.find('.labeled-select');

  return {
    classes:  ['edit', 'view', 'disabled', 'error'].filter((c) => root.classes().includes(c)),
    label:    root.find('.labeled-container label').text(),
    selected: root.find('.vs__selected').text(),
    vsState:  ['vs--disabled', 'vs--single'].filter((c) => root.find('.v-select').classes().includes(c)),
  };
}

describe('SelectField beside the shell\'s LabeledSelect', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    ['edit', {}],
    ['disabled', { disabled: true }],
    ['with an error', { status: 'error' }],
  ])('%s: the same state', (_name, extra) => {
    const props = {
      label: 'VolumeSnapshotClass', mode: 'edit', value: 'local', options: OPTIONS, ...extra
    };
    const shell = mountWithStore(LabeledSelect, store, {
      props: {
        ...props, reduce: (o: any) => o.value, selectable: (o: any) => !o.disabled
      },
      attachTo: document.body
    });
    const ours = mountWithStore(SelectField, store, { props, attachTo: document.body });

    expect(selectState(ours)).toEqual(selectState(shell));
  });

  it('says an option that cannot be chosen is disabled (aria-disabled), where vue-select only styles it', async() => {
    const ours = mountWithStore(SelectField, store, {
      props: {
        label: 'VolumeSnapshotClass', value: 'local', options: OPTIONS
      },
      attachTo: document.body
    });

    await ours.find('.labeled-container label').trigger('click');
    await nextTick();
    await nextTick();
    const options = Array.from(document.body.querySelectorAll('ul.vs__dropdown-menu [role="option"]')).map((li) => new DOMWrapper(li));

    expect(options.map((o) => [o.text(), o.classes('vs__dropdown-option--disabled'), o.attributes('aria-disabled')])).toEqual([
      ['local', false, undefined],
      ['backup (CSI driver v0.2.8+)', true, 'true'],
    ]);
  });
});
