/**
 * Issue 18: the same Steve requests to the simulator and to real Steve (through the real-mode front) on the same demo
 * objects; any difference fails unless tests/real/differential/allowList.ts gives its reason.
 */
import { RKE2_GUEST, HARVESTER_HOST } from '../../lab/world/ids';
import {
  both, call, closePair, Pair, Socket, startPair, unexplained
} from './differential/harness';

let p: Pair;

beforeAll(async() => {
  p = await startPair();
});
afterAll(() => closePair(p));

const GUEST = `/k8s/clusters/${ RKE2_GUEST.id }/v1`;
const HOST = `/k8s/clusters/${ HARVESTER_HOST.id }/v1`;
const RUN = `diff-${ Date.now().toString(36) }`;

/** Kubernetes' own objects the demo does not model. */
const OWN = new Set(['default/kubernetes']);

/** What a collection says, its items cut to their identity and Steve's additions. */
function collection(body: any): any {
  if (!body || body.type !== 'collection') {
    return error(body);
  }
  const data = (body.data || []).filter((x: any) => !OWN.has(x.id));

  return {
    type:         body.type,
    resourceType: body.resourceType,
    count:        data.length,
    pagination:   body.pagination ? Object.keys(body.pagination).sort() : undefined,
    continue:     body.continue ? 'present' : 'absent',
    revision:     body.revision ? 'present' : 'absent',
    links:        keySet(body.links),
    actions:      keySet(body.actions),
    summary:      body.summary,
    ids:          data.map((x: any) => x.id),
    first:        data[0] && item(data[0]),
  };
}

/** Keys as a set, so a difference names the key. */
function keySet(o: any): Record<string, true> | undefined {
  return o && typeof o === 'object' ? Object.fromEntries(Object.keys(o).map((k) => [k, true])) : undefined;
}

function item(o: any): any {
  return {
    id:            o.id,
    type:          o.type,
    links:         keySet(o.links),
    actions:       keySet(o.actions),
    keys:          keySet(o),
    state:         o.metadata?.state,
    fields:        o.metadata?.fields ? o.metadata.fields.length : undefined,
    relationships: o.metadata?.relationships ? 'present' : 'absent',
    spec:          o.spec,
    metaKeys:      keySet(o.metadata),
  };
}

function error(b: any): any {
  return b && typeof b === 'object' ? {
    type: b.type, status: b.status, code: b.code, message: b.message, fieldName: b.fieldName
  } : b;
}

async function same(step: string, path: string, user: 'admin' | 'viewer', shape: (b: any) => any = collection, init = {}) {
  const r = await both(p, path, user, init);

  expect(unexplained(step, { status: r.sim.status, body: shape(r.sim.body) }, { status: r.real.status, body: shape(r.real.body) }, p)).toEqual([]);

  return r;
}

describe('Steve lists: simulator vs real Steve', () => {
  it.each([
    ['list services', `${ GUEST }/services/default`, 'admin'],
    ['list services as viewer', `${ GUEST }/services/default`, 'viewer'],
    ['filter', `${ GUEST }/services/default?filter=spec.type=LoadBalancer`, 'admin'],
    ['filter by name', `${ GUEST }/services/default?filter=metadata.name=web-pool`, 'admin'],
    ['sort', `${ GUEST }/services/default?sort=metadata.name`, 'admin'],
    ['sort descending', `${ GUEST }/services/default?sort=-metadata.name`, 'admin'],
    ['pagesize', `${ GUEST }/services/default?pagesize=1&sort=metadata.name`, 'admin'],
    ['exclude', `${ GUEST }/services/default?exclude=metadata.managedFields`, 'admin'],
    ['include', `${ GUEST }/services/default?include=metadata.name`, 'admin'],
    ['summary', `${ GUEST }/services/default?summary=spec.type`, 'admin'],
    ['nodes', `${ GUEST }/nodes?sort=metadata.name`, 'admin'],
    ['host loadbalancers', `${ HOST }/loadbalancer.harvesterhci.io.loadbalancers?sort=metadata.name`, 'admin'],
    ['host as viewer', `${ HOST }/services`, 'viewer'],
    ['unknown type', `${ GUEST }/nosuchthings`, 'admin'],
    // Steve's SQL cache sorts and filters only on the fields it indexes (lab/simulator/steve/indexedFields.ts): 422 else.
    ['sort refused: unindexed path', `${ GUEST }/services/default?sort=status.loadBalancer.ingress[0].ip`, 'admin'],
    ['filter refused: unindexed path', `${ GUEST }/services/default?filter=status.loadBalancer.ingress.ip=192.168.100.50`, 'admin'],
    ['sort by the External-IP column', `${ GUEST }/services/default?sort=metadata.fields[3],metadata.name`, 'admin'],
    ['sort by the External-IP column, descending', `${ GUEST }/services/default?sort=-metadata.fields[3],metadata.name`, 'admin'],
    ['filter on the External-IP column', `${ GUEST }/services/default?filter=metadata.fields[3]~192.168&sort=metadata.name`, 'admin'],
  ] as const)('%s', async(step, path, user) => {
    await same(step, path, user);
  });

  it('pages with continue, both fronts ending on the same ids', async() => {
    const pages = async(front: 'sim' | 'real') => {
      const ids: string[] = [];
      let path = `${ GUEST }/services/default?pagesize=1&sort=metadata.name`;

      for (let i = 0; i < 20 && path; i++) {
        const b = (await call(p[front], path, 'admin')).body;

        ids.push(...b.data.map((x: any) => x.id));
        path = b.continue ? `${ GUEST }/services/default?pagesize=1&sort=metadata.name&continue=${ encodeURIComponent(b.continue) }` : '';
      }

      return ids.filter((id) => !OWN.has(id));
    };

    expect(unexplained('continue', await pages('sim'), await pages('real'), p)).toEqual([]);
  });
});

