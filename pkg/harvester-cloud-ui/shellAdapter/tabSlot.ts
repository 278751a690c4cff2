import { warnOnce } from './versions';

/**
 * What the shell's `Tabbed` provides to the components of its tabs (components/Tabbed/index.vue `provide`): a
 * component's `inject` option. Null where a page renders the tab outside a `Tabbed`.
 */
export const TABBED_INJECTIONS = { removeTab: { default: null }, addTab: { default: null } };

interface TabLike {
  name?: string;
  active?: boolean | null;
}

interface TabbedLike {
  tabs: TabLike[];
  select?(name: string): void;
  $watch(getter: () => unknown, cb: (value: unknown) => void): () => void;
}

interface ComponentLike {
  $parent: (ComponentLike & Partial<TabbedLike> & TabLike) | null;
}

/**
 * The `Tab` an extension tab's component is rendered in, and its `Tabbed`. Extension components are wrapped in
 * `defineAsyncComponent` by the shell (core/plugin.ts `_createAsyncComponent`), so the `Tab` is the nearest
 * ancestor whose parent keeps the `tabs` list (components/Tabbed/index.vue), not the component's own parent.
 */
export function findTab(component: unknown): { tab: ComponentLike & TabLike; tabbed: TabbedLike } | null {
  for (let p = (component as ComponentLike).$parent; p; p = p.$parent) {
    const parent = p.$parent;

    if (parent && Array.isArray(parent.tabs) && typeof parent.$watch === 'function') {
      return { tab: p, tabbed: parent as TabbedLike };
    }
  }

  return null;
}

/**
 * Keeps an extension tab in its `Tabbed` when the page registers a tab of the same name later (2.12–2.14: Rancher's
 * own Add-on Config in `edit/service.vue` appears once `showHarvesterAddOnConfig` becomes true, which can be after
 * the extension tabs mounted on an in-app navigation). `Tabbed` keeps one tab per name, the last one added
 * (components/Tabbed/index.vue `provide().addTab`), so ours is added again through that same `addTab` whenever it
 * is dropped. Returns the watcher's stop function.
 */
export function keepTabRegistered(component: unknown, addTab: ((tab: unknown) => void) | null, onReclaim?: () => void): () => void {
  const found = findTab(component);

  if (!found || !addTab) {
    warnOnce('the Tabbed tab list', 'another tab of the same name may take this one\'s place');

    return () => undefined;
  }
  const { tab, tabbed } = found;
  const reclaim = (present: unknown) => {
    const other = present ? null : tabbed.tabs.find((t) => t.name === tab.name && t !== tab);

    if (!other) {
      return;
    }
    const wasShown = !!other.active;

    addTab(tab);
    // `Tabbed` only (de)activates the tabs in its list: the one dropped from it must be hidden here.
    other.active = false;
    if (wasShown) {
      tabbed.select?.(tab.name as string);
    }
    onReclaim?.();
  };

  // This component is loaded asynchronously, so the other tab may already have taken the slot: check now too.
  reclaim(tabbed.tabs.includes(tab));

  return tabbed.$watch(() => tabbed.tabs.includes(tab), reclaim);
}
