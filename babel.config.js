// The dashboard build uses the shell's Babel config; under jest (NODE_ENV=test) the shell's config adds
// coverage and require-context plugins the tests do not use, so they get a plain TypeScript preset.
module.exports = process.env.NODE_ENV === 'test' ? require('./tests/setup/babel.config.js') : require('@rancher/shell/babel.config.js');
