/**
 * The stack's first-start session (lab/stack/rancher/adminSession.ts) against Rancher's own server: a token Rancher
 * no longer has is refused with exactly the plain "must authenticate" a clean clone's CI saw on a first start, and
 * a call made through the session logs in again and goes through.
 */
import { DEMO_PASSWORD } from '../../../lab/simulator/rancher/users';
import { adminSession } from '../../../lab/stack/rancher/adminSession';
import { loginToken, rancherRequest, rancherRetry, until } from '../../../lab/stack/rancher/rancherApi';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { ensureSecrets, apiUrl } from '../../../lab/core/config';
import { LOCAL } from '../../../lab/stack/rancher/localCluster';
import { readRancherInfo } from '../../../lab/stack/rancher/state';

const local = () => ({ url: apiUrl(LOCAL), token: ensureSecrets().adminToken });
/** Rancher reads tokens from its informer's cache first: a deleted one is refused once the cache has seen the delete. */
const refused = (token: string) => until('the deleted token refused', 20000, async() => {
  const r = await rancherRequest('GET', '/v3/users?me=true', token);

  return r.status === 401 && r;
}, 250);
/**
 * Deletes a login token in the local cluster, as Rancher's own controllers delete tokens (by its name only). Its user
 * agent names this test in the local cluster's audit of token deletes (tokenAudit.ts), so the "refused … deleted by"
 * line this test brings about is not read as Rancher deleting a token of its own.
 */
const drop = async(token: string) => (await kubeRequest(local(), 'DELETE', `/apis/management.cattle.io/v3/tokens/${ token.split(':')[0] }`, undefined, { 'user-agent': 'session.rancher.ts (a deliberate delete)' })).status;

beforeAll(() => {
  if (!readRancherInfo()) {
    throw new Error('no Rancher running in the stack: npm run test:rancher starts it');
  }
});

it('a deleted login token is refused with Rancher\'s plain "must authenticate"', async() => {
  const token = await loginToken('admin', DEMO_PASSWORD);

  expect((await rancherRequest('GET', '/v3/users?me=true', token)).status).toBe(200);
  expect(await drop(token)).toBe(200);
  const r = await refused(token);

  expect(r.body?.message).toBe('Unauthorized 401: must authenticate');
});

it('the admin\'s session logs in again when its token is refused, with the password Rancher takes now', async() => {
  // The bootstrap password is long gone on a running stack: the session tries it, then the demo's.
  const session = adminSession(local(), ['not-the-password-anymore', DEMO_PASSWORD]);
  const first = await session.token();

  expect(await drop(first)).toBe(200);
  await refused(first);
  const r = await rancherRetry('PUT', '/v3/settings/first-login', session, { value: 'false' });

  expect(r.status).toBe(200);
  // Compared, never printed: a failure must not show a token.
  expect(await session.token() === first).toBe(false);
});
