/** @jest-environment node */
import { spawn } from 'node:child_process';
import {
  existsSync, mkdtempSync, readdirSync, readFileSync, rmSync
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoSeed } from '../../lab/world/seed';
import { loadStateFile, saveStateFile } from '../../lab/simulator/persist';
import { startSimServer } from '../../lab/simulator/server';

const ROOT = path.resolve(__dirname, '../..');
const ADMIN = { authorization: 'Bearer token-demoadmin:demo', 'content-type': 'application/json' };
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sim-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('--state persistence', () => {
  it('keeps writes and sessions across a restart', async() => {
    const file = path.join(dir, 'state.json');
    const first = await startSimServer({
      state: loadStateFile(file, demoSeed()).state, port: 0, statePath: file
    });
    const url = `${ first.url }/k8s/clusters/c-m-rke2g001/v1/configmaps`;

    expect((await fetch(url, {
      method: 'POST', headers: ADMIN, body: JSON.stringify({ metadata: { name: 'kept', namespace: 'default' }, data: { a: '1' } })
    })).status).toBe(201);
    const login = await fetch(`${ first.url }/v1-public/login`, {
      method:  'POST',
      headers: { 'content-type': 'application/json' },
      body:    JSON.stringify({
        username: 'viewer', password: 'password', responseType: 'cookie'
      })
    });
    const cookie = `${ login.headers.get('set-cookie') }`.split(';')[0];
    const revision = (await (await fetch(url, { headers: ADMIN })).json()).revision;

    await first.close();
    expect(existsSync(file)).toBe(true);

    const loaded = loadStateFile(file, demoSeed());

    expect(loaded.restored).toBe(true);
    const second = await startSimServer({
      state: loaded.state, port: 0, statePath: file
    });
    const url2 = `${ second.url }/k8s/clusters/c-m-rke2g001/v1/configmaps`;

    try {
      const kept = await fetch(`${ url2 }/default/kept`, { headers: ADMIN });

      expect(kept.status).toBe(200);
      expect((await kept.json()).data).toEqual({ a: '1' });
      expect((await (await fetch(url2, { headers: ADMIN })).json()).revision).toBe(revision);
      expect((await fetch(url2, { headers: { cookie } })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('a writer killed mid-write leaves the previous file whole', async() => {
    const file = path.join(dir, 'state.json');
    const { state } = loadStateFile(file, demoSeed());

    saveStateFile(file, state);
    const before = readFileSync(file, 'utf8');
    // A child that rewrites a large state in a loop; killed at a random point of some write.
    // Node itself with tsx's loader (not the tsx wrapper, whose kill would leave the real writer running).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'write-forever.ts'), file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });

    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 200));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const after = readFileSync(file, 'utf8');
    const parsed = JSON.parse(after);

    expect(parsed.format).toBe('harvester-cloud-ui-sim/1');
    // Either the old state or one of the child's complete writes, never a torn file.
    expect(after === before || parsed.clusters.local.objects.configmap?.['default/filler']).toBeTruthy();
    // Temp files a crashed writer leaves are cleaned when the state is loaded again.
    loadStateFile(file, demoSeed());
    expect(readdirSync(dir)).toEqual(['state.json']);
    // It starts a child Node with a TypeScript loader, which takes seconds on a busy 2-core machine.
  }, 30000);
});
