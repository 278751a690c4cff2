/**
 * Browser check of demo mode: starts `scripts/dev.ts` (simulator + dashboard dev server) unless
 * DASHBOARD_URL is given, then with Debian's Chromium (headless, via playwright-core) logs in as admin, opens
 * rke2-guest's cluster explorer and its Services list, saves screenshots in docs/screenshots/ and fails on
 * error banners, error growls or uncaught page errors.
 *
 *   bash scripts/with-env tsx tests/e2e/demo-smoke.ts
 *   DASHBOARD_URL=https://localhost:8005 SIM_URL=http://127.0.0.1:8989 bash scripts/with-env tsx tests/e2e/demo-smoke.ts
 */
import { spawn, ChildProcess } from 'node:child_process';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, Page } from 'playwright-core';
import { RKE2_GUEST, SERVICES } from '../../simulator/demo/ids';

const ROOT = path.resolve(__dirname, '../..');
const SHOTS = path.join(ROOT, 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const COMPILE_TIMEOUT_MS = 6 * 60 * 1000;

function get(url: string): Promise<{ status: number; body: string }> {
  const lib = url.startsWith('https:') ? https : http;

  return new Promise((resolve, reject) => {
    const req = lib.get(url, { rejectUnauthorized: false }, (res) => {
      let body = '';

      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode || 0, body }));
    });

    req.on('error', reject);
    req.setTimeout(10000, () => req.destroy(new Error('timeout')));
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;

  while (Date.now() < end) {
    try {
      const res = await get(url);

      if (res.status === 200) {
        return;
      }
    } catch (e) {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`${ url } did not answer within ${ timeoutMs / 1000 }s`);
}

function startDemo(): { child: ChildProcess; simUrl: Promise<string> } {
  // VUE_CLI_TEST turns off the dev server's type checker (VUE_CLI_TEST_TESTING_ENV keeps NODE_ENV as dev.ts
  // sets it): types are not what this check is about, and the checker's file watcher crashes the dev server
  // when a package build (build-pkg) runs in the same tree meanwhile.
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/dev.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, API: '', VUE_CLI_TEST: 'true', VUE_CLI_TEST_TESTING_ENV: 'true'
    },
    stdio:    ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const simUrl = new Promise<string>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();

      process.stdout.write(text);
      const m = text.match(/Rancher API simulator: (http:\/\/\S+)/);

      if (m) {
        resolve(m[1]);
      }
    });
  });

  return { child, simUrl };
}

/**
 * Visible error banners and growls, and the dev server's full-page error overlay, with their text. Passed as source text: tsx's helpers (`__name`) do not exist
 * in the page.
 */
const VISIBLE_ERRORS = `(() => {
  const texts = [];

  document.querySelectorAll('.banner.error, .growl.bg-error, .growl.bg-warning').forEach((el) => {
    if (el.offsetParent) {
      texts.push((el.textContent || '').trim().replace(/\\s+/g, ' '));
    }
  });

  const overlay = document.getElementById('webpack-dev-server-client-overlay');

  if (overlay) {
    const body = overlay.contentDocument && overlay.contentDocument.body;

    texts.push('dev server overlay: ' + ((body && body.innerText) || '').slice(0, 300).replace(/\\s+/g, ' '));
  }

  return texts;
})()`;

async function visibleErrors(page: Page): Promise<string[]> {
  return page.evaluate(VISIBLE_ERRORS) as Promise<string[]>;
}

async function main(): Promise<void> {
  let demo: ReturnType<typeof startDemo> | null = null;
  let dashboardUrl = process.env.DASHBOARD_URL || '';
  let simUrl = process.env.SIM_URL || '';

  if (!dashboardUrl) {
    demo = startDemo();
    dashboardUrl = 'https://localhost:8005';
    simUrl = await demo.simUrl;
  }
  const problems: string[] = [];
  let page: Page | null = null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args:           ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--ignore-certificate-errors'],
  });

  try {
    console.log(`[e2e] waiting for the dashboard at ${ dashboardUrl }`);
    await waitFor(`${ dashboardUrl }/`, COMPILE_TIMEOUT_MS);
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 } });

    page = await context.newPage();

    page.on('pageerror', (e) => problems.push(`page error: ${ e.message }`));
    page.on('console', (m) => {
      if (m.type() === 'error') {
        console.log(`[browser console] ${ m.text() }`);
      }
    });

    await page.goto(`${ dashboardUrl }/auth/login`, { waitUntil: 'domcontentloaded' });
    // LabeledInput puts the test id on the <input> itself; Password wraps one.
    const username = page.locator('input[data-testid="local-login-username"], [data-testid="local-login-username"] input').first();
    const password = page.locator('input[data-testid="local-login-password"], [data-testid="local-login-password"] input').first();

    await username.waitFor({ timeout: 120000 });
    await page.screenshot({ path: path.join(SHOTS, 'demo-login.png') });
    await username.fill('admin');
    await password.fill('password');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/login'), { timeout: 60000 });
    console.log(`[e2e] logged in, now at ${ page.url() }`);

    await page.goto(`${ dashboardUrl }/c/${ RKE2_GUEST.id }/explorer`, { waitUntil: 'domcontentloaded' });
    await page.getByText(RKE2_GUEST.name).first().waitFor({ timeout: 60000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(3000);
    problems.push(...(await visibleErrors(page)).map((t) => `cluster explorer: ${ t }`));
    await page.screenshot({ path: path.join(SHOTS, 'demo-cluster.png') });

    await page.goto(`${ dashboardUrl }/c/${ RKE2_GUEST.id }/explorer/service`, { waitUntil: 'domcontentloaded' });
    await page.getByText(SERVICES.webPool, { exact: true }).first().waitFor({ timeout: 60000 });
    await page.waitForTimeout(2000);
    problems.push(...(await visibleErrors(page)).map((t) => `services list: ${ t }`));
    await page.screenshot({ path: path.join(SHOTS, 'demo-services.png') });
  } catch (e) {
    // Where it stopped, for whoever reads the failure.
    await page?.screenshot({ path: path.join(os.tmpdir(), 'demo-smoke-failure.png') }).catch(() => undefined);
    throw e;
  } finally {
    await browser.close();
    if (simUrl) {
      // What the dashboard asked for that the simulator could not answer: the list to look at when a page breaks.
      const log = JSON.parse((await get(`${ simUrl }/__sim/requests`)).body) as { method: string; path: string; status: number }[];
      const failed = log.filter((r) => r.status >= 400 && !(r.status === 401 && r.path === '/v1/ext.cattle.io.selfuser'));

      console.log(`[e2e] simulator answered ${ log.length } requests, ${ failed.length } with errors`);
      failed.forEach((r) => console.log(`  ${ r.status } ${ r.method } ${ r.path }`));
    }
    if (demo?.child.pid) {
      process.kill(-demo.child.pid, 'SIGINT');
    }
  }
  if (problems.length) {
    console.error(`[e2e] FAILED:\n  ${ problems.join('\n  ') }`);
    process.exit(1);
  }
  console.log(`[e2e] OK: screenshots in ${ path.relative(ROOT, SHOTS) }/demo-{login,cluster,services}.png`);
}

main().catch((e) => {
  console.error('[e2e] FAILED:', e);
  process.exit(1);
});
