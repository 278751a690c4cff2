/**
 * A tiny flow runner: each flow is a named async function; they run one after the other in one browser, a failed
 * flow leaves a screenshot (and the page's recent console errors) in test-results/, and the run ends with the line
 * `N passed, M failed`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SimClient } from './sim';

export interface FlowContext {
  browser: Browser;
  /** The admin's browser context, logged in by the first flow; flows for other users open their own. */
  context: BrowserContext;
  page: Page;
  dashboardUrl: string;
  sim: SimClient;
  /** Saves a screenshot of the page in test-results/screenshots/<name>.png; `doc` also names a copy in docs/screenshots/. */
  shot(name: string, opts?: ShotOptions): Promise<void>;
  log(line: string): void;
}

export interface ShotOptions {
  /** Also copy it to docs/screenshots/<doc> (when the flow passes). */
  doc?: string;
  page?: Page;
  /** Grow the window to show the whole page: the dashboard scrolls inside its own panes, not the document. */
  tall?: boolean;
}

/** Grows the window until no pane of the page scrolls any more (capped): the dashboard scrolls inside <main>. */
async function growToFit(page: Page): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const extra = await page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('main, main *')]
      .filter((el) => el.scrollHeight > el.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY))
      .map((el) => el.scrollHeight - el.clientHeight)));
    const size = page.viewportSize() || { width: 1440, height: 900 };

    if (extra <= 2 || size.height >= 2600) {
      return;
    }
    await page.setViewportSize({ width: size.width, height: Math.min(2600, size.height + extra + 10) });
    await page.waitForTimeout(250);
  }
}

export interface Flow {
  name: string;
  run(ctx: FlowContext): Promise<void>;
  /** Per-flow limit; 150 s unless given. */
  timeoutMs?: number;
}

export interface FlowResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

const DEFAULT_TIMEOUT_MS = 150000;

export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

/** A flow's own error: what was expected and what was found. */
export class Expectation extends Error {}

export function expect(cond: unknown, message: string): asserts cond {
  if (!cond) {
    throw new Expectation(message);
  }
}

export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);

  if (a !== e) {
    throw new Expectation(`${ what }: expected ${ e }, got ${ a }`);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`flow "${ name }" took longer than ${ ms / 1000 } s`)), ms);
  });

  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

/** The pages' uncaught errors since the flow began, to print with a failure. */
function collectPageErrors(ctx: FlowContext): { take(): string[]; stop(): void } {
  const seen: string[] = [];
  const onError = (e: Error) => seen.push(`page error: ${ e.message }`);
  const pages = new Set<Page>();
  const watch = (p: Page) => {
    if (!pages.has(p)) {
      pages.add(p);
      p.on('pageerror', onError);
    }
  };
  const onPage = (p: Page) => watch(p);

  ctx.browser.contexts().forEach((c) => c.pages().forEach(watch));
  ctx.browser.contexts().forEach((c) => c.on('page', onPage));

  return {
    take: () => seen.slice(-10),
    stop: () => {
      pages.forEach((p) => p.off('pageerror', onError));
      ctx.browser.contexts().forEach((c) => c.off('page', onPage));
    },
  };
}

/**
 * Runs the flows in order. A flow that fails does not stop the others; `stopAfter` (Ctrl-C) does.
 * Screenshots a flow marked for docs/screenshots/ are copied there only when the flow passes.
 */
export async function runFlows(flows: Flow[], base: Omit<FlowContext, 'shot' | 'log'>, opts: {
  resultsDir: string;
  docsDir: string;
  /** True once the run is being stopped (Ctrl-C): the flow then running is dropped, unreported. */
  shouldStop: () => boolean;
  /** Where results are collected as they come (the caller reads them when interrupted). */
  done?: FlowResult[];
}): Promise<FlowResult[]> {
  const results: FlowResult[] = opts.done || [];
  const shotsDir = path.join(opts.resultsDir, 'screenshots');

  fs.mkdirSync(shotsDir, { recursive: true });

  for (const flow of flows) {
    if (opts.shouldStop()) {
      break;
    }
    const docCopies: [string, string][] = [];
    const ctx: FlowContext = {
      ...base,
      log:  (line) => console.log(`    ${ line }`),
      shot: async(name, o = {}) => {
        const file = path.join(shotsDir, `${ name }.png`);
        const page = o.page || ctx.page;
        const size = page.viewportSize();

        if (o.tall && size) {
          await growToFit(page);
        }
        try {
          await page.screenshot({ path: file });
        } finally {
          if (o.tall && size) {
            await page.setViewportSize(size);
          }
        }
        if (o.doc) {
          docCopies.push([file, path.join(opts.docsDir, o.doc)]);
        }
      },
    };
    const errors = collectPageErrors(ctx);
    const started = Date.now();

    console.log(`▶ ${ flow.name }`);
    try {
      await withTimeout(flow.run(ctx), flow.timeoutMs || DEFAULT_TIMEOUT_MS, flow.name);
      const ms = Date.now() - started;

      docCopies.forEach(([from, to]) => fs.copyFileSync(from, to));
      results.push({
        name: flow.name, ok: true, ms
      });
      console.log(`  ✓ ${ flow.name } (${ (ms / 1000).toFixed(1) } s)`);
    } catch (e: any) {
      if (opts.shouldStop()) {
        break;
      }
      const ms = Date.now() - started;
      const message = `${ e?.message || e }`.split('\n').slice(0, 12).join('\n');
      const file = path.join(opts.resultsDir, `FAILED-${ slug(flow.name) }.png`);

      // Every open page of the flow: the failure may be in a second user's window.
      const pages = base.browser.contexts().flatMap((c) => c.pages());

      await Promise.all(pages.map((p, i) => p.screenshot({ path: i ? file.replace(/\.png$/, `-${ i }.png`) : file }).catch(() => undefined)));
      results.push({
        name: flow.name, ok: false, ms, error: message
      });
      console.log(`  ✗ ${ flow.name } (${ (ms / 1000).toFixed(1) } s)\n      ${ message.replace(/\n/g, '\n      ') }`);
      errors.take().forEach((l) => console.log(`      ${ l }`));
      console.log(`      screenshot: ${ path.relative(process.cwd(), file) }`);
    } finally {
      errors.stop();
    }
  }

  return results;
}
