/** @jest-environment node */
import WebSocket from 'ws';
import { startSimServer, SimServer } from '../../lab/simulator/server';
import { demoState } from './helpers';

let sim: SimServer;

beforeAll(async() => {
  sim = await startSimServer({
    state: demoState(), port: 0, pingMs: 200
  });
});
afterAll(() => sim.close());

const ADMIN = { authorization: 'Bearer token-demoadmin:demo' };

/** A websocket with a queue of parsed messages and a way to wait for the next one that matches. */
function connect(path: string, headers: Record<string, string> = ADMIN): Promise<{ ws: WebSocket; next: (pred: (m: any) => boolean, ms?: number) => Promise<any> }> {
  const ws = new WebSocket(`${ sim.url.replace('http', 'ws') }${ path }`, { headers });
  const seen: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];

  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString());
    const i = waiters.findIndex((w) => w.pred(msg));

    if (i >= 0) {
      waiters.splice(i, 1)[0].resolve(msg);
    } else {
      seen.push(msg);
    }
  });
  const next = (pred: (m: any) => boolean, ms = 3000) => new Promise<any>((resolve, reject) => {
    const i = seen.findIndex(pred);

    if (i >= 0) {
      return resolve(seen.splice(i, 1)[0]);
    }
    const timer = setTimeout(() => reject(new Error(`no matching message within ${ ms } ms`)), ms);

    waiters.push({
      pred,
      resolve: (m) => {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });

  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${ res.statusCode }`)));
    ws.once('error', reject);
  });
}

async function http(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${ sim.url }${ path }`, {
    method, headers: { ...ADMIN, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined
  });

  const text = await res.text(); // a delete answers 204 without a body, as real Steve does

  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('watch sockets', () => {
  it('starts a watch, sends changes with Steve objects, stops on request, and pings', async() => {
    const { ws, next } = await connect('/k8s/clusters/c-m-rke2g001/v1/subscribe');

    ws.send(JSON.stringify({ resourceType: 'service', namespace: 'default' }));
    expect(await next((m) => m.name === 'resource.start')).toEqual({
      name: 'resource.start', resourceType: 'service', namespace: 'default'
    });

    const svc = (await http('GET', '/k8s/clusters/c-m-rke2g001/v1/services/default/web-pool')).body;

    svc.metadata.labels = { tier: 'front' };
    expect((await http('PUT', '/k8s/clusters/c-m-rke2g001/v1/services/default/web-pool', svc)).status).toBe(200);
    const change = await next((m) => m.name === 'resource.change');

    expect(change.resourceType).toBe('service');
    expect(change.data).toMatchObject({
      id: 'default/web-pool', type: 'service', metadata: { labels: { tier: 'front' } }
    });
    expect(change.data.links.self).toContain('/k8s/clusters/c-m-rke2g001/v1/services/default/web-pool');

    expect((await http('POST', '/k8s/clusters/c-m-rke2g001/v1/configmaps', { metadata: { name: 'x', namespace: 'default' } })).status).toBe(201);
    expect((await http('DELETE', '/k8s/clusters/c-m-rke2g001/v1/services/default/api')).status).toBe(204);
    expect((await next((m) => m.name === 'resource.remove')).data.id).toBe('default/api');

    expect(await next((m) => m.name === 'ping')).toMatchObject({ name: 'ping' });
    ws.send(JSON.stringify({
      resourceType: 'service', namespace: 'default', stop: true
    }));
    expect(await next((m) => m.name === 'resource.stop')).toEqual({
      name: 'resource.stop', resourceType: 'service', namespace: 'default'
    });
    ws.close();
  });

  it('replays writes after the resourceVersion a watch names, and debounces resource.changes mode', async() => {
    const before = (await http('GET', '/k8s/clusters/c-m-rke2g001/v1/nodes')).body.revision;
    const node = (await http('GET', '/k8s/clusters/c-m-rke2g001/v1/nodes/rke2-guest-pool1-e')).body;

    node.metadata.labels['topology.kubernetes.io/zone'] = 'us-east-1b';
    await http('PUT', '/k8s/clusters/c-m-rke2g001/v1/nodes/rke2-guest-pool1-e', node);

    const { ws, next } = await connect('/k8s/clusters/c-m-rke2g001/v1/subscribe');

    ws.send(JSON.stringify({ resourceType: 'node', resourceVersion: before }));
    ws.send(JSON.stringify({
      resourceType: 'pod', mode: 'resource.changes', debounceMs: 50
    }));
    expect((await next((m) => m.name === 'resource.change' && m.resourceType === 'node')).data.metadata.labels['topology.kubernetes.io/zone']).toBe('us-east-1b');

    await http('DELETE', '/k8s/clusters/c-m-rke2g001/v1/pods/default/web-7d9c5b8f6d-x2kq9');
    await http('DELETE', '/k8s/clusters/c-m-rke2g001/v1/pods/default/web-7d9c5b8f6d-p8vbn');
    const hint = await next((m) => m.name === 'resource.changes');

    expect(hint).toMatchObject({
      resourceType: 'pod', mode: 'resource.changes', revision: expect.stringMatching(/^\d+$/)
    });
    ws.close();
  });

  it('refuses sockets without credentials, and the viewer on the Harvester host', async() => {
    await expect(connect('/v1/subscribe', {})).rejects.toThrow('HTTP 401');
    await expect(connect('/k8s/clusters/c-hh001/v1/subscribe', { authorization: 'Bearer token-demoviewer:demo' })).rejects.toThrow('HTTP 403');
    const { ws, next } = await connect('/v1/subscribe', { authorization: 'Bearer token-demoviewer:demo' });

    ws.send(JSON.stringify({ resourceType: 'secret' }));
    expect(await next((m) => m.name === 'resource.error')).toMatchObject({ resourceType: 'secret', data: { error: expect.stringContaining('watch not allowed') } });
    ws.close();
  });

  it('echoes the watch and the object\'s resourceVersion as revision on every event, as Steve does', async() => {
    const { ws, next } = await connect('/k8s/clusters/c-m-rke2g001/v1/subscribe');

    ws.send(JSON.stringify({
      resourceType: 'configmap', namespace: 'default', selector: 'app=echo'
    }));
    await next((m) => m.name === 'resource.start' && m.resourceType === 'configmap');
    const created = await http('POST', '/k8s/clusters/c-m-rke2g001/v1/configmaps', {
      metadata: {
        name: 'echo', namespace: 'default', labels: { app: 'echo' }
      }
    });
    const ev = await next((m) => m.name === 'resource.create' && m.resourceType === 'configmap');

    expect(ev).toMatchObject({
      resourceType: 'configmap', namespace: 'default', selector: 'app=echo', revision: created.body.metadata.resourceVersion
    });
    ws.close();
  });

  it('answers a watch from a compacted revision with "too old" then resource.stop, so the dashboard re-lists', async() => {
    const old = (await http('GET', '/k8s/clusters/c-m-rke2g001/v1/services')).body.revision;

    await http('POST', '/k8s/clusters/c-m-rke2g001/v1/configmaps', { metadata: { name: 'after-list', namespace: 'default' } });
    expect((await fetch(`${ sim.url }/__sim/watch/compact`, { method: 'POST' })).status).toBe(200);
    const { ws, next } = await connect('/k8s/clusters/c-m-rke2g001/v1/subscribe');

    ws.send(JSON.stringify({ resourceType: 'service', resourceVersion: old }));
    const err = await next((m) => m.name === 'resource.error');

    // shell/plugins/steve/subscribe.js 'ws.resource.error' matches "too old" to start resyncWatch.
    expect(err).toMatchObject({ resourceType: 'service', data: { error: 'resourceversion too old' } });
    expect(await next((m) => m.name === 'resource.stop')).toEqual({ name: 'resource.stop', resourceType: 'service' });

    // The re-watch from a fresh list's revision works.
    const fresh = (await http('GET', '/k8s/clusters/c-m-rke2g001/v1/services')).body.revision;

    ws.send(JSON.stringify({ resourceType: 'service', resourceVersion: fresh }));
    expect(await next((m) => m.name === 'resource.start')).toEqual({ name: 'resource.start', resourceType: 'service' });
    ws.close();
  });

  it('watches one object from its own resourceVersion after a reset, as Steve finds it in the type\'s event log', async() => {
    expect((await fetch(`${ sim.url }/__sim/watch/compact`, { method: 'POST' })).status).toBe(200);
    const svc = (await http('GET', '/k8s/clusters/c-m-rke2g001/v1/services/default/web-pool')).body;
    const { ws, next } = await connect('/k8s/clusters/c-m-rke2g001/v1/subscribe');

    // The dashboard's watch of the object a detail or edit page shows (shell/plugins/dashboard-store find).
    ws.send(JSON.stringify({
      resourceType: 'service', namespace: 'default', id: 'web-pool', resourceVersion: svc.metadata.resourceVersion
    }));
    expect(await next((m) => m.name === 'resource.start')).toMatchObject({ resourceType: 'service', id: 'web-pool' });
    await http('PUT', '/k8s/clusters/c-m-rke2g001/v1/services/default/web-pool', { ...svc, metadata: { ...svc.metadata, labels: { ...svc.metadata.labels, watched: 'yes' } } });
    const change = await next((m) => m.name === 'resource.change' || m.name === 'resource.error');

    expect(change).toMatchObject({ name: 'resource.change', data: { id: 'default/web-pool', metadata: { labels: { watched: 'yes' } } } });
    ws.close();
  });

  it('sends a resource.changes watch\'s first change at once, without waiting for its debounce window', async() => {
    const { ws, next } = await connect('/k8s/clusters/c-m-rke2g001/v1/subscribe');

    // A window far longer than the test: the hint can only arrive if the first change does not wait for it.
    ws.send(JSON.stringify({
      resourceType: 'configmap', mode: 'resource.changes', debounceMs: 600000
    }));
    await next((m) => m.name === 'resource.start' && m.resourceType === 'configmap');
    const first = await http('POST', '/k8s/clusters/c-m-rke2g001/v1/configmaps', { metadata: { name: 'burst-0', namespace: 'default' } });

    expect(await next((m) => m.name === 'resource.changes')).toMatchObject({ revision: first.body.metadata.resourceVersion });
    ws.close();
  });

  it('then sends one resource.changes per debounce window, with the latest revision', async() => {
    const { ws, next } = await connect('/k8s/clusters/c-m-rke2g001/v1/subscribe');

    ws.send(JSON.stringify({
      resourceType: 'configmap', mode: 'resource.changes', debounceMs: 2000
    }));
    await next((m) => m.name === 'resource.start' && m.resourceType === 'configmap');
    const first = await http('POST', '/k8s/clusters/c-m-rke2g001/v1/configmaps', { metadata: { name: 'window-0', namespace: 'default' } });

    expect(await next((m) => m.name === 'resource.changes')).toMatchObject({ revision: first.body.metadata.resourceVersion });
    await http('POST', '/k8s/clusters/c-m-rke2g001/v1/configmaps', { metadata: { name: 'window-1', namespace: 'default' } });
    const last = await http('POST', '/k8s/clusters/c-m-rke2g001/v1/configmaps', { metadata: { name: 'window-2', namespace: 'default' } });

    expect(await next((m) => m.name === 'resource.changes', 6000)).toMatchObject({ revision: last.body.metadata.resourceVersion });
    ws.close();
  });
});
