// `npm run test:rancher`'s jest part: the management differential against Rancher's own server (stack/src/rancher),
// one file at a time against the one stack. Not part of `npm test` or `npm run test:real`: it needs Rancher built.
module.exports = {
  testEnvironment:          'node',
  testMatch:                ['<rootDir>/tests/real/rancher/**/*.rancher.ts'],
  // Not crawled: the stack's unpacked Go trees and run data (as jest.real.config.js).
  modulePathIgnorePatterns: ['<rootDir>/.tools/', '<rootDir>/tmp/', '<rootDir>/test-results/', '<rootDir>/dist-pkg/'],
  transform:                { '^.+\\.(t|j|mj)s$': 'babel-jest' },
  maxWorkers:               1,
  testTimeout:              300000,
};
