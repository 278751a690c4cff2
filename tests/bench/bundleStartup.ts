/**
 * What a Rancher page of a cluster not on Harvester loads of the extension (issues 26, 34): the entry; the strings the
 * shell loads at start-up from the extension's `l10n/` folder for the page's language, plus en-us beside any other
 * language (the shell's fallback: store/i18n.js `switchTo` merges the extensions' en-us too); and the chunks the guest
 * check loads on entering any cluster (environment/classify.ts and the chunks loaded with it: CLUSTER_ENTRY). The packs
 * in `strings/` are loaded with the features and the Harvester guests that need them (shellAdapter/strings.ts), so
 * they are not part of it. Budget: 12 KiB gzipped in all, whatever the language.
 */
import type { BundleReport, ChunkInfo } from './bundle';
import type { BundleProblem } from './bundleProblems';
import { CLUSTER_ENTRY } from './bundleBudgets';

const KIB = 1024;

export const STARTUP_BUDGET = 12 * KIB;
const FALLBACK_LOCALE = 'en-us';

export interface StartupCost {
  locale: string;
  entry: number;
  /** The start-up strings' chunks loaded for this language (its own, and en-us's as the fallback). */
  strings: ChunkInfo[];
  /** The chunks the guest check loads on entering a cluster (CLUSTER_ENTRY). */
  clusterEntry: ChunkInfo[];
  gzip: number;
}

/** The locale of a start-up strings chunk (`pkg:l10n/<locale>.yaml`), or null. */
export function startupLocale(c: ChunkInfo): string | null {
  const locales = c.modules.map((m) => /^pkg:l10n\/([^/]+)\.ya?ml$/.exec(m)?.[1]).filter((l): l is string => !!l);

  return locales.length && locales.length === c.modules.length ? locales[0] : null;
}

/** The pack (`pkg:strings/<pack>/<locale>.yaml`) a chunk holds, or null. */
export function packOf(c: ChunkInfo): { pack: string; locale: string } | null {
  const m = c.modules.length === 1 ? /^pkg:strings\/([^/]+)\/([^/]+)\.ya?ml$/.exec(c.modules[0]) : null;

  return m ? { pack: m[1], locale: m[2] } : null;
}

/**
 * The start-up cost for each language the extension has start-up strings in. The report must have been measured with
 * CLUSTER_ENTRY among its screens: without it the guest check's chunks would be left out unsaid, so it throws.
 */
export function startupCosts(report: BundleReport): StartupCost[] {
  const entered = report.screens.find((s) => s.def.id === CLUSTER_ENTRY.id);

  if (!entered) {
    throw new Error('the bundle was measured without CLUSTER_ENTRY: the chunks every cluster page loads would not be counted');
  }
  const start = report.chunks.filter((c) => startupLocale(c));
  const locales = [...new Set(start.map((c) => startupLocale(c) as string))].sort();
  const sum = (cs: ChunkInfo[]) => cs.reduce((n, c) => n + c.gzip, 0);

  return locales.map((locale) => {
    const strings = start.filter((c) => [locale, FALLBACK_LOCALE].includes(startupLocale(c) as string));

    return {
      locale, entry: report.entry.gzip, strings, clusterEntry: entered.chunks, gzip: report.entry.gzip + sum(strings) + sum(entered.chunks)
    };
  });
}

const kib = (n: number) => `${ (n / KIB).toFixed(1) } KiB`;

export function startupProblems(costs: StartupCost[]): BundleProblem[] {
  return costs.filter((c) => c.gzip > STARTUP_BUDGET).map((c) => ({
    enforced: true,
    message:  `start-up (${ c.locale }): entry ${ kib(c.entry) } + strings ${ kib(c.strings.reduce((n, s) => n + s.gzip, 0)) } + guest check ${ kib(c.clusterEntry.reduce((n, s) => n + s.gzip, 0)) } = ${ kib(c.gzip) } gzipped, budget ${ kib(STARTUP_BUDGET) }`,
  }));
}

/** The report lines: the start-up cost per language, then each pack's size per language. */
export function formatStartup(report: BundleReport, costs: StartupCost[]): string[] {
  const lines = costs.map((c) => `start-up (${ c.locale }, a page of a cluster not on Harvester): ${ kib(c.gzip) } gzipped (entry ${ kib(c.entry) } + start-up strings ${ c.strings.map((s) => `${ startupLocale(s) } ${ kib(s.gzip) }`).join(' + ') } + guest check ${ c.clusterEntry.map((s) => `chunk ${ s.id } ${ kib(s.gzip) }`).join(' + ') || 'none' }), budget ${ kib(STARTUP_BUDGET) }`);
  const packs = new Map<string, string[]>();

  report.chunks.forEach((c) => {
    const p = packOf(c);

    if (p) {
      packs.set(p.pack, [...(packs.get(p.pack) || []), `${ p.locale } ${ kib(c.gzip) }`].sort());
    }
  });
  [...packs].sort(([a], [b]) => a.localeCompare(b)).forEach(([pack, sizes]) => lines.push(`strings pack ${ pack }: ${ sizes.join(', ') } (loaded with what shows it)`));

  return lines;
}
