/**
 * Issue 37, "the lab lets no one in", on Rancher's stack: every TCP listener of the stack's processes (the real
 * stack's, Rancher's bridge, its local API server and controller manager, the Pod runner's kubelet API) binds to
 * loopback only and answers no request without a credential. One is public on purpose: the extension's Helm
 * repository, which serves only the published chart, as a marketplace repository does. The control: Rancher and the
 * kubelet API answer the same request with their own credential.
 */
import fs from 'node:fs';
import { ensureKubeletTls } from '../../../lab/core/kubeletTls';
import { RUN_DIR } from '../../../lab/core/paths';
import { rancherAdminToken } from '../../../lab/stack/rancher/state';
import path from 'node:path';
import {
  dataPath, get, Listener, stackListeners, unauthenticatedAnswers
} from '../listenerProbe';

const PUBLIC = /^repoServer\.ts /;

let listeners: Listener[];

beforeAll(() => {
  listeners = stackListeners();
});

it('Rancher\'s, its API server\'s and the Pod runner\'s listeners are found, all on loopback', () => {
  const names = listeners.map((l) => l.name);

  expect(['netBridge.ts', 'kube-apiserver', 'podRunner.ts', 'repoServer.ts'].filter((n) => !names.some((m) => m.startsWith(n)))).toEqual([]);
  expect(listeners.filter((l) => !l.address.startsWith('127.')).map((l) => `${ l.name } on ${ l.address }:${ l.port }`)).toEqual([]);
});

it('none answers a request without a credential (the chart repository aside)', async() => {
  expect(await unauthenticatedAnswers(listeners.filter((l) => !PUBLIC.test(l.name)), (l) => dataPath(l.name))).toEqual([]);
});

it('control: Rancher answers its admin, the kubelet API the API server\'s certificate', async() => {
  const rancher = listeners.find((l) => l.name.startsWith('netBridge.ts')) as Listener;
  const kubelet = listeners.find((l) => l.name.startsWith('podRunner.ts')) as Listener;
  const tls = ensureKubeletTls(path.join(RUN_DIR, 'secrets'));

  expect(await get(rancher.port, '/v1/secrets', { authorization: `Bearer ${ rancherAdminToken() }` })).toEqual({ status: 200 });
  // Past the certificate check: a Pod it does not know.
  expect(await get(kubelet.port, dataPath(kubelet.name), {}, { cert: fs.readFileSync(tls.clientCert), key: fs.readFileSync(tls.clientKey) })).toEqual({ status: 404 });
});
