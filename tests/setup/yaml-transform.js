// Lets tests import the l10n YAML files the way webpack's js-yaml-loader does for the build.
const yaml = require('js-yaml');

module.exports = {
  process(src) {
    return { code: `module.exports = ${ JSON.stringify(yaml.load(src)) };` };
  }
};
