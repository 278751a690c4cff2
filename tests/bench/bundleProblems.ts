/** The budgets' check on a measured build: what breaches them, and whether `npm test` fails on it. */
import type { BundleReport, ChunkInfo } from './bundle';
import { ENTRY_BUDGET, kib } from './bundleBudgets';
import { shortName } from './importChains';

export interface BundleProblem {
  enforced: boolean;
  message: string;
}

function libraryLines(c: ChunkInfo): string[] {
  return c.libraries.map((l) => `${ l.name } (${ l.modules.length } module${ l.modules.length === 1 ? '' : 's' }), imported by ${ l.importedBy.map(shortName).join(' → ') }`);
}

/**
 * Every breach of the budgets: the entry over 10 KiB (reported) or carrying a host library, a screen over its budget
 * or loading a chunk that carries one, and a chunk no screen accounts for that carries one. `enforced` says whether
 * `npm test` fails on it (the screen's flag; a host library always). The start-up budget is bundleStartup.ts's.
 */
export function bundleProblems(report: BundleReport): BundleProblem[] {
  const out: BundleProblem[] = [];

  if (report.entry.gzip > ENTRY_BUDGET) {
    out.push({ enforced: false, message: `entry ${ report.entry.file }: ${ kib(report.entry.gzip) } gzipped, budget ${ kib(ENTRY_BUDGET) }` });
  }
  libraryLines(report.entry).forEach((l) => out.push({ enforced: true, message: `entry ${ report.entry.file } carries ${ l }` }));
  const accounted = new Set<string>();

  report.screens.forEach((s) => {
    const { def } = s;

    if (!s.found) {
      out.push({ enforced: def.enforced, message: `${ def.id }: none of ${ def.components.join(', ') } found in the build` });
    }
    if (s.gzip > def.budget) {
      out.push({ enforced: def.enforced, message: `${ def.id } (${ def.title }): ${ kib(s.gzip) } gzipped beyond the entry, budget ${ kib(def.budget) }` });
    }
    [...s.chunks, ...s.later].forEach((c) => {
      accounted.add(c.id);
      libraryLines(c).forEach((l) => out.push({ enforced: def.enforced, message: `${ def.id }: chunk ${ c.file } carries ${ l }` }));
    });
  });
  report.chunks.filter((c) => !accounted.has(c.id) && !c.l10n).forEach((c) => libraryLines(c).forEach((l) => out.push({ enforced: true, message: `chunk ${ c.file } (no screen in tests/bench/bundleBudgets.ts SCREENS loads it) carries ${ l }` })));

  // One line per breach even when several screens share the chunk.
  return out.filter((p, i) => out.findIndex((q) => q.message === p.message) === i);
}
