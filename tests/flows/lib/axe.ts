/** Accessibility: axe-core run on a part of the page. */
import path from 'node:path';
import type { Page } from 'playwright-core';

const ROOT = path.resolve(__dirname, '../../..');

const AXE_SOURCE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core on one element of the page: the violations of impact serious or critical. */
export async function seriousViolations(page: Page, root: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => !!(window as any).axe))) {
    await page.addScriptTag({ path: AXE_SOURCE });
  }

  return page.evaluate(async(sel) => {
    const el = document.querySelector(sel);

    if (!el) {
      throw new Error(`axe: nothing matches ${ sel }`);
    }
    const res = await (window as any).axe.run(el, { resultTypes: ['violations'] });

    return res.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({
        id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n: any) => `${ n.target.join(' ') }: ${ n.failureSummary?.split('\n')[1]?.trim() || '' }`)
      }));
  }, root);
}
