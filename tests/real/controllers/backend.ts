/**
 * One side of the controller differential: the Kubernetes API of rke2-guest and harvester-host behind the same
 * front (lab/simulator/server.ts), with either the simulator's controllers (`sim`: reconciled on `step`) or the real
 * stack's (`real`: Harvester's load balancer controller, webhook and cloud provider, KubeVirt's and kube-vip's
 * stand-ins). Scenarios talk to both through this interface only.
 */
import { startSimServer, SimServer } from '../../../lab/simulator/server';
import { createState } from '../../../lab/simulator/core/state';
import { demoSeed } from '../../../lab/world/seed';
import { realFront } from '../../../lab/backends/real/fromStack';
import { HARVESTER_HOST, RKE2_GUEST } from '../../../lab/world/ids';
import { USERS } from '../../../lab/simulator/rancher/users';
import { StackInfo } from '../../../lab/stack/stack';

export type Side = 'guest' | 'host';
type Obj = Record<string, any>;

export interface Reply { status: number; body: any }

export interface Backend {
  kind: 'sim' | 'real';
  server: SimServer;
  request(side: Side, method: string, path: string, body?: unknown, contentType?: string): Promise<Reply>;
  /** Lets the controllers act until `done` holds (real: polled; sim: reconciled until quiet), then a little longer. */
  settle(done: () => Promise<boolean>, ms?: number): Promise<void>;
  close(): void;
}

const CLUSTER_ID: Record<Side, string> = { guest: RKE2_GUEST.id, host: HARVESTER_HOST.id };

async function call(server: SimServer, side: Side, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Reply> {
  const res = await fetch(`${ server.url }/k8s/clusters/${ CLUSTER_ID[side] }${ path }`, {
    method,
    headers: {
      accept: 'application/json', authorization: `Bearer ${ USERS.admin.token }`, ...(body === undefined ? {} : { 'content-type': contentType })
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = text;

  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch (e) {}

  return { status: res.status, body: parsed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function simBackend(): Promise<Backend> {
  const server = await startSimServer({
    state: createState(demoSeed()), port: 0, controllers: { auto: false }
  });
  const step = async() => {
    const r = await fetch(`${ server.url }/__sim/controllers/step`, { method: 'POST', headers: { authorization: `Bearer ${ USERS.admin.token }` } });

    return Number((await r.json()).processed || 0);
  };

  // As the real controllers did when the stack started: every object of the demo once through the controllers.
  await fetch(`${ server.url }/__sim/controllers/resync`, { method: 'POST', headers: { authorization: `Bearer ${ USERS.admin.token }` } });
  while (await step() > 0) {
    // until quiet
  }
  // The CSI driver of the real stack (v0.2.9) on this side too: its version decides what the simulator's driver does.
  const csi = await call(server, 'guest', 'GET', '/apis/apps/v1/namespaces/kube-system/daemonsets/harvester-csi-driver');
  const containers = (csi.body?.spec?.template?.spec?.containers || []).map((c: any) => ({ ...c, image: c.image.replace(/:v[^:]+$/, ':v0.2.9') }));

  await call(server, 'guest', 'PUT', '/apis/apps/v1/namespaces/kube-system/daemonsets/harvester-csi-driver', { ...csi.body, spec: { ...csi.body.spec, template: { ...csi.body.spec.template, spec: { ...csi.body.spec.template.spec, containers } } } });

  return {
    kind:    'sim',
    server,
    request: (side, method, path, body, ct) => call(server, side, method, path, body, ct),
    async settle(done) {
      for (let i = 0; i < 20; i++) {
        if (await step() === 0 && await done()) {
          return;
        }
      }
    },
    close: () => server.close(),
  };
}

export async function realBackend(info: StackInfo): Promise<Backend> {
  const server = await startSimServer({
    state: createState(demoSeed()), port: 0, front: realFront(info)
  });

  return {
    kind:    'real',
    server,
    request: (side, method, path, body, ct) => call(server, side, method, path, body, ct),
    async settle(done, ms = 60000) {
      const end = Date.now() + ms;

      while (Date.now() < end && !await done()) {
        await sleep(500);
      }
      // What follows an outcome: the provider's event after its retries, the address written back to the host.
      await sleep(3000);
    },
    close: () => server.close(),
  };
}

export function items(r: Reply): Obj[] {
  return r.status === 200 ? r.body.items || [] : [];
}
