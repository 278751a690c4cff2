// Suites that declare `@jest-environment node` (simulator, publish) have no DOM for the shell's directives.
if (typeof window !== 'undefined') {
  require('./vue');
}
