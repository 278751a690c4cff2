/** The bundle report, as lines: per screen its gzipped size against its budget, its chunks and their host libraries. */
import type { BundleReport, ChunkInfo } from './bundle';
import { ENTRY_BUDGET, kib } from './bundleBudgets';

/** The report `npm run bench` and the build check print: per screen its size, chunks and their libraries. */
export function formatBundle(report: BundleReport): string[] {
  const lines: string[] = [];
  const chunkLine = (c: ChunkInfo) => {
    const libs = c.libraries.map((l) => l.name);

    return `    ${ c.file }: ${ kib(c.gzip) }${ libs.length ? ` — host libraries: ${ libs.join(', ') }` : ' — no host library' }`;
  };

  lines.push(`entry ${ report.entry.file }: ${ kib(report.entry.gzip) } gzipped (${ kib(ENTRY_BUDGET) } reported; the start-up budget below holds)${ report.entry.libraries.length ? ` — host libraries: ${ report.entry.libraries.map((l) => l.name).join(', ') }` : '' }`);
  report.screens.forEach((s) => {
    const verdict = s.gzip <= s.def.budget ? 'within' : 'OVER';

    lines.push(`${ s.def.id } (${ s.def.title }): ${ kib(s.gzip) } gzipped beyond the entry, ${ verdict } budget ${ kib(s.def.budget) }${ s.def.enforced ? '' : ' [reported, not enforced]' }`);
    if (!s.chunks.length) {
      lines.push(s.found ? '    (in the entry: no extra download)' : '    (not found in the build)');
    }
    s.chunks.forEach((c) => lines.push(chunkLine(c)));
    s.later.forEach((c) => lines.push(`${ chunkLine(c) } (loaded later, on use)`));
  });
  // The strings: bundleStartup.ts formats them (start-up cost, packs).

  return lines;
}
