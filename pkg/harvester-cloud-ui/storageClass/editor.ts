/**
 * How the Harvester form gets into the shell's StorageClass page.
 *
 * The installed shell (3.0.13, and rancher/dashboard master) has no extension point for StorageClass provisioner
 * forms: its editor `require`s `./provisioners/<name>.vue` from its own bundle, and the `provisioner` dynamic type
 * of the extension API is for cluster provisioners. So this extension registers an editor for
 * `storage.k8s.io.storageclass` that extends the shell's own and swaps only `getComponent` for
 * `driver.harvesterhci.io`; every other provisioner, the Save flow and the rest of the page stay the shell's.
 *
 * The shell's editor is not imported here: that would bundle it with CruResource and all its provisioner forms into
 * this extension. It is taken at run time from the host dashboard through `type-map/importComponent` (which loads
 * `@shell/edit/<type>` without consulting extensions) and Vue's async-component loader. Should either ever be
 * missing, the shell's page is shown unchanged (with its own free-text field) instead of breaking.
 */
import {
  Component, ComponentOptions, VNode, defineAsyncComponent, defineComponent
} from 'vue';
import { StoreLike } from '../data/store';
import { HARVESTER_PROVISIONER, STORAGE_CLASS } from './names';
import { SAVE_HOOKS, SaveHooks } from './saveHooks';
import { AsyncWrapper as HostAsyncWrapper, loadHostEditor } from '../shellAdapter/hostEditor';
import { warnOnce } from '../shellAdapter/versions';
import { withSaveAllowed } from '../shellAdapter/saveButton';
import { schemaOf } from '../shellAdapter/schemas';
import { mayDo } from '../shared/access';

// Loaded only when the Harvester provisioner is picked.
const HarvesterProvisioner = defineAsyncComponent(() => import('./HarvesterProvisioner.vue'));

interface ShellEditorDefinition {
  methods?: { getComponent?: (this: unknown, name: string) => Component };
  render?: (...args: unknown[]) => VNode;
}

type AsyncWrapper = HostAsyncWrapper<ShellEditorDefinition>;

interface EditorInstance {
  registerBeforeHook(fn: () => unknown, name: string): void;
  unregisterBeforeSaveHook(name: string): void;
  mode?: string;
  value?: { provisioner?: string };
  $store: StoreLike;
}

/**
 * Whether the page's own Create/Save can work for the Harvester provisioner: not for a role that may not create (or
 * change) StorageClasses, whose form the Harvester part shows read only (HarvesterProvisioner.vue `denied`).
 */
export function harvesterSaveAllowed(editor: EditorInstance): boolean {
  if (editor.value?.provisioner !== HARVESTER_PROVISIONER || !editor.mode || editor.mode === 'view') {
    return true;
  }

  return mayDo(schemaOf(editor.$store, 'cluster', STORAGE_CLASS), editor.mode === 'create' ? 'create' : 'update');
}

/** The shell's own StorageClass editor definition, loaded from the host dashboard's bundle (shellAdapter). */
export async function loadShellEditor(store: StoreLike): Promise<ShellEditorDefinition | AsyncWrapper> {
  return (await loadHostEditor<ShellEditorDefinition>(store, STORAGE_CLASS)) || {};
}

export function withHarvesterProvisioner(base: ShellEditorDefinition | AsyncWrapper, form: Component = HarvesterProvisioner): Component {
  const shellGetComponent = (base as ShellEditorDefinition)?.methods?.getComponent;
  const shellRender = (base as ShellEditorDefinition)?.render;

  if (typeof shellGetComponent !== 'function') {
    warnOnce('the StorageClass editor\'s `getComponent`', 'the dashboard\'s own StorageClass form is shown for driver.harvesterhci.io');

    return base as Component;
  }

  return defineComponent({
    name:    'HarvesterStorageClassEdit',
    extends: base as ComponentOptions,
    provide() {
      const editor = this as unknown as EditorInstance;
      const hooks: SaveHooks = {
        register:   (fn, name) => editor.registerBeforeHook(fn, name),
        unregister: (name) => editor.unregisterBeforeSaveHook(name),
      };

      return { [SAVE_HOOKS]: hooks };
    },
    // The page's own Create/Save disabled where it cannot work (shellAdapter/saveButton.ts).
    ...(typeof shellRender === 'function' ? {
      render(this: EditorInstance, ...args: unknown[]) {
        return withSaveAllowed(shellRender.apply(this, args), harvesterSaveAllowed(this));
      },
    } : {}),
    methods: {
      getComponent(name: string): Component {
        return name === HARVESTER_PROVISIONER ? form : shellGetComponent.call(this, name);
      },
    },
  });
}
