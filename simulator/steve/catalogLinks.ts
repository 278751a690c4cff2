/**
 * What Steve adds to catalog objects for Rancher's Helm actions (helmActions.ts): the `actions` of ClusterRepos
 * and Apps and the `logs` link of Operations. Kept apart from the handlers so steve/steveObject.ts can use it
 * without importing the request handling.
 */
import { CLUSTER_REPO_TYPE } from '../catalog/repoContent';
import { SteveContext } from './context';
import { TypeDef } from '../core/registry';
import { KubeObject } from '../core/types';
import { OPERATION_TYPE } from '../catalog/helmOperation';
import { APP_TYPE } from '../catalog/installExtension';

/**
 * Action names by type: the schema templates' `ActionHandlers`. Looked up at call time: steve/ modules load this
 * one while they are still loading themselves, so their constants are not there yet at import time.
 */
export function actionsOf(ctx: SteveContext, t: TypeDef): string[] {
  const actions: Record<string, string[]> = {
    [CLUSTER_REPO_TYPE]: ['install', 'upgrade'],
    [APP_TYPE]:          ['uninstall'],
  };

  if (ctx.cluster.kind === 'guest') {
    // A downstream cluster's own chart repository (guestCharts.ts): install and upgrade.
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
