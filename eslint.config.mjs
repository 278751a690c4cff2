import globals from 'globals';
import shellConfig from '@rancher/shell/eslint.config.base.mjs';
import dataLayer from './scripts/eslint/dataLayer.mjs';

// Reaches past the extension API into the dashboard's internals: only shellAdapter/ may make them (issue 21), each
// with a row in shellAdapter/versions.ts. `_type` is Steve's wire field for an object's own `type` (rancher/steve
// renames it), not a private of the shell, so it is allowed.
const SHELL_INTERNALS = [
  { selector: "MemberExpression[property.name='$parent']", message: 'Reach the component tree through shellAdapter/ (tabSlot, editPage).' },
  { selector: "MemberExpression[property.name='$rootGetters']", message: 'Read a row\'s store through shellAdapter/rowContext.' },
  { selector: "MemberExpression[property.name='__asyncLoader']", message: 'Unwrap host components in shellAdapter/hostEditor.' },
  { selector: "MemberExpression[property.name='appContext']", message: 'Look up global components through shellAdapter/hostComponents.' },
  { selector: "MemberExpression[property.name=/^_(?!type$)[A-Za-z]/]", message: 'Private fields of the shell are read in shellAdapter/ only.' },
  { selector: "Property[key.name='__asyncLoader'], TSPropertySignature[key.name='__asyncLoader']", message: 'Unwrap host components in shellAdapter/hostEditor.' },
  { selector: "Literal[value='cluster/generation']", message: 'Store getters past the API are read in shellAdapter/storeSignals.' },
  // One way to translate (issue 26): a component's through shared/translate, a row's through shellAdapter/rowContext.
  { selector: "Literal[value='i18n/t']", message: 'Translate with the one t(): componentTranslate(this) in a component, rowTranslate for a list row.' },
];

// One way to translate in a component's script: shared/translate's componentTranslate(this), not a wrapper
// of its own over the shell's `t` (templates call `t(key, args, true)` directly, as the shell's do).
const ONE_TRANSLATE = [
  { selector: "MemberExpression[object.type='ThisExpression'][property.name='t']", message: 'Translate in a script with componentTranslate(this) from shared/translate.' },
];

export default [
  ...shellConfig,
  { ignores: ['assets/**', 'charts/**', 'extensions/**', 'docs/**', '.tools/**', 'dist-pkg/**', 'tmp/**', 'test-results/**'] },
  {
    // Tests, the simulator and build scripts run in Node/jest, where console output is the interface
    // and Steve/Kubernetes JSON is handled loosely on purpose.
    files:           ['tests/**', 'lab/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    rules:           { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files:   ['pkg/**/*.ts', 'pkg/**/*.js', 'pkg/**/*.vue'],
    ignores: ['pkg/**/shellAdapter/**'],
    rules:   { 'no-restricted-syntax': ['error', ...SHELL_INTERNALS, ...ONE_TRANSLATE] },
  },
  {
    // The store, Steve's URLs and queries, and the dashboard's code: in data/ and shellAdapter/ only (issue 26,
    // scripts/eslint/dataLayer.mjs).
    files:   ['pkg/**/*.ts', 'pkg/**/*.js', 'pkg/**/*.vue'],
    ignores: ['pkg/**/shellAdapter/**', 'pkg/**/data/**'],
    plugins: { local: dataLayer },
    rules:   { 'local/data-layer': 'error' },
  },
];
