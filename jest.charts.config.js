// `npm run test:charts`: the publish pipeline's tests that run the real Helm, an OCI registry and the catalog image
// tool, built from tools/chartops (Go). Apart from `npm test` so that a newcomer's first `npm test` needs no Go build
// (issue 35); CI runs it after its build step (`npm run stack -- --build`, which builds these tools too).
const base = require('./jest.config');

module.exports = {
  ...base,
  globalSetup:            '<rootDir>/tests/charts/buildTools.js',
  testMatch:              ['<rootDir>/tests/charts/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
