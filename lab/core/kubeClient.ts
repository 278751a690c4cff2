/**
 * A small client for the stack's kube-apiservers and Rancher's API (loopback HTTPS, self-signed serving certificates):
 * a bearer token in a header, and optionally a user to impersonate, as Rancher's cluster proxy does.
 */
import https from 'node:https';

export interface KubeResponse<T = any> {
  status: number;
  body: T;
  text: string;
  /** The body's bytes (an archive Rancher serves, say), as received. */
  raw?: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface KubeTarget {
  /** https://127.0.0.1:<port> */
  url: string;
  /** A bearer token; none for an anonymous request (a login). */
  token?: string;
}

const REQUEST_TIMEOUT_MS = 60000;

export async function kubeRequest<T = any>(target: KubeTarget, method: string, path: string, body?: unknown, headers: Record<string, string | string[]> = {}): Promise<KubeResponse<T>> {
  const data = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const u = new URL(path, target.url);

  return new Promise((resolve, reject) => {
    const req = https.request(u, {
      method,
      rejectUnauthorized: false, // the apiserver's self-signed loopback certificate
      headers:            {
        ...(target.token ? { authorization: `Bearer ${ target.token }` } : {}),
        accept: 'application/json',
        ...(data ? { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json', 'content-length': `${ data.length }` } : {}),
        ...headers,
      },
    }, (res) => {
      const chunks: Buffer[] = [];

      // An answer cut off after its headers ends with 'close' and no 'end': without this its caller waited forever
      // (a Rancher 2.13 start in a rehearsal sat 20 minutes on one, with no socket left open).
      res.on('error', reject);
      res.on('close', () => !res.complete && reject(new Error(`${ method } ${ path }: the answer was cut off after ${ Buffer.concat(chunks).length } bytes`)));
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let parsed: any = text;

        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch (e) {}
        resolve({
          status: res.statusCode || 0, body: parsed, text, raw, headers: res.headers
        });
      });
    });

    req.on('error', reject);
    // A request the API server never answers (a connection dropped under load) must not hold its caller forever:
    // the stand-ins handle events one at a time, and one hung request stopped them all.
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${ method } ${ path }: no answer within ${ REQUEST_TIMEOUT_MS / 1000 } s`)));
    if (data) {
      req.write(data);
    }
    req.end();
  });
}

/** Throws with the server's message unless the status is one of `ok`. */
export async function kubeExpect<T = any>(target: KubeTarget, method: string, path: string, body?: unknown, ok: number[] = [200, 201]): Promise<KubeResponse<T>> {
  const res = await kubeRequest<T>(target, method, path, body);

  if (!ok.includes(res.status)) {
    throw new Error(`${ method } ${ path }: ${ res.status } ${ (res.body as any)?.message || res.text.slice(0, 300) }`);
  }

  return res;
}

/** The REST path of an object (or of its collection when it has no name), from its apiVersion and plural. */
export function objectPath(apiVersion: string, plural: string, namespace?: string, name?: string): string {
  const base = apiVersion.includes('/') ? `/apis/${ apiVersion }` : `/api/${ apiVersion }`;
  const ns = namespace ? `/namespaces/${ namespace }` : '';

  return `${ base }${ ns }/${ plural }${ name ? `/${ name }` : '' }`;
}
