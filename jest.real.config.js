// `npm run test:real`'s jest part: tests against the real stack (stack/: kube-apiserver, Steve), in Node, one file at
// a time (they share the one stack). Not part of `npm test`: the unit suite stays fast and needs no Go build.
module.exports = {
  testEnvironment:          'node',
  testMatch:                ['<rootDir>/tests/real/**/*.real.ts'],
  // Not crawled: the stack's unpacked Go trees and run data (etcd's own *.snap files look like obsolete snapshots).
  modulePathIgnorePatterns: ['<rootDir>/.tools/', '<rootDir>/tmp/', '<rootDir>/test-results/', '<rootDir>/dist-pkg/'],
  transform:                { '^.+\\.(t|j|mj)s$': 'babel-jest' },
  maxWorkers:               1,
  testTimeout:              120000,
};
