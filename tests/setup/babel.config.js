// Babel for jest: TypeScript and modern syntax for the Node that runs the tests.
module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
  plugins: ['@babel/plugin-transform-nullish-coalescing-operator'],
};
