import { TypeDef } from '../core/registry';
import { ClusterState, KubeObject, Verb, SimUser } from '../core/types';
import { ANONYMOUS } from './users';

export const ALL_VERBS: Verb[] = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
const READ: Verb[] = ['get', 'list', 'watch'];

/** What a read-only user may read in Rancher's own cluster: enough to log in and see their clusters. */
const VIEWER_LOCAL_READ = new Set([
  'count', 'management.cattle.io.cluster', 'provisioning.cattle.io.cluster', 'management.cattle.io.setting',
  'management.cattle.io.feature', 'management.cattle.io.project', 'management.cattle.io.user', 'catalog.cattle.io.uiplugin',
]);

/** Settings Rancher serves without a login (what the login page and the first page need). */
export const PUBLIC_SETTINGS = new Set([
  'first-login', 'ui-pl', 'ui-brand', 'ui-banners', 'ui-issues', 'ui-favicon', 'ui-primary-color', 'ui-link-color', 'ui-logo-light', 'ui-logo-dark',
  'ui-banner-light', 'ui-banner-dark', 'ui-login-background-light', 'ui-login-background-dark', 'ui-community-links', 'ui-custom-links',
  'ui-performance', 'ui-default-landing', 'ui-offline-preferred', 'ui-content-enabled', 'server-version', 'hide-local-cluster',
  'auth-user-session-ttl-minutes', 'auth-user-session-idle-ttl-minutes', 'eula-agreed', 'has-support',
]);

/** Rancher's read-only cluster role does not include secrets. */
const VIEWER_HIDDEN_DOWNSTREAM = new Set(['secret']);

/** Whether the user may reach the cluster at all (members only; admins everywhere). */
export function canReachCluster(user: SimUser, cluster: ClusterState): boolean {
  return user.admin || cluster.kind === 'local' || user.readOnlyClusters.includes(cluster.id);
}

/** The verbs a user holds on a type in a cluster, as Steve's access set would compute them from RBAC. */
export function verbsFor(user: SimUser, cluster: ClusterState, t: TypeDef): Verb[] {
  if (user === ANONYMOUS) {
    return cluster.kind === 'local' && t.id === 'management.cattle.io.setting' ? ['get', 'list'] : [];
  }
  if (t.id === 'userpreference') {
    return ALL_VERBS; // everyone owns their preferences (objects are filtered to the user's own)
  }
  if (user.admin) {
    return ALL_VERBS;
  }
  if (cluster.kind === 'local') {
    return VIEWER_LOCAL_READ.has(t.id) ? READ : [];
  }
  if (user.readOnlyClusters.includes(cluster.id) && !VIEWER_HIDDEN_DOWNSTREAM.has(t.id)) {
    return READ;
  }

  return [];
}

export function can(user: SimUser, cluster: ClusterState, t: TypeDef, verb: Verb): boolean {
  return verbsFor(user, cluster, t).includes(verb);
}

/** Object-level visibility: Rancher shows users only their clusters, projects, user and preferences. */
export function canSeeObject(user: SimUser, cluster: ClusterState, t: TypeDef, obj: KubeObject): boolean {
  if (user === ANONYMOUS) {
    return t.id === 'management.cattle.io.setting' && PUBLIC_SETTINGS.has(obj.metadata.name);
  }
  if (t.id === 'userpreference') {
    return obj.metadata.name === user.id;
  }
  if (user.admin || cluster.kind !== 'local') {
    return true;
  }
  switch (t.id) {
  case 'management.cattle.io.cluster':
    return user.readOnlyClusters.includes(obj.metadata.name);
  case 'provisioning.cattle.io.cluster':
    return user.readOnlyClusters.includes(obj.status?.clusterName);
  case 'management.cattle.io.project':
    return user.readOnlyClusters.includes(obj.metadata.namespace || '');
  case 'management.cattle.io.user':
    return obj.metadata.name === user.id;
  default:
    return true;
  }
}
