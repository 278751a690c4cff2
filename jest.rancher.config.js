// `npm run test:rancher`'s jest part against Rancher's own server (lab/stack/rancher): the management differential, the
// OCI ClusterRepo of issue 27, the helm-operation Pods, the catalog image's Deployment and k3s-bare's import of issue 36 and the stack's first-start session,
// one file at a time against the one stack. Not part of `npm test` or `npm run test:real`: it needs Rancher built.
// The rest is the real stack's jest set-up (jest.real.config.js).
const real = require('./jest.real.config');

module.exports = {
  ...real,
  testMatch:   ['<rootDir>/tests/real/rancher/**/*.rancher.ts'],
  testTimeout: 300000,
};
