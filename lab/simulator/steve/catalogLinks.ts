/**
 * What Steve adds to catalog objects (Rancher's catalog schemas): the `index`/`info`/`chart`/`icon` links of
 * ClusterRepos (catalog/repoContent.ts serves them), the `actions` of ClusterRepos and Apps for Rancher's Helm
 * actions (catalog/helmActions.ts) and the `logs` link of Operations. Here in steve/, apart from the handlers, so
 * steveObject.ts formats catalog objects without importing catalog/.
 */
import { SteveContext } from './context';
import { APP_TYPE, CLUSTER_REPO_TYPE, OPERATION_TYPE, TypeDef } from '../core/registry';
import { KubeObject } from '../core/types';

/** The links Rancher's catalog schema adds to every ClusterRepo (its link handlers). */
export const REPO_LINKS = ['index', 'info', 'chart', 'icon'] as const;

/** Action names by type: the schema templates' `ActionHandlers`. */
export function actionsOf(ctx: SteveContext, t: TypeDef): string[] {
  const actions: Record<string, string[]> = {
    [CLUSTER_REPO_TYPE]: ['install', 'upgrade'],
    [APP_TYPE]:          ['uninstall'],
  };

  if (ctx.cluster.kind === 'guest') {
    // A downstream cluster's own chart repository (catalog/guestCharts.ts): install and upgrade.
    return t.id === CLUSTER_REPO_TYPE ? actions[t.id] : [];
  }

  return ctx.cluster.kind === 'local' ? actions[t.id] || [] : [];
}

/**
 * The object's `actions` (rancher/apiserver pkg/writer/encoding.go `addLinks`: one `<self>?action=<name>` per
 * action handler, whatever the user may do; the handler decides), or undefined when the type has none, as the
 * encoder leaves out an empty map.
 */
export function catalogActions(ctx: SteveContext, t: TypeDef, self: string): Record<string, string> | undefined {
  const names = actionsOf(ctx, t);

  return names.length ? Object.fromEntries(names.map((a) => [a, `${ self }?action=${ encodeURIComponent(a) }`])) : undefined;
}

/**
 * An Operation's `logs` link: rancher/apiserver's URL builder puts a namespaced object's links in the path
 * (`<self>/logs`, urlbuilder `Link`), and the Operation schema's formatter drops it until the pod was created.
 */
export function operationLinks(t: TypeDef, obj: KubeObject, self: string): Record<string, string> {
  return t.id === OPERATION_TYPE && obj.status?.podCreated ? { logs: `${ self }/logs` } : {};
}

/** The ClusterRepo's extra links, for `toSteveObject`: `<self>?link=index` and so on. */
export function repoLinks(t: TypeDef, self: string): Record<string, string> {
  if (t.id !== CLUSTER_REPO_TYPE) {
    return {};
  }

  return Object.fromEntries(REPO_LINKS.map((link) => [link, `${ self }?link=${ link }`]));
}
