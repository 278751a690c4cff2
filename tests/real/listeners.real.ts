/**
 * Issue 37, "the lab lets no one in": every TCP listener of the real stack's processes binds to loopback only, and
 * none answers a request that carries no credential. Each listener is found from the machine's socket table
 * (listenerProbe.ts), so one a later change adds is probed too. The control: the same request with the part's own
 * credential is answered, so a refusal is the listener's doing and not a wrong path.
 * Kubernetes' health paths (/healthz, /readyz, /livez) answer everyone by design (`--authorization-always-allow-paths`)
 * and are not what is asked here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureEtcdTls, etcdClientTls } from '../../lab/core/etcdTls';
import { RUN_DIR } from '../../lab/core/paths';
import { StackInfo } from '../../lab/core/stackInfo';
import {
  dataPath, get, Listener, stackListeners, unauthenticatedAnswers
} from './listenerProbe';
import { realStack } from './stack';

describe('the real stack\'s listeners', () => {
  let info: StackInfo;
  let listeners: Listener[];

  beforeAll(async() => {
    info = await realStack();
    listeners = stackListeners();
  });

  it('are found (etcd, each API server and each Steve), all on loopback', () => {
    const names = new Set(listeners.map((l) => l.name));

    expect(['etcd', 'kube-apiserver-rke2-guest', 'steve-rke2-guest', 'harvester-api'].filter((n) => !names.has(n))).toEqual([]);
    expect(listeners.filter((l) => !l.address.startsWith('127.')).map((l) => `${ l.name } on ${ l.address }:${ l.port }`)).toEqual([]);
  });

  it('answer no request without a credential', async() => {
    expect(await unauthenticatedAnswers(listeners, (l) => dataPath(l.name))).toEqual([]);
  });

  it('Steve takes no one at their word: Impersonate-User alone is refused', async() => {
    const steve = listeners.find((l) => l.name === 'steve-rke2-guest') as Listener;

    expect(await get(steve.port, '/v1/secrets', { 'impersonate-user': 'u-admin', 'impersonate-group': 'system:masters' })).toEqual({ status: 401 });
    expect(await get(steve.port, '/v1/secrets', { authorization: 'Bearer not-the-token' })).toEqual({ status: 401 });
  });

  it('control: each part answers the same request with its own credential', async() => {
    const by = (n: string) => listeners.find((l) => l.name === n) as Listener;
    const tls = etcdClientTls(ensureEtcdTls(path.join(RUN_DIR, 'secrets')));
    const etcdClientPort = Math.min(...listeners.filter((l) => l.name === 'etcd').map((l) => l.port)); // client, then peer
    const harvesterApiToken = fs.readFileSync(path.join(RUN_DIR, 'secrets', 'harvester-api.token'), 'utf8').trim();

    expect(await get(etcdClientPort, '/health', {}, { ...tls, rejectUnauthorized: true })).toEqual({ status: 200 });
    expect(await get(by('steve-rke2-guest').port, '/v1/secrets', { authorization: `Bearer ${ info.steveToken }` })).toEqual({ status: 200 });
    expect(await get(by('kube-apiserver-rke2-guest').port, '/api/v1/secrets', { authorization: `Bearer ${ info.adminToken }` })).toEqual({ status: 200 });
    // Past its gate: 404, as the endpoint answers only POST.
    expect(await get(by('harvester-api').port, '/v1/harvester/kubeconfig', { authorization: `Bearer ${ harvesterApiToken }` })).toEqual({ status: 404 });
  });
});
