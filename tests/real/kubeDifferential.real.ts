/**
 * Issue 18: the Kubernetes API paths kubectl uses, sent to the simulator and (through the real-mode front) to the real
 * kube-apiserver; any difference fails unless tests/real/differential/allowList.ts gives its reason.
 */
import http from 'http';
import { RKE2_GUEST } from '../../lab/world/ids';
import { USERS } from '../../lab/simulator/rancher/users';
import {
  both, call, closePair, Pair, startPair, unexplained
} from './differential/harness';

let p: Pair;

beforeAll(async() => {
  p = await startPair();
});
afterAll(() => closePair(p));

const K = `/k8s/clusters/${ RKE2_GUEST.id }`;
const RUN = `kdiff-${ Date.now().toString(36) }`;
const OWN = new Set(['kubernetes']);

function status(b: any): any {
  return b && b.kind === 'Status' ? {
    kind: b.kind, apiVersion: b.apiVersion, status: b.status, reason: b.reason, code: b.code, message: b.message, details: b.details
  } : {
    kind: b?.kind, apiVersion: b?.apiVersion, name: b?.metadata?.name, keys: b && typeof b === 'object' ? Object.keys(b).sort() : b
  };
}

function list(b: any): any {
  if (b?.kind === 'Status') {
    return status(b);
  }

  return {
    kind: b?.kind, apiVersion: b?.apiVersion, metaKeys: Object.keys(b?.metadata || {}).sort(), names: (b?.items || []).map((i: any) => i.metadata.name).filter((n: string) => !OWN.has(n)),
  };
}

async function same(step: string, path: string, shape: (b: any) => any, init: any = {}, user: 'admin' | 'viewer' = 'admin') {
  const r = await both(p, path, user, init);

  expect(unexplained(step, { status: r.sim.status, body: shape(r.sim.body) }, { status: r.real.status, body: shape(r.real.body) }, p)).toEqual([]);

  return r;
}

describe('kube API discovery: simulator vs real kube-apiserver', () => {
  it('/api', async() => {
    await same('/api', `${ K }/api`, (b) => ({ kind: b.kind, versions: b.versions }));
  });
  it('/apis lists the groups the demo models', async() => {
    await same('/apis', `${ K }/apis`, (b) => ({ kind: b.kind, groups: ['apps', 'batch', 'networking.k8s.io', 'storage.k8s.io'].map((g) => b.groups?.some((x: any) => x.name === g)) }));
  });
  it('/version', async() => {
    await same('/version', `${ K }/version`, (b) => ({ keys: Object.keys(b).sort(), major: b.major }));
  });
  it('/api/v1 resources include services with their verbs', async() => {
    await same('/api/v1', `${ K }/api/v1`, (b) => ({
      kind: b.kind, groupVersion: b.groupVersion, services: b.resources?.find((r: any) => r.name === 'services')
    }));
  });
});

