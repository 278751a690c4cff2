/** @jest-environment node */
import { WebSocket } from 'ws';
import { OPERATION_TIMING } from '../../lab/simulator/catalog/helmOperation';
import { SimServer, startSimServer } from '../../lab/simulator/server';
import { USERS } from '../../lab/simulator/rancher/users';
import { call, demoState } from './helpers';

const NS = 'cattle-ui-plugin-system';
const LOG_PROTOCOL = 'base64.binary.k8s.io';

/** Connects as the dashboard's ContainerLogs does; resolves with the decoded text, or the refusal's status. */
function readLog(url: string, token?: string): Promise<{ text?: string; status?: number; protocol?: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, LOG_PROTOCOL, token ? { headers: { authorization: `Bearer ${ token }` } } : {});
    let text = '';

    ws.on('message', (data) => {
      text += Buffer.from(data.toString(), 'base64').toString('utf8');
    });
    ws.on('close', () => resolve({ text, protocol: ws.protocol }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    ws.on('error', reject);
  });
}

describe('an Operation\'s logs link (the helm-operation pod\'s log, as the dashboard reads it)', () => {
  const timing = { ...OPERATION_TIMING };
  let sim: SimServer;
  let logsUrl: string;

  beforeAll(async() => {
    Object.assign(OPERATION_TIMING, { startMs: 0, runMs: 0 });
    const state = demoState();
    const out = call(state, 'POST', '/v1/catalog.cattle.io.clusterrepos/harvester-cloud-ui', { query: { action: 'install' }, body: { namespace: NS, charts: [{ chartName: 'harvester-cloud-ui', releaseName: 'harvester-cloud-ui' }] } }).body;

    // Wait for the operation's pod to have run (its status says so), not for a time.
    while (!call(state, 'GET', `/v1/catalog.cattle.io.operations/${ NS }/${ out.operationName }`).body.status?.podCreated) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    sim = await startSimServer({ state, port: 0 });
    logsUrl = `${ sim.url.replace(/^http/, 'ws') }/v1/catalog.cattle.io.operations/${ NS }/${ out.operationName }/logs`;
  });

  afterAll(async() => {
    Object.assign(OPERATION_TIMING, timing);
    await sim?.close();
  });

  it('streams the helm command and its outcome as base64 frames, timestamped when asked, then closes', async() => {
    const { text, protocol } = await readLog(`${ logsUrl }?follow=true&timestamps=true&container=helm`, USERS.admin.token);
    const lines = (text || '').trimEnd().split('\n');

    expect(protocol).toBe(LOG_PROTOCOL);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z helm install /);
    expect(lines[lines.length - 2]).toMatch(/ SUCCESS: helm install .* harvester-cloud-ui \/home\/shell\/helm\/harvester-cloud-ui-[^ ]+\.tgz$/);
  });

  it('refuses who is not logged in (401) and an operation that does not exist (404)', async() => {
    expect(await readLog(logsUrl)).toEqual({ status: 401 });
    expect(await readLog(logsUrl.replace(/helm-operation-[^/]+/, 'helm-operation-nope'), USERS.admin.token)).toEqual({ status: 404 });
  });
});
