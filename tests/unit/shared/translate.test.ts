import { defineComponent, h } from 'vue';
import { componentTranslate } from '@pkg/shared/translate';
import { createTestStore } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';
import { lintCounts } from '../../harness/lint';

/** The one way a component translates (shared/translate.ts), and the lint rule that keeps it the one. */
describe('componentTranslate', () => {
  it('asks the component\'s global t for the raw string, with the prefix and {} when there are no arguments', () => {
    const t = jest.fn((key: string) => `<${ key }>`);
    const vm = { t };

    expect(componentTranslate(vm)('a.b')).toBe('<a.b>');
    expect(componentTranslate(vm, 'harvesterSnapshotClass')('name', { n: 1 })).toBe('<harvesterSnapshotClass.name>');
    expect(t.mock.calls).toEqual([['a.b', {}, true], ['harvesterSnapshotClass.name', { n: 1 }, true]]);
  });

  it('in a mounted component: the dashboard\'s string as text, escaped once (by Vue), with its arguments', () => {
    const Probe = defineComponent({
      render() {
        const t = componentTranslate(this, 'harvesterLoadBalancers');

        return h('p', [t('denied'), ' | ', t('pageOf', {
          page: 2, pages: 3, count: 250
        })]);
      },
    });
    const wrapper = mountWithStore(Probe, createTestStore());

    // The shell's t without `raw` would give &#39; here, which Vue would then show as such.
    expect(wrapper.text()).toContain('Ask the cluster\'s owner');
    expect(wrapper.html()).not.toContain('&amp;#39;');
    expect(wrapper.text()).toContain('Page 2 of 3');
  });
});

const SNIPPETS: Record<string, string> = {
  ownWrapper: 'export const f = function(this: any, k: string) { return this.t(k, {}, true); };',
  helper:     'import { componentTranslate } from \'../shared/translate\';\nexport const f = (vm: any) => componentTranslate(vm)(\'k\');',
  vue:        '<script lang="ts">\nimport { defineComponent } from \'vue\';\n\nexport default defineComponent({ methods: { text(k: string): string {\n  return this.t(k, {}, true);\n} } });\n</script>\n',
};

describe('the one-translate lint rule', () => {
  it('refuses a component\'s own this.t in a script (.ts or .vue), and accepts componentTranslate', () => {
    expect(lintCounts('pkg/harvester-cloud-ui/topology/words.ts', SNIPPETS, 'no-restricted-syntax')).toEqual({
      ownWrapper: 1, helper: 0, vue: 1
    });
  }, 60000);
});
