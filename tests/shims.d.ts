// Type declarations for what tests import without types of its own: the l10n YAML (loaded by
// tests/setup/yaml-transform.js) and the shell's plain-JavaScript modules.
declare module '*.yaml' {
  const value: Record<string, unknown>;
  export default value;
}
declare module '@shell/plugins/steve';
declare module '@shell/store/i18n';
declare module '@shell/plugins/floating-vue';
declare module '@shell/directives/clean-html';
declare module '@shell/directives/strip-html-aria-label';
declare module 'vue-select';
declare module '@shell/core/extension-manager-impl';
declare module '@shell/config/router/navigation-guards/extension-route-guard';
