/**
 * The Pod runner's kubelet API answers only a client certificate of the run's kubelet CA (the API server's, as a
 * kubelet with `--client-ca-file`): container logs are not open to any local process.
 */
/** @jest-environment node */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { ensureKubeletTls, KubeletTls } from '../../../lab/core/kubeletTls';
import { KubeletApi, startKubeletApi } from '../../../lab/standins/pods/kubeletApi';

const PORT = 29999;

function get(p: string, client?: { cert: Buffer; key: Buffer }): Promise<string> {
  return new Promise((resolve) => {
    const req = https.get({
      host: '127.0.0.1', port: PORT, path: p, rejectUnauthorized: false, ...(client || {})
    }, (res) => {
      let body = '';

      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(`${ res.statusCode } ${ body }`));
    });

    req.on('error', () => resolve('refused'));
  });
}

describe('the kubelet API of the Pod runner', () => {
  let tls: KubeletTls;
  let api: KubeletApi;
  let logFile: string;

  beforeAll(async() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubelet-'));

    tls = ensureKubeletTls(dir);
    logFile = path.join(dir, 'helm.log');
    fs.writeFileSync(logFile, '2026-11-29T00:00:00Z stdout F helm uninstall done\n');
    api = startKubeletApi(PORT, tls, { file: () => logFile, running: () => false }, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  afterAll(() => api.close());

  it('refuses a caller without a client certificate', async() => {
    expect(await get('/containerLogs/cattle-system/helm-operation-x/helm')).toBe('refused');
  });

  it('refuses a certificate of another CA', async() => {
    const other = ensureKubeletTls(fs.mkdtempSync(path.join(os.tmpdir(), 'other-')));

    expect(await get('/containerLogs/cattle-system/helm-operation-x/helm', { cert: fs.readFileSync(other.clientCert), key: fs.readFileSync(other.clientKey) })).toBe('refused');
  });

  it('gives the API server\'s certificate the log', async() => {
    expect(await get('/containerLogs/cattle-system/helm-operation-x/helm', { cert: fs.readFileSync(tls.clientCert), key: fs.readFileSync(tls.clientKey) })).toBe('200 helm uninstall done\n');
  });
});
