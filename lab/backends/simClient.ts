/**
 * The simulator as the flows see it: its `/__sim` control API (faults, stored objects, request log, reset) and
 * Steve writes made with a demo user's token (for setting a scene, never for what a flow checks).
 */
import type { Fault, KubeObject, RequestLogEntry } from '../simulator/core/types';

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** The demo admin's API token (docs/demo-mode.md). */
const ADMIN_TOKEN = 'token-demoadmin:demo';

export class SimClient {
  constructor(readonly url: string) {}

  private async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const res = await fetch(`${ this.url }${ path }`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body:    body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: any = text;

    try {
      parsed = text ? JSON.parse(text) : null;
    } catch (e) {
      // not JSON: keep the text
    }

    return { status: res.status, body: parsed };
  }

  /** Back to the demo data; clears faults and the request log (login sessions are kept). */
  async reset(): Promise<void> {
    const res = await this.call('POST', '/__sim/reset');

    if (res.status !== 200) {
      throw new Error(`simulator reset answered ${ res.status }`);
    }
  }

  /** The demo data plus `count` LoadBalancer Services on rke2-guest (tests/e2e/demo.ts), until the next reset. */
  async scaleServices(count: number): Promise<void> {
    const res = await this.call('POST', '/__sim/scale-services', { count });

    if (res.status !== 200) {
      throw new Error(`simulator scale-services answered ${ res.status }`);
    }
  }

  async addFault(fault: Fault): Promise<void> {
    const res = await this.call('POST', '/__sim/faults', fault);

    if (res.status >= 300) {
      throw new Error(`simulator refused the fault ${ JSON.stringify(fault) }: ${ res.status } ${ JSON.stringify(res.body) }`);
    }
  }

  /**
   * Lets the simulator's controllers reconcile what is queued (the e2e suite runs the CSI driver's only, and only
   * here: tests/e2e/demo.ts). Returns how many objects they processed.
   */
  async stepControllers(): Promise<number> {
    const res = await this.call('POST', '/__sim/controllers/step');

    if (res.status !== 200) {
      throw new Error(`simulator controllers step answered ${ res.status }: ${ JSON.stringify(res.body) }`);
    }

    return res.body.processed;
  }

  async faults(): Promise<Fault[]> {
    return (await this.call('GET', '/__sim/faults')).body;
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/__sim/faults');
  }

  /** An object as stored (no Steve decorations), or null when it does not exist. */
  async object(cluster: string, type: string, id: string): Promise<KubeObject | null> {
    const res = await this.call('GET', `/__sim/state/${ cluster }/${ type }/${ id }`);

    if (res.status === 404) {
      return null;
    }
    if (res.status !== 200) {
      throw new Error(`simulator state ${ cluster }/${ type }/${ id } answered ${ res.status }`);
    }

    return res.body;
  }

  async objects(cluster: string, type: string): Promise<KubeObject[]> {
    const res = await this.call('GET', `/__sim/state/${ cluster }/${ type }`);

    if (res.status !== 200) {
      throw new Error(`simulator state ${ cluster }/${ type } answered ${ res.status }`);
    }

    return res.body;
  }

  async requests(): Promise<RequestLogEntry[]> {
    return (await this.call('GET', '/__sim/requests')).body;
  }

  /**
   * Writes the dashboard sent to Kubernetes objects (Steve, through Rancher's proxy or on the local cluster), leaving
   * out Rancher's own bookkeeping: logins and logouts, and the user preferences the dashboard saves as you click.
   * `match` narrows them to one path.
   */
  async resourceWrites(match?: string | RegExp): Promise<RequestLogEntry[]> {
    return (await this.requests()).filter((r) => WRITES.includes(r.method) &&
      /^\/(k8s\/clusters\/[^/]+\/)?v1\//.test(r.path) &&
      !/userpreference|ext\.cattle\.io\.selfuser|\/v1-public\//.test(r.path) &&
      (!match || (typeof match === 'string' ? r.path.includes(match) : match.test(r.path))));
  }

  /** Every write the dashboard sent, whatever its target (for the read-only user). */
  async writesBy(user: string): Promise<RequestLogEntry[]> {
    return (await this.requests()).filter((r) => WRITES.includes(r.method) && r.user === user);
  }

  /** Sets a scene through Steve as the demo admin: `PUT` of a whole object (fetched first). */
  async steveUpdate(cluster: string, type: string, id: string, change: (obj: any) => void): Promise<void> {
    const base = `/k8s/clusters/${ cluster }/v1/${ type }/${ id }`;
    const auth = { authorization: `Bearer ${ ADMIN_TOKEN }` };
    const got = await this.call('GET', base, undefined, auth);

    if (got.status !== 200) {
      throw new Error(`GET ${ base } answered ${ got.status }`);
    }
    change(got.body);
    const put = await this.call('PUT', base, got.body, auth);

    if (put.status !== 200) {
      throw new Error(`PUT ${ base } answered ${ put.status }: ${ JSON.stringify(put.body) }`);
    }
  }
}
