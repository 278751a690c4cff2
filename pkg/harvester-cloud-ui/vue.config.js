module.exports = require('./.shell/pkg/vue.config')(__dirname);
