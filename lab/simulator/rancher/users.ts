import { SimUser, UserName } from '../core/types';

export const DEMO_PASSWORD = 'password';

/** The guest clusters the viewer may read; filled by the demo seed's ids, kept here to avoid a cycle. */
export const VIEWER_CLUSTERS = ['c-m-rke2g001', 'c-k3sg001', 'c-plain001'];

export const USERS: Record<UserName, SimUser> = {
  admin: {
    name: 'admin', id: 'u-admin', displayName: 'Default Admin', password: DEMO_PASSWORD, token: 'token-demoadmin:demo', admin: true, readOnlyClusters: []
  },
  viewer: {
    name: 'viewer', id: 'u-viewer', displayName: 'Demo Viewer', password: DEMO_PASSWORD, token: 'token-demoviewer:demo', admin: false, readOnlyClusters: VIEWER_CLUSTERS
  },
};

/**
 * Who an unauthenticated request is to Rancher: it may read the public settings (the login page's branding,
 * banners, first-login flag) and nothing else.
 */
export const ANONYMOUS: SimUser = {
  name: 'anonymous' as UserName, id: 'system:unauthenticated', displayName: 'anonymous', password: '', token: '', admin: false, readOnlyClusters: []
};

export function userByName(name: string): SimUser | undefined {
  return (USERS as Record<string, SimUser>)[name];
}

export function userById(id: string): SimUser | undefined {
  return Object.values(USERS).find((u) => u.id === id);
}

export function principalId(user: SimUser): string {
  return `local://${ user.id }`;
}
