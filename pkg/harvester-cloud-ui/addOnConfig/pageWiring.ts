/**
 * The Add-on Config tab's place in the Service page, apart from what it shows:
 * - while it edits (create, edit), its two save hooks on the page (saveComposition.ts says why two), and Rancher's
 *   own Add-on Config hook (2.12–2.14) taken out, again when that tab appears after this one;
 * - the tab kept in its `Tabbed` when Rancher's own tab of the same name comes later, and taken away on a Service
 *   that is no LoadBalancer (only those have a Harvester load balancer);
 * - who may write what the page would save: the schema for a new Service, the object's own links else.
 * The shell internals involved are shellAdapter/'s (editPage, tabSlot, builtInAddOnConfig).
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { SERVICE } from '../data/typeIds';
import { mayDo } from '../shared/access';
import { schemaOf } from '../shellAdapter/schemas';
import { EditPage } from '../shellAdapter/editPage';
import { disableBuiltInSaveHook } from '../shellAdapter/builtInAddOnConfig';
import { findTab, keepTabRegistered } from '../shellAdapter/tabSlot';
import { warnOnce } from '../shellAdapter/versions';
import { isLoadBalancer } from './services';
import { COMPOSE_PRIORITY, SNAPSHOT_PRIORITY } from './saveComposition';

const SNAPSHOT_HOOK = 'harvester-cloud-ui-lb-snapshot';
const COMPOSE_HOOK = 'harvester-cloud-ui-lb-compose';

export type Mode = 'create' | 'edit' | 'view';

export interface SaveHooks {
  /** First: stop a save with invalid values, and remember what the user left. */
  beforeSave(): unknown;
  /** Last: the provider's keys go out exactly as remembered. */
  composeSave(): unknown;
}

type Tab = (tab: unknown) => void;

export class TabWiring {
  private stopKeepingTab: (() => void) | null = null;

  constructor(private page: EditPage<KubeObject> | null) {}

  /** When the tab is created: the save hooks, unless it only shows. */
  attach(mode: Mode, hooks: SaveHooks): void {
    if (mode === 'view') {
      return;
    }
    if (!this.page) {
      warnOnce('save hooks to extension tabs', 'the Add-on Config cannot stop a save with invalid values');

      return;
    }
    this.page.registerBeforeHook(hooks.beforeSave, SNAPSHOT_HOOK, SNAPSHOT_PRIORITY);
    this.page.registerBeforeHook(hooks.composeSave, COMPOSE_HOOK, COMPOSE_PRIORITY);
    disableBuiltInSaveHook(this.page);
  }

  /**
   * When the tab is mounted: Rancher's own tab (2.12–2.14) may be created after this one, so ours is kept in the tab
   * bar and its hook out; a Service that is no LoadBalancer loses the tab (on the next tick, once it is listed).
   */
  mounted(component: unknown, service: KubeObject | null, addTab: Tab | null, removeTab: Tab | null, nextTick: (fn: () => void) => void): void {
    disableBuiltInSaveHook(this.page);
    if (this.page) {
      this.stopKeepingTab = keepTabRegistered(component, addTab, () => disableBuiltInSaveHook(this.page));
    }
    if (service && !isLoadBalancer(service) && removeTab) {
      const tab = findTab(component)?.tab;

      nextTick(() => tab && removeTab(tab));
    }
  }

  detach(): void {
    this.stopKeepingTab?.();
    this.page?.unregisterBeforeSaveHook(SNAPSHOT_HOOK);
    this.page?.unregisterBeforeSaveHook(COMPOSE_HOOK);
  }
}

/** Whether this user may write what the page would save: the schema for a new Service, the object's links else. */
export function serviceWritable(store: StoreLike, mode: Mode, service: KubeObject | null): boolean {
  if (mode === 'view') {
    return false;
  }
  if (mode === 'create') {
    return mayDo(schemaOf(store, 'cluster', SERVICE), 'create');
  }
  const svc = service as (KubeObject & { canUpdate?: boolean; links?: Record<string, string> }) | null;

  return svc?.canUpdate ?? !!svc?.links?.update;
}
