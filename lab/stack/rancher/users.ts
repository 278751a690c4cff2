/**
 * Rancher's first run and its users, through Rancher's API as an administrator does it: the admin logs in with the
 * bootstrap password (Secret cattle-system/bootstrap-secret, made before Rancher starts as its Helm chart makes it), the
 * first-login steps are answered (password, EULA), and the demo users of the simulator
 * (lab/simulator/rancher/users.ts: same names and passwords) are made as Users with global role bindings. The viewer's
 * access to the guest is Rancher's own cluster role templates, bound with ClusterRoleTemplateBindings: Rancher's RBAC
 * controllers turn them into the guest's RBAC through the agent. Rancher has no cluster-scoped "Read-only" template
 * (role_data.go: that one is a project role); "View All Projects" (Kubernetes `view` on every namespace, storage)
 * with "View Nodes" is Rancher's read-only cluster access.
 */
import { KubeTarget, kubeRequest } from '../../core/kubeClient';
import { BOOTSTRAP_SECRET } from './bootstrapPassword';
import { DEMO_PASSWORD, USERS } from '../../simulator/rancher/users';
import {
  TokenSource, loginToken, rancherExpect, rancherRequest, rancherRetry, tokenOf, until
} from './rancherApi';
import { adminSession } from './adminSession';

export const VIEWER_ROLE_TEMPLATES = ['projects-view', 'nodes-view'];

async function bootstrapPassword(local: KubeTarget): Promise<string> {
  return until('Rancher\'s bootstrap-secret', 180000, async() => {
    const r = await kubeRequest(local, 'GET', BOOTSTRAP_SECRET);
    const b64 = r.body?.data?.bootstrapPassword;

    return b64 ? Buffer.from(b64, 'base64').toString('utf8') : undefined;
  });
}

async function setSetting(token: TokenSource, name: string, value: string): Promise<void> {
  await rancherRetry('PUT', `/v3/settings/${ name }`, token, { value });
}

/**
 * The change of the admin's password that meets a conflict can leave its mustChangePassword set (seen once in five
 * starts), and Rancher's dashboard then sends the admin to its first-login page after every login: cleared as an
 * admin clears it on a user.
 */
async function clearMustChangePassword(auth: TokenSource): Promise<void> {
  let last = '';

  await until('the admin without mustChangePassword', 60000, async() => {
    const token = await tokenOf(auth);
    const r = await rancherRequest('GET', '/v3/users?me=true', token);
    const me = r.body?.data?.[0];

    last = `GET /v3/users?me=true ${ r.status }`;
    // The token the login issued, deleted by Rancher (seen in a rehearsal: a minute of 401s here): log in again.
    if (r.status === 401 && typeof auth === 'object') {
      auth.refused();
    }
    if (me && !me.mustChangePassword) {
      return true;
    }
    if (me) {
      const path = `/v1/management.cattle.io.users/${ me.id }`;
      const user = (await rancherRequest('GET', path, token)).body;
      const put = await rancherRequest('PUT', path, token, { ...user, mustChangePassword: false });

      last += `; PUT ${ put.status } ${ (put.body as any)?.message || '' }`;
    }

    return false;
  }, 1000).catch((e) => {
    throw new Error(`${ e.message } (last: ${ last })`);
  });
}

/**
 * Waits until Rancher's user controller has given the bootstrap admin its `local://` principal. BootstrapAdmin
 * (`pkg/data/management/role_data.go`) makes the User with none, and the controller's onCreate adds it
 * (`pkg/controllers/management/auth/user.go`); a login before that gets a token Rancher's own refresher deletes at
 * its first refresh (`pkg/auth/providerrefresh/refresher.go` refreshProvider: no principal for the token's provider
 * → deleteLoginTokens). That was the first start's refused token (issue 37; session.rancher.ts shows the deletion).
 */
async function adminPrincipal(local: KubeTarget, log: (line: string) => void): Promise<void> {
  const start = Date.now();

  await until('the bootstrap admin\'s local principal (Rancher\'s user controller)', 180000, async() => {
    const r = await kubeRequest(local, 'GET', '/apis/management.cattle.io/v3/users?labelSelector=authz.management.cattle.io%2Fbootstrapping%3Dadmin-user');

    return (r.body?.items || []).some((u: any) => (u.principalIds || []).includes(`local://${ u.metadata.name }`));
  });
  log(`the bootstrap admin has its local principal ${ ((Date.now() - start) / 1000).toFixed(1) } s after its bootstrap password`);
}

