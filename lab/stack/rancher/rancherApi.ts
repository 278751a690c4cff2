/**
 * A small client for Rancher's API at its server-url (self-signed CA, loopback): `/v3`, `/v1`, `/v3-public` with a
 * bearer token of a Rancher user, as the dashboard and `curl` reach it. Tokens are passed in headers only.
 */
import { KubeResponse, kubeRequest } from '../../core/kubeClient';
import { rancherUrl } from './server';

export type RancherResponse<T = any> = KubeResponse<T>;

/** One request to Rancher at its server-url (the kube client's, with Rancher's self-signed CA and a 60 s limit). */
export function rancherRequest<T = any>(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<RancherResponse<T>> {
  return kubeRequest<T>({ url: rancherUrl(), token }, method, path, body, headers);
}

/** Throws with Rancher's message unless the status is one of `ok` (the path is named, never the token). */
export async function rancherExpect<T = any>(method: string, path: string, token: string | undefined, body?: unknown, ok: number[] = [200, 201]): Promise<RancherResponse<T>> {
  const r = await rancherRequest<T>(method, path, token, body);

  if (!ok.includes(r.status)) {
    throw new Error(`Rancher ${ method } ${ path }: ${ r.status } ${ (r.body as any)?.message || r.text.slice(0, 300) }`);
  }

  return r;
}

/**
 * Where a call's token comes from: a fixed one, or a login that is repeated when Rancher refuses its token (401
 * "must authenticate", see rancherRetry).
 */
export type TokenSource = string | undefined | TokenLogin;

/** A token got by logging in, and logged in for again once Rancher has refused it (adminSession.ts). */
export interface TokenLogin { token(): Promise<string>; refused(): void }

export async function tokenOf(source: TokenSource): Promise<string | undefined> {
  return typeof source === 'object' ? source.token() : source;
}

/**
 * rancherExpect, tried again for a while when Rancher is not there yet: right after the first login its own
 * controllers still update the user ("the object has been modified") and make the admin's RBAC (a 403 until then).
 * On a first start the token the login just issued can also be refused (401 "must authenticate": twice in clean
 * clones' CI, 26 s after Rancher first answered), and in one CI run it stayed refused for the whole minute of tries:
 * the plain "must authenticate" is what Rancher answers for a token it no longer has (pkg/auth/requests/
 * authenticate.go TokenFromRequest), so with a TokenSource that can log in, a 401 is answered by a new login.
 */
export async function rancherRetry<T = any>(method: string, path: string, auth: TokenSource, body?: unknown, ok: number[] = [200, 201]): Promise<RancherResponse<T>> {
  for (let i = 0; ; i++) {
    const r = await rancherRequest<T>(method, path, await tokenOf(auth), body);

    if (ok.includes(r.status) || i >= 60 || !(r.status === 409 || r.status === 403 || r.status === 401 || /has been modified/.test(r.text))) {
      if (!ok.includes(r.status)) {
        throw new Error(`Rancher ${ method } ${ path }: ${ r.status } ${ (r.body as any)?.message || r.text.slice(0, 300) }`);
      }

      return r;
    }
    if (r.status === 401 && typeof auth === 'object') {
      auth.refused();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Logs in as a local user (the login page's request) and returns the API token Rancher issues. */
export async function loginToken(username: string, password: string): Promise<string> {
  const r = await rancherExpect('POST', '/v3-public/localProviders/local?action=login', undefined, {
    username, password, responseType: 'json', description: 'stack'
  });

  return r.body.token;
}

export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined | null | false>, everyMs = 1000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;

  for (;;) {
    try {
      const v = await probe();

      if (v) {
        return v;
      }
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) {
      throw new Error(`${ what }: not within ${ timeoutMs / 1000 } s${ last ? ` (${ (last as Error).message })` : '' }`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
