/** @jest-environment node */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { startSimServer } from '../../lab/simulator/server';
import { demoState, RKE2 } from './helpers';

const ADMIN = { authorization: 'Bearer token-demoadmin:demo' };

/** A raw GET (no automatic decompression), so the test sees the bytes a browser would transfer. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({
      host: '127.0.0.1', port, path, headers
    }, (res) => {
      const chunks: Buffer[] = [];

      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('API answers are gzipped as Rancher\'s API writer gzips them (rancher/apiserver GzipWriter)', () => {
  it('sends gzip when the client accepts it, plain JSON otherwise, with the same content', async() => {
    const sim = await startSimServer({ state: demoState(), port: 0 });
    const port = (sim.server.address() as { port: number }).port;

    try {
      const zipped = await rawGet(port, `${ RKE2 }/nodes`, { ...ADMIN, 'accept-encoding': 'gzip, deflate, br' });
      const plain = await rawGet(port, `${ RKE2 }/nodes`, ADMIN);

      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(gunzipSync(zipped.body).toString('utf8')).data.map((n: any) => n.id))
        .toEqual(JSON.parse(plain.body.toString('utf8')).data.map((n: any) => n.id));
    } finally {
      await sim.close();
    }
  });
});
