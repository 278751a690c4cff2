// `npm run bench` measures through jest (to mount real components against the msw Steve handlers) but is not
// part of the test suite: these files only record numbers, in tmp/bench/, for tests/bench to report.
const base = require('./jest.config');

module.exports = {
  // No Helm or registry in the bench: it skips the unit suite's tool build.
  ...base, testMatch: ['<rootDir>/tests/bench/**/*.bench.ts'], testPathIgnorePatterns: ['/node_modules/'], globalSetup: undefined
};
