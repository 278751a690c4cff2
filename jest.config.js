// Jest maps @shell/* and @components/* into the installed @rancher/shell, as the dashboard's own
// jest config maps them into its source tree, so tests mount the real shell components.
const SHELL = '<rootDir>/node_modules/@rancher/shell';

module.exports = {
  testEnvironment:          '<rootDir>/tests/setup/jsdom-env.js',
  // jsdom would resolve packages (msw, @vue/test-utils) to their browser builds; use node's.
  testEnvironmentOptions:   { customExportConditions: ['node', 'node-addons'] },
  setupFilesAfterEnv:       ['<rootDir>/tests/setup/after-env.js'],
  testMatch:                ['<rootDir>/tests/**/*.test.ts'],
  // tests/charts run the Go-built Helm and registry: npm run test:charts (jest.charts.config.js).
  testPathIgnorePatterns:   ['/node_modules/', '<rootDir>/tests/e2e/', '<rootDir>/tests/charts/'],
  // Not crawled: the stack's unpacked Go trees and run data (etcd's own *.snap files look like obsolete snapshots).
  modulePathIgnorePatterns: ['<rootDir>/.tools/', '<rootDir>/tmp/', '<rootDir>/test-results/', '<rootDir>/dist-pkg/'],
  moduleFileExtensions:     ['ts', 'js', 'mjs', 'json', 'vue'],
  // Asset stubs first: the first matching pattern wins, and shell SVGs must not be mapped as modules.
  moduleNameMapper:         {
    '\\.(css|scss)$':                                  '<rootDir>/tests/setup/empty.js',
    '\\.(jpe?g|png|gif|webp|svg|woff2?|eot|ttf|otf)$': '<rootDir>/tests/setup/file.js',
    '^@shell/(.*)$':                                   `${ SHELL }/$1`,
    '^@components/(.*)$':                              `${ SHELL }/rancher-components/$1`,
    '^@pkg/(.*)$':                                     '<rootDir>/pkg/harvester-cloud-ui/$1',
    '^~/(.*)$':                                        '<rootDir>/$1',
    '^clipboard-polyfill$':                            '<rootDir>/node_modules/clipboard-polyfill/dist/es6/clipboard-polyfill.es6.js',
  },
  transform: {
    '^.+\\.vue$':       '<rootDir>/tests/setup/vue-transform.js',
    '^.+\\.(t|j|mj)s$': 'babel-jest',
    '^.+\\.ya?ml$':     '<rootDir>/tests/setup/yaml-transform.js',
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@rancher/shell|@rancher/cypress|color|color-string|color-convert|color-name|vee-validate|@vee-validate|clipboard-polyfill|until-async)/)',
  ],
  watchman:   false,
  // One worker per core: jest's default leaves one to its main thread, which on the 2-core machines meant one worker
  // (103 s for the suite against 67 s with two).
  maxWorkers: '100%',
};
