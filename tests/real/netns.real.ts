/**
 * A lab network namespace made and removed while a browser talks HTTP/2 to a server on the machine (as every flow talks
 * to Rancher) fails none of the browser's requests, and the machine still reaches a program listening inside it
 * (lab/core/netns.ts). Chromium fails its requests with net::ERR_NETWORK_CHANGED on any address change on the
 * machine; CI met that on Rancher 2.15 while Rancher 2.13's stack started beside. The control adds an address where
 * its own browser runs, so this test notices if it can no longer see the failure.
 */
import { execFileSync, spawn, spawnSync, ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, Browser, Page } from 'playwright-core';
import { createNetns, deleteNetns, deleteNetnsOf, netnsFor } from '../../lab/core/netns';
import { CHROMIUM, LAUNCH_ARGS } from '../flows/lib/browser';

const ns = netnsFor('netnstest', 60);
// The control's own namespace, with the browser and the server in it: its address change is seen by nothing else
// (test:real runs beside the browser suites).
const control = netnsFor('netnsctl', 61).name;
const PORT_INSIDE = 18080;
// The kernel gives an interface its IPv6 link-local address about a second after it comes up.
const SETTLE_MS = 2500;

interface Lab { page: Page; close: () => Promise<void> }

/** A server answering every request over HTTP/2 after 150 ms, and a browser page on it; in `netns` when given. */
async function browserOnServer(netns?: string): Promise<Lab> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netns-test-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];

  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const program = `require('node:http2').createSecureServer({ key: require('fs').readFileSync(${ JSON.stringify(key) }), cert: require('fs').readFileSync(${ JSON.stringify(cert) }) }, (q, r) => setTimeout(() => r.end('ok'), 150)).listen(0, '127.0.0.1', function() { console.log(this.address().port) })`;
  const server = spawn(netns ? 'ip' : process.execPath, [...(netns ? ['netns', 'exec', netns, process.execPath] : []), '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = Number(await new Promise<string>((resolve) => server.stdout?.once('data', (d) => resolve(String(d)))));
  let executablePath = CHROMIUM;

  if (netns) {
    executablePath = path.join(dir, 'chromium-in-netns');
    fs.writeFileSync(executablePath, `#!/bin/sh\nexec ip netns exec ${ netns } ${ CHROMIUM } "$@"\n`, { mode: 0o700 });
  }
  const browser: Browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS });
  const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();

  await page.goto(`https://127.0.0.1:${ port }/`);

  return {
    page,
    close: async() => {
      await browser.close();
      server.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

let lab: Lab;

beforeAll(async() => {
  lab = await browserOnServer();
});

afterAll(async() => {
  deleteNetns(ns);
  spawnSync('ip', ['netns', 'delete', control]);
  await lab?.close();
});

/** How many of the page's requests (four at a time, all along) failed while `change` ran and the machine settled. */
async function failedRequestsWhile(page: Page, change: () => unknown): Promise<{ failed: number; sent: number }> {
  await page.evaluate(() => {
    const w = window as any;

    w.lab = {
      run: true, failed: 0, sent: 0
    };
    w.lab.done = (async() => {
      while (w.lab.run) {
        await Promise.all([0, 1, 2, 3].map(() => {
          w.lab.sent++;

          return fetch(`/r${ w.lab.sent }`).then((r) => r.text()).catch(() => w.lab.failed++);
        }));
      }
    })();
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  await change();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

  return page.evaluate(async() => {
    const w = window as any;

    w.lab.run = false;
    await w.lab.done;

    return { failed: w.lab.failed, sent: w.lab.sent };
  });
}

const machineAddresses = () => execFileSync('ip', ['-o', 'addr'], { encoding: 'utf8' });

function listenInside(): ChildProcess {
  const program = `require('net').createServer((s) => s.end('inside')).listen(${ PORT_INSIDE }, '${ ns.address }', () => console.log('up'))`;

  return spawn('ip', ['netns', 'exec', ns.name, process.execPath, '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
}

function readFrom(address: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const s = net.connect(port, address);

    s.setTimeout(5000, () => s.destroy(new Error(`no answer from ${ address }:${ port } in 5 s`)));
    s.on('data', (d) => (text += d));
    s.on('end', () => resolve(text));
    s.on('error', reject);
  });
}

it('a namespace made and removed beside a browser fails none of its requests, and the machine reaches a program inside it', async() => {
  const before = machineAddresses();
  const made = await failedRequestsWhile(lab.page, () => createNetns(ns));

  expect(made.sent).toBeGreaterThan(20);
  expect(made.failed).toBe(0);
  // No address on the machine's side: not the old 10.231.x.1, nor an IPv6 link-local one.
  expect(machineAddresses()).toBe(before);

  const inside = listenInside();

  try {
    await new Promise((resolve) => inside.stdout?.once('data', resolve));
    expect(await readFrom(ns.address, PORT_INSIDE)).toBe('inside');
  } finally {
    inside.kill();
  }

  const removed = await failedRequestsWhile(lab.page, () => deleteNetns(ns));

  expect(removed.failed).toBe(0);
});

it('the control: an address added where the browser runs, as the lab used to add one, fails the browser\'s requests', async() => {
  spawnSync('ip', ['netns', 'delete', control]);
  execFileSync('ip', ['netns', 'add', control]);
  execFileSync('ip', ['-n', control, 'link', 'set', 'lo', 'up']);
  execFileSync('ip', ['-n', control, 'link', 'add', 'lab0', 'type', 'veth', 'peer', 'name', 'lab1']);
  execFileSync('ip', ['-n', control, 'link', 'set', 'lab0', 'up']);
  const beside = await browserOnServer(control);

  try {
    // Three changes of the address, 0.7 s apart: Chromium fails the requests in flight when its network-change
    // notifier reports one, and a single change was once missed in a CI rehearsal (0 failed) with a stack starting
    // beside the test; the lab's own namespaces above make as many changes, and must fail none.
    const ip = (...args: string[]) => execFileSync('ip', ['-n', control, ...args]);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const changed = await failedRequestsWhile(beside.page, async() => {
      ip('addr', 'add', `${ ns.hostAddress }/30`, 'dev', 'lab0');
      await sleep(700);
      ip('addr', 'del', `${ ns.hostAddress }/30`, 'dev', 'lab0');
      await sleep(700);
      ip('addr', 'add', `${ ns.hostAddress }/30`, 'dev', 'lab0');
    });

    expect(changed.failed).toBeGreaterThan(0);
  } finally {
    await beside.close();
  }
});

it('a stopped stack removes the namespaces its Pod runner left, of that runner only', () => {
  // What a runner ending while a Pod starts leaves (CI: one after Rancher 2.13's stack stopped), and a neighbour's.
  const left = [netnsFor('podt-1', 0).name, netnsFor('podt-12', 0).name];
  const neighbour = netnsFor('podtx-1', 0).name;
  const names = () => execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' }).split('\n').map((l) => l.split(' ')[0]);

  for (const n of [...left, neighbour]) {
    spawnSync('ip', ['netns', 'delete', n]);
    execFileSync('ip', ['netns', 'add', n]);
  }
  try {
    expect(deleteNetnsOf('podt-')).toBe(2);
    expect(names()).not.toEqual(expect.arrayContaining([left[0]]));
    expect(names()).not.toEqual(expect.arrayContaining([left[1]]));
    expect(names()).toContain(neighbour);
    expect(deleteNetnsOf('podt-')).toBe(0);
  } finally {
    [...left, neighbour].forEach((n) => spawnSync('ip', ['netns', 'delete', n]));
  }
});
