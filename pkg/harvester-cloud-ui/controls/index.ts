/**
 * The extension's own form controls: the shell's LabeledInput, LabeledSelect, RadioGroup, Checkbox, Banner and
 * BadgeState re-made small, because importing the shell's bundles vuex, vee-validate, jsonpath-plus and lodash a
 * second time (issue 13). Same DOM and classes as the shell's, so the host's CSS and the e2e selectors apply.
 */
export { default as TextField } from './TextField.vue';
export { default as SelectField } from './SelectField.vue';
export { default as RadioField } from './RadioField.vue';
export { default as CheckField } from './CheckField.vue';
export { default as Notice } from './Notice.vue';
export { default as StateBadge } from './StateBadge.vue';
export type { FieldOption, FieldMode } from './options';