describe('Steve objects: simulator vs real Steve', () => {
  it('get', async() => {
    await same('get', `${ GUEST }/services/default/web-pool`, 'admin', item);
  });

  it('get missing', async() => {
    await same('get missing', `${ GUEST }/services/default/nope-${ RUN }`, 'admin', error);
  });

  it('create, stale update (409), invalid update (422), delete', async() => {
    const name = `${ RUN }-svc`;
    const svc = {
      type:     'service',
      metadata: { name, namespace: 'default' },
      spec:     {
        type:  'ClusterIP',
        ports: [{
          name: 'http', port: 80, protocol: 'TCP', targetPort: 8080
        }],
        selector: { app: name }
      }
    };

    try {
      const created = await same('create', `${ GUEST }/services`, 'admin', item, { method: 'POST', body: svc });

      expect(created.real.status).toBe(201);
      const stale = (o: any) => ({ ...o, metadata: { ...o.metadata, resourceVersion: '1' } });

      const staleSim = await call(p.sim, `${ GUEST }/services/default/${ name }`, 'admin', { method: 'PUT', body: stale(created.sim.body) });
      const staleReal = await call(p.real, `${ GUEST }/services/default/${ name }`, 'admin', { method: 'PUT', body: stale(created.real.body) });

      expect(unexplained('stale update', { status: staleSim.status, body: error(staleSim.body) }, { status: staleReal.status, body: error(staleReal.body) }, p)).toEqual([]);
      const invalid = (o: any) => ({ ...o, spec: { ...o.spec, ports: [{ port: 99999, protocol: 'TCP' }] } });
      const simNow = (await call(p.sim, `${ GUEST }/services/default/${ name }`, 'admin')).body;
      const realNow = (await call(p.real, `${ GUEST }/services/default/${ name }`, 'admin')).body;
      const sim = await call(p.sim, `${ GUEST }/services/default/${ name }`, 'admin', { method: 'PUT', body: invalid(simNow) });
      const real = await call(p.real, `${ GUEST }/services/default/${ name }`, 'admin', { method: 'PUT', body: invalid(realNow) });

      expect(unexplained('invalid update', { status: sim.status, body: error(sim.body) }, { status: real.status, body: error(real.body) }, p)).toEqual([]);
      await same('delete', `${ GUEST }/services/default/${ name }`, 'admin', (b) => (b && b.id ? item(b) : error(b)), { method: 'DELETE' });
    } finally {
      await call(p.real, `${ GUEST }/services/default/${ name }`, 'admin', { method: 'DELETE' });
    }
  });
});