/** The admin's API token, after the first-login steps on a new Rancher (a Rancher already set up: a login). */
export async function bootstrapAdmin(local: KubeTarget, log: (line: string) => void = () => undefined): Promise<string> {
  const again = await rancherRequest('POST', '/v3-public/localProviders/local?action=login', undefined, {
    username: USERS.admin.name, password: DEMO_PASSWORD, responseType: 'json'
  });

  if (again.status === 201 || again.status === 200) {
    await clearMustChangePassword(again.body.token);

    return again.body.token;
  }
  const first = await bootstrapPassword(local);

  await adminPrincipal(local, log);
  const token = adminSession(local, [first, DEMO_PASSWORD]);

  // The demo's passwords are shorter than Rancher's default minimum (12): the setting an admin changes for that.
  await setSetting(token, 'password-min-length', `${ DEMO_PASSWORD.length }`);
  // Rancher may answer a conflict after it changed the password (its controllers update the user meanwhile): the
  // login with the new password is what says it was changed.
  let answer = '';

  // Within 60 s in five starts; once not within 60 s on a loaded machine: three minutes, and the last answer said.
  await until('the admin\'s new password', 180000, async() => {
    const c = await rancherRequest('POST', '/v3/users?action=changepassword', await token.token(), { currentPassword: first, newPassword: DEMO_PASSWORD });
    const r = await rancherRequest('POST', '/v3-public/localProviders/local?action=login', undefined, {
      username: USERS.admin.name, password: DEMO_PASSWORD, responseType: 'json'
    });

    if (c.status === 401) {
      token.refused();
    }
    answer = `changepassword ${ c.status } ${ c.text.slice(0, 200) }; login ${ r.status }`;

    return r.status === 201 || r.status === 200;
  }, 2000).catch((e) => {
    throw new Error(`${ e.message } (last: ${ answer })`);
  });
  await clearMustChangePassword(token);
  await setSetting(token, 'first-login', 'false');
  await setSetting(token, 'eula-agreed', new Date().toISOString());

  return loginToken(USERS.admin.name, DEMO_PASSWORD);
}

/** The viewer: a Standard User (global role `user`), as the simulator has it. Returns Rancher's user id. */
export async function ensureViewer(token: string): Promise<string> {
  const v = USERS.viewer;
  const found = await rancherExpect('GET', `/v3/users?username=${ v.name }`, token);
  let id: string | undefined = found.body?.data?.[0]?.id;

  if (!id) {
    const made = await rancherExpect('POST', '/v3/users', token, {
      type: 'user', username: v.name, password: v.password, name: v.displayName, enabled: true, mustChangePassword: false
    });

    id = made.body.id as string;
    await rancherExpect('POST', '/v3/globalrolebindings', token, {
      type: 'globalRoleBinding', globalRoleId: 'user', userId: id
    });
  }

  return id;
}

/** The viewer's read-only access to one cluster: one ClusterRoleTemplateBinding per template (the Members page's Add). */
export async function grantReadOnly(token: string, userId: string, clusterId: string): Promise<void> {
  const have = await rancherExpect('GET', `/v3/clusterroletemplatebindings?clusterId=${ clusterId }&userId=${ userId }`, token);
  const bound = new Set((have.body?.data || []).map((b: any) => b.roleTemplateId));

  for (const roleTemplateId of VIEWER_ROLE_TEMPLATES.filter((t) => !bound.has(t))) {
    await rancherExpect('POST', '/v3/clusterroletemplatebindings', token, {
      type: 'clusterRoleTemplateBinding', clusterId, userId, roleTemplateId
    });
  }
}

/** Waits until the viewer can read the cluster's Services through Rancher's proxy (Rancher's RBAC is in the cluster). */
export async function waitViewerAccess(clusterId: string): Promise<void> {
  await until(`the viewer's access to ${ clusterId }`, 180000, async() => {
    const token = await loginToken(USERS.viewer.name, USERS.viewer.password);
    const r = await rancherRequest('GET', `/k8s/clusters/${ clusterId }/v1/services?pagesize=1`, token);

    return r.status === 200 && r.body?.count > 0;
  }, 2000);
}
