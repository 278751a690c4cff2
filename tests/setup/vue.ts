import { config } from '@vue/test-utils';
import FloatingVue from 'floating-vue';
import { floatingVueOptions } from '@shell/plugins/floating-vue';
import vSelect from 'vue-select';
import cleanTooltipDirective from '@shell/directives/clean-tooltip';
import cleanHtmlDirective from '@shell/directives/clean-html';
import htmlStrippedAriaLabelDirective from '@shell/directives/strip-html-aria-label';
import '@shell/plugins/replaceall';

// The directives and components the dashboard installs globally (shell/initialize/install-*),
// so shell components mount as they do in the browser.
config.global.plugins = [[FloatingVue, floatingVueOptions]];
config.global.components['v-select'] = vSelect;
config.global.directives = {
  ...config.global.directives,
  'clean-tooltip':       cleanTooltipDirective,
  'clean-html':          cleanHtmlDirective,
  'stripped-aria-label': htmlStrippedAriaLabelDirective,
};

beforeAll(() => {
  // jsdom has no layout engine; the shell's selects and tooltips ask for these.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value:    () => ({
      matches: false, addListener() {}, removeListener() {}
    })
  });
  Object.defineProperty(window, 'IntersectionObserver', {
    writable: true,
    value:    class {
      observe() {} unobserve() {} disconnect() {}
    },
  });
});