describe('Steve watches: simulator vs real Steve', () => {
  async function events(front: 'sim' | 'real'): Promise<any[]> {
    const name = `${ RUN }-w-${ front }`;
    const ws = new Socket(p[front], RKE2_GUEST.id, 'admin');
    const tooOld = new Socket(p[front], RKE2_GUEST.id, 'admin');

    try {
      await Promise.all([ws.opened(), tooOld.opened()]);
      const list = (await call(p[front], `${ GUEST }/services/default`, 'admin')).body;

      ws.send({
        resourceType: 'service', namespace: 'default', resourceVersion: list.revision
      });
      await ws.waitFor((m) => m.name === 'resource.start');
      const body = {
        type: 'service', metadata: { name, namespace: 'default' }, spec: { ports: [{ port: 80, protocol: 'TCP' }] }
      };
      const created = (await call(p[front], `${ GUEST }/services`, 'admin', { method: 'POST', body })).body;

      await ws.waitFor((m) => m.name === 'resource.create' && m.data?.id === `default/${ name }`);
      await call(p[front], `${ GUEST }/services/default/${ name }`, 'admin', { method: 'PUT', body: { ...created, metadata: { ...created.metadata, labels: { x: 'y' } } } });
      await ws.waitFor((m) => m.name === 'resource.change' && m.data?.id === `default/${ name }` && m.data?.metadata?.labels?.x === 'y');
      await call(p[front], `${ GUEST }/services/default/${ name }`, 'admin', { method: 'DELETE' });
      await ws.waitFor((m) => m.name === 'resource.remove' && m.data?.id === `default/${ name }`);
      // A revision long gone: Steve answers resource.error "too old" and resource.stop, and the dashboard resyncs.
      tooOld.send({
        resourceType: 'service', namespace: 'default', resourceVersion: '5'
      });
      await tooOld.waitFor((m) => m.name === 'resource.stop');

      return [...ws.messages, ...tooOld.messages].filter((m) => m.name !== 'ping' && !(m.data?.id && !m.data.id.startsWith(`default/${ name }`)))
        .map((m) => ({
          name: m.name, resourceType: m.resourceType, namespace: m.namespace, mode: m.mode, revision: m.revision ? 'present' : 'absent', id: m.data?.id?.replace(front, '<front>'), error: m.data?.error
        }));
    } finally {
      ws.close();
      tooOld.close();
      await call(p.real, `${ GUEST }/services/default/${ name }`, 'admin', { method: 'DELETE' });
    }
  }

  it('create, change, remove, too-old revision', async() => {
    expect(unexplained('watch', await events('sim'), await events('real'), p)).toEqual([]);
  });
});

describe('Steve watches the dashboard opens: simulator vs real Steve', () => {
  // The detail and edit pages watch their object from its own resourceVersion, which for a seeded object is older
  // than anything changed since: Steve finds it among its informer's first events and starts the watch.
  async function watchOne(front: 'sim' | 'real'): Promise<string[]> {
    const ws = new Socket(p[front], RKE2_GUEST.id, 'admin');

    try {
      await ws.opened();
      const svc = (await call(p[front], `${ GUEST }/services/default/web-pool`, 'admin')).body;

      ws.send({
        resourceType: 'service', namespace: 'default', id: 'web-pool', resourceVersion: svc.metadata.resourceVersion
      });
      await ws.waitFor((m) => m.name === 'resource.start' || m.name === 'resource.error');
      await new Promise((resolve) => setTimeout(resolve, 1000));

      return ws.messages.filter((m) => m.name !== 'ping').map((m) => `${ m.name } ${ m.data?.error || '' }`.trim());
    } finally {
      ws.close();
    }
  }

  // A paginated list's `resource.changes` watch: the first change is announced at once, the debounce applies after it.
  async function firstChange(front: 'sim' | 'real'): Promise<{ names: string[]; withinDebounce: boolean }> {
    const ws = new Socket(p[front], RKE2_GUEST.id, 'admin');
    const name = `${ RUN }-c-${ front }`;

    try {
      await ws.opened();
      // As the dashboard does: a list first (Steve's informer for the type starts with it), then the watch from the
      // list's revision (shell plugins/steve/subscribe.js `watch`). Without one, Steve's SQL cache starts reading its
      // event log only when the watch's goroutine runs, after `resource.start` went out (steve
      // pkg/stores/sqlproxy/proxy_store.go `watch`, listoption_indexer.go `Watch`): under load a change made at once
      // was missed (one CI run).
      const list = await call(p[front], `${ GUEST }/configmaps?pagesize=1`, 'admin');

      expect(list.body.revision).toBeTruthy();
      ws.send({
        resourceType: 'configmap', mode: 'resource.changes', debounceMs: 4000, resourceVersion: list.body.revision
      });
      await ws.waitFor((m) => m.name === 'resource.start');
      const t0 = Date.now();

      await call(p[front], `${ GUEST }/configmaps`, 'admin', { method: 'POST', body: { type: 'configmap', metadata: { name, namespace: 'default' } } });
      await ws.waitFor((m) => m.name === 'resource.changes', 8000);

      return { names: ws.messages.filter((m) => m.name !== 'ping').map((m) => m.name), withinDebounce: Date.now() - t0 < 3000 };
    } finally {
      ws.close();
      await call(p[front], `${ GUEST }/configmaps/default/${ name }`, 'admin', { method: 'DELETE' });
    }
  }

  it('a watch of one object from its own resourceVersion starts', async() => {
    expect(unexplained('watch one', await watchOne('sim'), await watchOne('real'), p)).toEqual([]);
  });

  it('resource.changes: the first change at once', async() => {
    const real = await firstChange('real');

    expect(real.withinDebounce).toBe(true);
    expect(unexplained('first change', await firstChange('sim'), real, p)).toEqual([]);
  });
});
