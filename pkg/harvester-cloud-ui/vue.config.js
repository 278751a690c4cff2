const path = require('path');
const NodePolyfillPlugin = require('node-polyfill-webpack-plugin');
const shellPkgConfig = require('./.shell/pkg/vue.config');

// The shell's extension build, trimmed of what would otherwise be bundled a second time for nothing:
// - NodePolyfillPlugin's `console` alias wraps every module that logs in console-browserify, which drags in
//   the `util` and `assert` polyfills (~100 KiB of source); browsers have a console.
// - `lodash` (the whole library) is mapped to a module re-exporting only the functions the shell imports.
module.exports = (() => {
  const config = shellPkgConfig(__dirname);
  const shellConfigure = config.configureWebpack;

  config.configureWebpack = (webpackConfig) => {
    shellConfigure(webpackConfig);
    webpackConfig.plugins = webpackConfig.plugins.filter((p) => !(p instanceof NodePolyfillPlugin));
    webpackConfig.plugins.unshift(new NodePolyfillPlugin({ excludeAliases: ['console'] }));
    webpackConfig.resolve.alias.lodash$ = path.join(__dirname, 'build', 'lodash.js');
    // A named import the shim lacks must fail the build, not become undefined at run time.
    webpackConfig.module.parser = { ...(webpackConfig.module.parser || {}), javascript: { ...(webpackConfig.module.parser?.javascript || {}), exportsPresence: 'error' } };
  };

  return config;
})();
