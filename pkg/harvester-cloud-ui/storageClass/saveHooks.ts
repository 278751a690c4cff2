/**
 * How the provisioner form stops the StorageClass page's Save: the editor (editor.ts) provides its before-save hook
 * registry (mixins/child-hook: a hook that throws aborts the save before any request, and its message shows in the
 * page's error banner).
 */
export const SAVE_HOOKS = 'harvesterStorageSaveHooks';

export interface SaveHooks {
  register(fn: () => unknown, name: string): void;
  unregister(name: string): void;
}
