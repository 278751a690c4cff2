import { SimState } from '../core/state';
import { SimRequest, SimUser } from '../core/types';
import { USERS, userByName } from './users';
import { newUid } from '../core/ids';

export const SESSION_COOKIE = 'R_SESS';

export function header(req: SimRequest, name: string): string | undefined {
  const headers = req.headers || {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = key ? headers[key] : undefined;

  return Array.isArray(v) ? v[0] : v;
}

export function cookies(req: SimRequest): Record<string, string> {
  const out: Record<string, string> = {};

  for (const part of (header(req, 'cookie') || '').split(';')) {
    const i = part.indexOf('=');

    if (i > 0) {
      out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
    }
  }

  return out;
}

/** Who sent the request: an explicit `user` (tests, msw), a Bearer API token, or a login session cookie. */
export function authenticate(state: SimState, req: SimRequest): SimUser | null {
  if (req.user) {
    return userByName(req.user) || null;
  }
  const authz = header(req, 'authorization') || '';
  const bearer = authz.match(/^Bearer\s+(.+)$/i)?.[1];

  if (bearer) {
    // The demo users' API tokens, or the token a JSON login answered (`token-session:<session>`), as Rancher's
    // login token is a Bearer token too.
    const fromLogin = /^token-session:(.+)$/.exec(bearer)?.[1];

    return fromLogin ? userByName(state.sessions[fromLogin] || '') || null : Object.values(USERS).find((u) => u.token === bearer) || null;
  }
  const session = cookies(req)[SESSION_COOKIE];
  const name = session ? state.sessions[session] : undefined;

  return name ? userByName(name) || null : null;
}

/** Checks a local login and opens a session; returns the cookie value or null for bad credentials. */
export function login(state: SimState, username: string, password: string): { user: SimUser; session: string } | null {
  const user = userByName(username);

  if (!user || user.password !== password) {
    return null;
  }
  const session = `${ newUid(username).replace(/-/g, '') }`;

  state.sessions[session] = user.name;

  return { user, session };
}

export function logout(state: SimState, req: SimRequest): void {
  const session = cookies(req)[SESSION_COOKIE];

  if (session) {
    delete state.sessions[session];
  }
}

export function sessionCookie(value: string, maxAgeSeconds?: number): string {
  return `${ SESSION_COOKIE }=${ value }; Path=/; HttpOnly; SameSite=Lax${ maxAgeSeconds === 0 ? '; Max-Age=0' : '' }`;
}
