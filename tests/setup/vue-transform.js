// vue3-jest compiles <script setup lang="ts"> with imported prop types only when the SFC compiler is
// given TypeScript explicitly (jest hides ts.sys from it; vuejs/core#8301).
require('@vue/compiler-sfc').registerTS(() => require('typescript'));
module.exports = require('@vue/vue3-jest');
