import { defineComponent, h, PropType } from 'vue';
import CreateEditView from '@shell/mixins/create-edit-view';

/**
 * A stand-in for a shell edit page such as edit/service.vue: the shell's own CreateEditView mixin (before-save
 * hooks, `save()` through the model, 409/403 handling into `errors`) around one extension tab. Tests press
 * "Save" here exactly as CruResource's button calls `save(buttonDone)`.
 */
export function editPageFor(tab: unknown) {
  return defineComponent({
    name:   'TestEditPage',
    mixins: [CreateEditView],
    props:  { value: { type: Object as PropType<any>, required: true } },
    data() {
      return { saveResult: null as boolean | null };
    },
    render() {
      const self = this as any;

      return h('div', [
        h(tab as any, { resource: self.value }),
        h('ul', { class: 'page-errors' }, (self.errors || []).map((e: unknown) => h('li', { role: 'alert' }, `${ e }`))),
        h('button', {
          class:   'page-save',
          onClick: () => self.save((ok: boolean) => {
            self.saveResult = ok;
          })
        }, 'Save'),
      ]);
    },
  });
}
