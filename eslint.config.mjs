import globals from 'globals';
import shellConfig from '@rancher/shell/eslint.config.base.mjs';

export default [
  ...shellConfig,
  { ignores: ['assets/**', 'charts/**', 'extensions/**', 'docs/**', '.tools/**', 'dist-pkg/**', 'tmp/**', 'test-results/**'] },
  {
    // Tests, the simulator and build scripts run in Node/jest, where console output is the interface
    // and Steve/Kubernetes JSON is handled loosely on purpose.
    files:           ['tests/**', 'simulator/**', 'scripts/**', 'stack/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    rules:           { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
];
