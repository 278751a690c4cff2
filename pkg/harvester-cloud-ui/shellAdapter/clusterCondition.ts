import { reactive } from 'vue';

/**
 * A `cluster:` condition that can grow after registration. The extension manager stores the condition's array as
 * given and the tab/column/card lookups read it whenever they compute (shell/core/plugin.ts `_addUIConfig`,
 * shell/core/plugin-helpers.ts `checkExtensionRouteBinding`: `cluster` includes the current id), so ids pushed into the
 * same array later count. The placeholder keeps it from being empty: an empty list would match every cluster.
 * Verified on shell 3.0.5–3.0.13; if a shell ever copied the array, the extension's parts would not appear on
 * guests (the compatibility suite would fail on every version).
 */
const NO_CLUSTER_YET = '__no-harvester-guest-cluster-yet__';

export function growingClusterCondition(): string[] {
  return reactive([NO_CLUSTER_YET]);
}
