const config = require('@rancher/shell/vue.config'); // eslint-disable-line @typescript-eslint/no-var-requires

const base = config(__dirname, { excludes: [] });
const shellConfigureWebpack = base.configureWebpack;

module.exports = {
  ...base,
  devServer: {
    ...base.devServer,
    // The shell binds every interface (0.0.0.0); demo mode's fixed admin/password login must not be reachable from
    // the network, so the dev server listens on loopback unless DEMO_HOST names another address.
    host:   process.env.DEMO_HOST || '127.0.0.1',
    client: {
      ...base.devServer.client,
      webSocketURL: { ...(base.devServer.client || {}).webSocketURL, hostname: process.env.DEMO_HOST || '127.0.0.1' },
      // Type-check findings (TSnnnn, from the dev server's type checker) stay in the terminal and in lint/CI;
      // only build errors cover the page, so `npm run dev` stays usable while a type is being fixed.
      overlay:      {
        errors:        (error) => !/\bTS\d{4,5}:/.test(typeof error === 'string' ? error : (error && error.message) || ''),
        warnings:      false,
        runtimeErrors: true,
      },
    },
  },
  configureWebpack(webpackConfig) {
    shellConfigureWebpack(webpackConfig);
    // codemirror's merge addon (pulled in by the shell's code editor) names its AMD dependency
    // "diff_match_patch"; npm installs that package as "diff-match-patch". Without the alias the dev
    // server reports a compile error and covers every page with its error overlay.
    webpackConfig.resolve.alias.diff_match_patch = 'diff-match-patch';
  },
  chainWebpack(webpackConfig) {
    // @vue/cli-plugin-typescript's ts-loader shares its TypeScript instance with the shell's, and may create it
    // from the shell's own tsconfig (rootDir: node_modules/@rancher/shell). Every file of this extension then fails
    // with TS6059 "not under rootDir" in `npm run dev`. The workspace root is the root of all sources.
    for (const rule of ['ts', 'tsx']) {
      if (webpackConfig.module.rules.has(rule)) {
        webpackConfig.module.rule(rule).use('ts-loader').tap((options = {}) => ({
          ...options,
          compilerOptions: { ...(options.compilerOptions || {}), rootDir: __dirname },
        }));
      }
    }
  },
};
