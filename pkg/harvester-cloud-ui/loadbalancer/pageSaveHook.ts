/**
 * The extension API hands a tab only the `resource`, so the tab cannot stop the page's Save by itself.
 * Shell child components stop it through the page's before-save hooks (mixins/child-hook: a hook that throws
 * aborts the save before any request and its message is shown in the page's error banner). The tab finds
 * the nearest ancestor that offers `registerBeforeHook` (the Service editor) and registers there. Extending the
 * shell's Service editor instead would bundle ~340 KiB gzipped of shell code into this extension.
 */
interface HookHost {
  registerBeforeHook(fn: () => unknown, name: string, priority?: number): void;
  unregisterBeforeSaveHook?(name: string): void;
}

interface ComponentLike {
  $parent: ComponentLike | null;
  [key: string]: unknown;
}

export function findSaveHookHost(component: ComponentLike): HookHost | null {
  for (let p = component.$parent; p; p = p.$parent) {
    if (typeof p.registerBeforeHook === 'function') {
      return p as unknown as HookHost;
    }
  }

  return null;
}
