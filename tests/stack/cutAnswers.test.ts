/**
 * An answer cut off after its headers never leaves the lab waiting: the HTTPS client for the API servers and Rancher
 * (lab/core/kubeClient.ts) fails it (a rehearsal's Rancher 2.13 start waited 20 minutes on one), and the stack's
 * readiness wait (lab/core/processes.ts waitReady) counts it as not ready yet. A whole answer is read as before.
 */
/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { kubeRequest } from '../../lab/core/kubeClient';
import { Started, waitReady } from '../../lab/core/processes';

let server: https.Server;
let url: string;

beforeAll(async() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-client-'));

  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
    const body = '{"kind":"Status","code":200}';

    res.writeHead(200, { 'content-type': 'application/json', 'content-length': req.url === '/cut' ? '100' : `${ body.length }` });
    if (req.url === '/cut') {
      res.write('{"partial":');
      setTimeout(() => req.socket.destroy(), 50);
    } else {
      res.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${ (server.address() as net.AddressInfo).port }`;
  fs.rmSync(dir, { recursive: true, force: true });
});

afterAll(() => server.close());

it('fails an answer cut off after its headers instead of waiting forever', async() => {
  const outcome = await Promise.race([
    kubeRequest({ url }, 'GET', '/cut').then(() => 'answered', (e: Error) => `failed: ${ e.message }`),
    new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3000)),
  ]);

  expect(outcome).toMatch(/^failed: /);
});

it('a readiness wait on an endpoint that cuts its answers gives up when its time is over', async() => {
  const running = { name: 'cutter', child: { exitCode: null } } as unknown as Started;
  const outcome = await Promise.race([
    waitReady(running, `${ url }/cut`, 1000).then(() => 'ready', (e: Error) => `failed: ${ e.message }`),
    new Promise((resolve) => setTimeout(() => resolve('still waiting after 4 s'), 4000)),
  ]);

  expect(outcome).toMatch(/^failed: cutter did not answer/);
});

it('reads a whole answer', async() => {
  const r = await kubeRequest({ url }, 'GET', '/whole');

  expect(r.status).toBe(200);
  expect(r.body).toEqual({ kind: 'Status', code: 200 });
});
