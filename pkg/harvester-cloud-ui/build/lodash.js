// The shell's form components import `{ debounce } from 'lodash'`, which bundles all of lodash (~25 KiB
// gzipped) into this extension a second time. Only these named exports are ever imported from the package root
// by the shell modules this extension bundles; the build fails on any other (see vue.config.js).
export { default as debounce } from 'lodash/debounce';
