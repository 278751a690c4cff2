/**
 * The management differential's harness: the simulator (everything simulated, the demo seed) and Rancher's own
 * server of the stack (lab/stack/rancher, started by scripts/test-rancher.sh) asked the same management request
 * as the same demo user, each answer cut to what the dashboards and the extension read, then compared with the
 * Steve differential's structural diff; a difference fails unless ./allowList.ts gives its reason.
 */
import path from 'node:path';
import { startSimServer, SimServer } from '../../../lab/simulator/server';
import { createState } from '../../../lab/simulator/core/state';
import { fromClusterRepo, installExtension } from '../../../lab/simulator/catalog/installExtension';
import { RUN_DIR } from '../../../lab/core/paths';
import { EXTENSION_REPO } from '../../../lab/world/ids';
import { EXTENSION } from '../../../lab/stack/rancher/extension';
import { demoSeed } from '../../../lab/world/seed';
import { setRancherVersion } from '../../../lab/simulator/core/versions';
import { rancherRequest } from '../../../lab/stack/rancher/rancherApi';
import { readRancherInfo } from '../../../lab/stack/rancher/state';
import { rancherVersion } from '../../../lab/stack/rancher/versions';
import { diff } from '../differential/harness';
import { allowed } from './allowList';

export type User = 'admin' | 'viewer' | 'anonymous';

export interface Answer { status: number; body: any; headers: Record<string, string> }

export interface Servers {
  sim: SimServer;
  /** Each server's token per user, from its own login. */
  tokens: { sim: Record<string, string>; rancher: Record<string, string> };
}

export const PASSWORD = 'password';

export async function simCall(sim: SimServer, path: string, token?: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${ sim.url }${ path }`, {
    method:  init.method || 'GET',
    headers: {
      accept: 'application/json', ...(token ? { authorization: `Bearer ${ token }` } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.headers || {})
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: any = text;

  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}

  return {
    status: res.status, body, headers: Object.fromEntries(res.headers.entries())
  };
}

export async function rancherCall(path: string, token?: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const r = await rancherRequest(init.method || 'GET', path, token, init.body, init.headers);

  return {
    status: r.status, body: r.body, headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, `${ v }`]))
  };
}

/** The login the dashboards make (the v3 local provider's action), as JSON: a token for the other requests. */
export const LOGIN = '/v3-public/localProviders/local?action=login';
const loginBody = (user: string) => ({
  username: user, password: PASSWORD, description: 'management differential', responseType: 'json'
});

export async function startServers(): Promise<Servers> {
  const info = readRancherInfo();

  if (!info) {
    throw new Error('no Rancher running in the stack: start it with `npm run stack -- --rancher` (npm run test:rancher does)');
  }
  setRancherVersion(info.version);
  const state = createState(demoSeed());

  // The extension installed on both: Rancher installed the stack's published chart through its Install; the simulator
  // installs the same repository's chart as its Install does (the compat projects' way).
  installExtension(state, path.join(RUN_DIR, 'rancher', 'helm-repo'), EXTENSION, fromClusterRepo(EXTENSION_REPO));
  const sim = await startSimServer({ state, port: 0 });
  const tokens: Servers['tokens'] = { sim: {}, rancher: {} };

  for (const user of ['admin', 'viewer']) {
    tokens.sim[user] = (await simCall(sim, LOGIN, undefined, { method: 'POST', body: loginBody(user) })).body?.token;
    tokens.rancher[user] = (await rancherCall(LOGIN, undefined, { method: 'POST', body: loginBody(user) })).body?.token;
  }

  return { sim, tokens };
}

export async function both(s: Servers, path: string, user: User, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ sim: Answer; rancher: Answer }> {
  return {
    sim:     await simCall(s.sim, path, user === 'anonymous' ? undefined : s.tokens.sim[user], init),
    rancher: await rancherCall(path, user === 'anonymous' ? undefined : s.tokens.rancher[user], init),
  };
}

/** Differences ./allowList.ts does not explain, one a line (`step path: sim=… rancher=…`). */
export function unexplained(step: string, sim: unknown, rancher: unknown): string[] {
  return diff(sim, rancher).map((d) => d.replace(/ real=/, ' rancher=')).filter((d) => !allowed(step, d)).map((d) => `${ step } ${ d }`);
}

export function rancherVersionKey(): string {
  return process.env.RANCHER_VERSION || '2.15';
}

export const expectedVersion = () => rancherVersion(rancherVersionKey()).version;
