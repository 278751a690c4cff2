/**
 * The simulator serves a production dashboard build as Rancher does (rancher v2.15.0 pkg/ui/routes.go): its files, and
 * index.html for any other path under /dashboard/, one that looks like a file too. A list's address ends in its type
 * (`…/explorer/storage.k8s.io.storageclass`): the simulator answered 404 there, and the page never loaded.
 */
/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { serveDashboardBuild } from '../../lab/simulator/http/dashboardBuild';

function response(): { res: ServerResponse; done: Promise<{ status: number; body: string }> } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  const res = Object.assign(stream, {
    statusCode: 200,
    headers:    {} as Record<string, unknown>,
    setHeader(k: string, v: unknown) {
      (res as any).headers[k] = v;
    },
    writeHead(code: number) {
      res.statusCode = code;
    }
  }) as unknown as ServerResponse;

  stream.on('data', (c) => chunks.push(Buffer.from(c)));

  return { res, done: new Promise((resolve) => stream.on('finish', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }))) };
}

describe('the dashboard build as Rancher serves it', () => {
  const ui = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-'));

  beforeAll(() => {
    fs.writeFileSync(path.join(ui, 'index.html'), '<html>the app</html>');
    fs.mkdirSync(path.join(ui, 'js'));
    fs.writeFileSync(path.join(ui, 'js', 'app.js'), 'the script');
  });
  afterAll(() => fs.rmSync(ui, { recursive: true, force: true }));

  it.each([
    ['/dashboard/c/c-1/explorer/storage.k8s.io.storageclass', '<html>the app</html>'],
    ['/dashboard/c/c-1/explorer/service', '<html>the app</html>'],
    ['/dashboard/js/missing.js', '<html>the app</html>'],
    ['/dashboard/js/app.js', 'the script'],
  ])('%s', async(url, body) => {
    const { res, done } = response();

    expect(await serveDashboardBuild(ui, url, res)).toBe(true);
    expect(await done).toEqual({ status: 200, body });
  });
});
