import { warnOnce } from './versions';

/** The edited object as the page holds it (the adapter names only what it reads; callers keep their own type). */
export interface PageObject {
  metadata?: object;
}

/**
 * The create/edit/detail page around an extension tab: the shell's CreateEditView mixin (shell/mixins/
 * create-edit-view) gives the Service editor `value`, `mode` and the before-save hooks of mixins/child-hook.js.
 * The extension API hands a tab only `resource`, and on 2.12–2.14 not even that on the create/edit pages:
 * their `Tabbed` has no `resource` prop bound by `edit/service.vue` (its default `() => {}` returns undefined).
 */
export interface EditPage<V extends PageObject = PageObject> {
  value: V;
  mode: 'create' | 'edit' | 'view';
  registerBeforeHook(fn: () => unknown, name: string, priority?: number): void;
  unregisterBeforeSaveHook(name: string): void;
  /** The page's before-save hooks (child-hook's `_beforeSaveHooks`), read only to find Rancher's own. */
  _beforeSaveHooks?: { name: string }[];
}

interface ComponentLike {
  $parent: ComponentLike | null;
  [key: string]: unknown;
}

/** The nearest ancestor that is a CreateEditView page (it has the hooks and the edited `value`). */
export function findEditPage<V extends PageObject = PageObject>(component: unknown): EditPage<V> | null {
  for (let p = (component as ComponentLike).$parent; p; p = p.$parent) {
    if (typeof p.registerBeforeHook === 'function' && typeof p.unregisterBeforeSaveHook === 'function' && p.value && typeof p.value === 'object') {
      return p as unknown as EditPage<V>;
    }
  }

  return null;
}

/**
 * The Service a tab works on: the `resource` the shell passes (2.15+, and every detail page), else the page's
 * `value` (2.12–2.14 create/edit pages).
 */
export function pageResource<V extends PageObject>(prop: V | null | undefined, page: EditPage<V> | null): V | null {
  if (prop?.metadata) {
    return prop;
  }
  if (page?.value?.metadata) {
    return page.value;
  }
  warnOnce('the edited resource to extension tabs', 'the Add-on Config tab shows an error instead of the form');

  return null;
}

/** The page's mode as the page itself knows it (`_CREATE`, `_EDIT`, `_VIEW` of shell/config/query-params). */
export function pageMode(page: EditPage | null, route: { name?: unknown; query?: Record<string, unknown> } | null): 'create' | 'edit' | 'view' {
  const mode = page?.mode;

  if (mode === 'create' || mode === 'edit' || mode === 'view') {
    return mode;
  }
  // No page (a detail view without CreateEditView): the route says it, as the shell's own routes do.
  if (route?.query?.mode === 'edit') {
    return 'edit';
  }

  return String(route?.name || '').endsWith('-create') ? 'create' : 'view';
}