describe('kube API reads: simulator vs real kube-apiserver', () => {
  it('list services', async() => {
    await same('kube list', `${ K }/api/v1/namespaces/default/services`, list);
  });
  it('get a service', async() => {
    await same('kube get', `${ K }/api/v1/namespaces/default/services/web-pool`, (b) => ({ ...status(b), spec: b.spec }));
  });
  it('404 Status', async() => {
    await same('kube 404', `${ K }/api/v1/namespaces/default/services/nope-${ RUN }`, status);
  });
  it('403 Status for the viewer', async() => {
    await same('kube 403', `${ K }/api/v1/namespaces/default/secrets`, status, {}, 'viewer');
  });
  it('Table output', async() => {
    await same('kube table', `${ K }/api/v1/namespaces/default/services`, (b) => ({
      kind: b.kind, apiVersion: b.apiVersion, columns: b.columnDefinitions?.map((c: any) => `${ c.name }:${ c.type }:${ c.priority }`), rows: b.rows?.map((r: any) => r.cells[0]).filter((n: string) => !OWN.has(n))
    }), { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
  });
});

describe('kube API writes: simulator vs real kube-apiserver', () => {
  it('create, merge and strategic patch, 409 conflict, 422 invalid, delete', async() => {
    const name = `${ RUN }-svc`;
    const path = `${ K }/api/v1/namespaces/default/services/${ name }`;
    const svc = {
      apiVersion: 'v1',
      kind:       'Service',
      metadata:   { name },
      spec:       {
        ports: [{
          name: 'http', port: 80, protocol: 'TCP'
        }],
        selector: { app: name }
      }
    };
    const spec = (b: any) => ({
      ...status(b), labels: b.metadata?.labels, ports: b.spec?.ports?.map((x: any) => `${ x.name }:${ x.port }`)
    });

    try {
      await same('kube create', `${ K }/api/v1/namespaces/default/services`, spec, { method: 'POST', body: svc });
      await same('kube create again', `${ K }/api/v1/namespaces/default/services`, status, { method: 'POST', body: svc });
      await same('kube merge patch', path, spec, {
        method: 'PATCH', body: { metadata: { labels: { a: 'b' } } }, headers: { 'content-type': 'application/merge-patch+json' }
      });
      await same('kube strategic patch', path, spec, {
        method: 'PATCH',
        body:   {
          spec: {
            ports: [{
              name: 'https', port: 443, protocol: 'TCP'
            }]
          }
        },
        headers: { 'content-type': 'application/strategic-merge-patch+json' }
      });
      await same('kube 409', path, status, { method: 'PUT', body: { ...svc, metadata: { name, resourceVersion: '1' } } });
      await same('kube 422', path, status, {
        method: 'PATCH', body: { spec: { ports: [{ name: 'http', port: 99999 }] } }, headers: { 'content-type': 'application/merge-patch+json' }
      });
      await same('kube delete', path, (b) => ({ kind: b.kind, status: b.status }), { method: 'DELETE' });
    } finally {
      await call(p.real, path, 'admin', { method: 'DELETE' });
    }
  });
});

/** `?watch=true` from a listed resourceVersion: the stream's event types until DELETED (no race with the writes). */
function watchTypes(base: string, name: string, rv: string): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    const seen: string[] = [];
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`watch on ${ base } saw ${ JSON.stringify(seen) }, no DELETED`));
    }, 20000);
    const req = http.get(`${ base }${ K }/api/v1/namespaces/default/services?watch=true&resourceVersion=${ rv }&fieldSelector=metadata.name%3D${ name }`, { headers: { authorization: `Bearer ${ USERS.admin.token }` } }, (res) => {
      let buf = '';

      res.on('data', (c) => {
        buf += c;
        let i: number;

        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i).trim();

          buf = buf.slice(i + 1);
          if (line) {
            seen.push(JSON.parse(line).type);
            if (seen.includes('DELETED')) {
              clearTimeout(timer);
              req.destroy();
              resolve(seen);
            }
          }
        }
      });
    });

    req.on('error', () => undefined);
  });
}

describe('kube API watch: simulator vs real kube-apiserver', () => {
  it('?watch=true streams ADDED, MODIFIED, DELETED', async() => {
    const run = async(front: 'sim' | 'real') => {
      const name = `${ RUN }-w-${ front }`;
      const path = `${ K }/api/v1/namespaces/default/services`;
      const rv = (await call(p[front], path, 'admin')).body.metadata.resourceVersion;
      const w = watchTypes(p[front].url, name, rv);

      await call(p[front], path, 'admin', {
        method: 'POST',
        body:   {
          apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }] }
        }
      });
      await call(p[front], `${ path }/${ name }`, 'admin', {
        method: 'PATCH', body: { metadata: { labels: { a: 'b' } } }, headers: { 'content-type': 'application/merge-patch+json' }
      });
      await call(p[front], `${ path }/${ name }`, 'admin', { method: 'DELETE' });

      return w;
    };

    expect(unexplained('kube watch', await run('sim'), await run('real'), p)).toEqual([]);
  });
});
