/**
 * The dev server configuration for the e2e suite (VUE_CLI_SERVICE_CONFIG_PATH points here): the project's own
 * vue.config.js with three changes, so a suite run neither collides with an `npm run dev` on the same machine nor
 * hangs on a dropped connection, nor outlives the suite.
 *  - the port: the shell fixes it at 8005 in dev; the suite takes a free one (E2E_DASHBOARD_PORT);
 *  - the hot-reload socket: the shell points it at port 8005, which would connect the suite's pages to another dev
 *    server's reload notices; 'auto' makes the page use its own address. No error overlay either: it would cover
 *    the page the suite clicks on (compile errors are in test-results/dashboard.log);
 *  - a connection the API drops: the shell's proxy error handler (vue-config-helper.js `onError`) sets status 598,
 *    writes the error and never ends the response, so the browser would wait forever. Here the answer is what a
 *    proxy in front of Rancher gives then: 502 Bad Gateway, ended.
 * And a cache: the dev server's first compile of the whole dashboard took about 280 s of CI (2 cores) on a clean
 * clone, where the shell's cache-loader folders (node_modules/.cache) are empty. Webpack's own file cache, kept beside
 * Go's build cache (E2E_WEBPACK_CACHE, tests/flows/lib/demo.ts) so that a run with an empty GOCACHE is cold here too,
 * is checked by content hashes rather than file times (a clone's files are all new), so only what changed compiles.
 * Its store is logged, and the suite waits for it (tests/flows/lib/demo.ts `cacheStored`).
 * And a watchdog: the dev server runs in its own process group, which the suite stops at the end; should the suite's
 * process be killed outright (no chance to clean up), the dev server notices within a second and stops its group.
 */
const base = require('../../../vue.config.js'); // eslint-disable-line @typescript-eslint/no-var-requires

const port = parseInt(process.env.E2E_DASHBOARD_PORT || '', 10);

if (!port) {
  throw new Error('tests/e2e/dashboard.vue.config.js: set E2E_DASHBOARD_PORT');
}

const SHELL_PROXY_ERROR_STATUS = 598;
const suitePid = parseInt(process.env.E2E_SUITE_PID || '', 10);

if (suitePid) {
  setInterval(() => {
    try {
      process.kill(suitePid, 0);
    } catch (e) {
      process.kill(-process.pid, 'SIGKILL'); // the whole group: the dev server and its workers
    }
  }, 1000).unref();
}

function endProxyErrors(req, res, next) {
  const write = res.write.bind(res);

  res.write = (chunk, ...rest) => {
    if (res.statusCode !== SHELL_PROXY_ERROR_STATUS || res.headersSent) {
      return write(chunk, ...rest);
    }
    let code = 'ECONNRESET';

    try {
      code = JSON.parse(`${ chunk }`).code || code;
    } catch (e) {
      // not the shell's JSON: keep the default
    }
    res.statusCode = 502;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      type: 'error', status: 502, code: 'BadGateway', message: `Bad Gateway: the connection to Rancher was closed (${ code })`
    }));

    return true;
  };
  next();
}

const cacheDir = process.env.E2E_WEBPACK_CACHE;
const HASHES = { hash: true, timestamp: false };

module.exports = {
  ...base,
  configureWebpack(webpackConfig) {
    base.configureWebpack(webpackConfig);
    if (cacheDir) {
      webpackConfig.cache = {
        type:                       'filesystem',
        cacheDirectory:             cacheDir,
        buildDependencies:          { config: [__filename, require.resolve('../../../vue.config.js'), require.resolve('../../../package-lock.json')] },
        // Stored as soon as the first compile is done: the suite stops the dev server a minute later.
        idleTimeoutForInitialStore: 0,
      };
      webpackConfig.snapshot = {
        ...(webpackConfig.snapshot || {}), module: HASHES, resolve: HASHES, buildDependencies: HASHES, resolveBuildDependencies: HASHES
      };
      // "Storing pack..." and "Stored pack (…)" in the log (printed whatever the level vue-cli sets): the suite starts
      // its flows once the store is done, as serializing a cold cache (1.4 GB) holds up the dev server's answers.
      webpackConfig.infrastructureLogging = { ...(webpackConfig.infrastructureLogging || {}), debug: [/PackFileCacheStrategy/] };
    }
  },
  devServer: {
    ...base.devServer,
    port,
    client: {
      ...(base.devServer.client || {}), webSocketURL: 'auto://0.0.0.0:0/ws', overlay: false
    },
    setupMiddlewares(middlewares, devServer) {
      devServer.app.use(endProxyErrors);

      return base.devServer.setupMiddlewares(middlewares, devServer);
    },
  },
};
