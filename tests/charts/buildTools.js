// Jest globalSetup: the publish tests run Helm and a registry built from tools/chartops. Build them once here, before
// the workers start (a cold build takes minutes; several workers building at once would race), cached afterwards.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

module.exports = () => {
  const root = path.resolve(__dirname, '../..');
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'lab/chartops/build.ts')], { cwd: root, stdio: 'inherit' });

  if (r.status !== 0) {
    throw new Error('could not build tools/chartops (see above)');
  }
};
