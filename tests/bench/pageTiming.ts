/**
 * Timing in the page for the render benches (render.ts, renderLb.ts): a click until the frame that paints what it
 * waits for, the requests a visit makes with their sizes, and medians.
 */
import { Page, Request } from 'playwright-core';

export const WAIT_MS = 120000;

export interface VisitRequests {
  count: number;
  /** Response bodies as transferred (gzip where the server compressed). */
  encoded: number;
  decoded: number;
  /** Each request, with when it started and ended (ms after the visit's click, from the browser's timing). */
  urls: { url: string; encoded: number; decoded: number; startMs: number; endMs: number }[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);

  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

/** Clicks `click` in the page and resolves, per selector, the ms from the click to the frame after it appeared. */
export async function timeInPage(page: Page, click: string, ready: string[]): Promise<number[]> {
  await page.locator(click).first().waitFor({ state: 'visible', timeout: WAIT_MS });

  return page.evaluate(({ click, ready, wait }) => new Promise<number[]>((resolve, reject) => {
    const marks: (number | undefined)[] = ready.map(() => undefined);
    const seen = ready.map(() => false);
    const visible = (sel: string) => [...document.querySelectorAll(sel)].some((el) => (el as HTMLElement).offsetParent !== null);
    let observer: MutationObserver | null = null;
    const timer = setTimeout(() => {
      observer?.disconnect();
      reject(new Error(`not shown within ${ wait } ms: ${ ready.filter((_, i) => marks[i] === undefined).join(' | ') }`));
    }, wait);
    let start = 0;
    const check = () => {
      ready.forEach((sel, i) => {
        if (!seen[i] && visible(sel)) {
          seen[i] = true;
          // The frame that paints it.
          requestAnimationFrame(() => {
            marks[i] = performance.now() - start;
            if (marks.every((m) => m !== undefined)) {
              clearTimeout(timer);
              observer?.disconnect();
              resolve(marks as number[]);
            }
          });
        }
      });
    };

    observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true, subtree: true, attributes: true, characterData: true
    });
    start = performance.now();
    (document.querySelector(click) as HTMLElement).click();
    check();
  }), {
    click: await page.locator(click).first().evaluate((el) => {
      el.setAttribute('data-bench-click', '1');

      return '[data-bench-click="1"]';
    }),
    ready,
    wait: WAIT_MS
  })
    .finally(() => page.evaluate(() => document.querySelectorAll('[data-bench-click]').forEach((el) => el.removeAttribute('data-bench-click'))).catch(() => undefined));
}

/** Records the requests a visit makes (started while `recording`), with their transferred and decoded sizes. */
export class RequestLog {
  private current: Promise<VisitRequests['urls'][number] | null>[] | null = null;
  private since = 0;

  constructor(page: Page) {
    page.on('requestfinished', (req) => {
      this.current?.push(this.size(req));
    });
  }

  private async size(req: Request) {
    const url = new URL(req.url());

    // The API only: the dashboard's own scripts are cached by the browser.
    if (!/^\/(v1|v3|k8s|v1-public|v3-public)\//.test(url.pathname)) {
      return null;
    }
    const sizes = await req.sizes().catch(() => null);
    const body = await (await req.response())?.body().catch(() => null);

    const timing = req.timing();

    return {
      url:     `${ req.method() } ${ url.pathname }${ url.search }`,
      encoded: sizes?.responseBodySize ?? 0,
      decoded: body?.length ?? 0,
      startMs: Math.round(timing.startTime - this.since),
      endMs:   Math.round(timing.startTime + timing.responseEnd - this.since),
    };
  }

  start() {
    this.current = [];
    this.since = Date.now();
  }

  async stop(): Promise<VisitRequests> {
    const pending = this.current || [];

    this.current = null;
    const urls = (await Promise.all(pending)).filter((u): u is VisitRequests['urls'][number] => !!u);

    return {
      count: urls.length, encoded: urls.reduce((n, u) => n + u.encoded, 0), decoded: urls.reduce((n, u) => n + u.decoded, 0), urls
    };
  }
}
