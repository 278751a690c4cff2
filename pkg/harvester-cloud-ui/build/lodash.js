// The shell's components import named functions from 'lodash', which would bundle all of lodash (~25 KiB
// gzipped) into this extension a second time. This module re-exports only the functions the shell modules this
// extension bundles import from the package root; the build fails on any other (see vue.config.js).
export { default as debounce } from 'lodash/debounce';
export { default as sum } from 'lodash/sum';
