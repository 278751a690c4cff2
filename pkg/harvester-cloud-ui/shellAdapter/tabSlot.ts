import { warnOnce } from './versions';

interface TabLike {
  name?: string;
}

interface TabbedLike {
  tabs: TabLike[];
  $watch(getter: () => unknown, cb: (value: unknown) => void): () => void;
}

interface ComponentLike {
  $parent: (ComponentLike & Partial<TabbedLike> & TabLike) | null;
}

/**
 * Keeps an extension tab in its `Tabbed` when the page registers a tab of the same name later (2.12–2.14: Rancher's
 * own Add-on Config in `edit/service.vue` appears once `showHarvesterAddOnConfig` becomes true, which can be after
 * the extension tabs mounted on an in-app navigation). `Tabbed` keeps one tab per name, the last one added
 * (components/Tabbed/index.vue `provide().addTab`), so ours is added again through that same `addTab` whenever it
 * is dropped. Returns the watcher's stop function.
 */
export function keepTabRegistered(component: ComponentLike, addTab: ((tab: unknown) => void) | null, onReclaim?: () => void): () => void {
  const tab = component.$parent;
  const tabbed = tab?.$parent;

  if (!tab || !addTab || !Array.isArray(tabbed?.tabs) || typeof tabbed?.$watch !== 'function') {
    warnOnce('the Tabbed tab list', 'another tab of the same name may take this one\'s place');

    return () => undefined;
  }

  return tabbed.$watch(() => (tabbed.tabs as TabLike[]).includes(tab), (present) => {
    if (!present && (tabbed.tabs as TabLike[]).some((t) => t.name === tab.name)) {
      addTab(tab);
      onReclaim?.();
    }
  });
}
