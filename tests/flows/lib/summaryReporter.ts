import type {
  FullResult, Reporter, Suite, TestCase, TestResult
} from '@playwright/test/reporter';

/**
 * The closing lines CI reads: one `<project>: N passed, M failed` per project (each Rancher version of the
 * compatibility suite is a project), then `N passed, M failed` for the whole run. A test that did not run
 * (interrupted, or its worker died) counts as failed; skipped tests are counted apart, with why under their project.
 */
export default class SummaryReporter implements Reporter {
  private suite: Suite | null = null;
  private results = new Map<TestCase, TestResult>();

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.results.set(test, result);
  }

  onEnd(result: FullResult): void {
    const projects = this.suite?.suites || [];
    let passed = 0;
    let failed = 0;
    let skipped = 0;

    console.log('\n──────── summary ────────');
    for (const project of projects) {
      const tests = project.allTests();
      const outcome = (t: TestCase) => (this.results.has(t) ? t.outcome() : 'failed');
      const p = tests.filter((t) => ['expected', 'flaky'].includes(outcome(t))).length;
      const s = tests.filter((t) => outcome(t) === 'skipped').length;
      const f = tests.length - p - s;

      passed += p;
      failed += f;
      skipped += s;
      console.log(`${ project.title }: ${ p } passed, ${ f } failed${ s ? `, ${ s } skipped` : '' }`);
      // Why flows were skipped here, each reason once with its count (tests/flows/needs.ts).
      const why = new Map<string, number>();

      tests.filter((t) => outcome(t) === 'skipped').forEach((t) => {
        const reason = [...(this.results.get(t)?.annotations || []), ...t.annotations].find((a) => a.type === 'skip')?.description || 'no reason given';

        why.set(reason, (why.get(reason) || 0) + 1);
      });
      [...why].forEach(([reason, n]) => console.log(`  skipped ${ n }: ${ reason }`));
      // Where each failed flow's pages were and what they went through (fixtures.ts), in the lines CI keeps.
      tests.filter((t) => !['expected', 'flaky', 'skipped'].includes(outcome(t))).forEach((t) => {
        const at = (this.results.get(t)?.annotations || []).filter((a) => a.type === 'at failure').map((a) => a.description);

        console.log(`  failed: ${ t.title }${ at.length ? ` — ${ at.join(' | ') }` : '' }`);
      });
      // Rancher's own tunnel race, met and sent again, at most three times (lib/syncFromClient.ts): said, never hidden.
      const race = tests.flatMap((t) => (this.results.get(t)?.annotations || []).filter((a) => a.type === 'rancher/rancher#54512'));

      if (race.length) {
        console.log(`  Rancher's "sync from client" (rancher/rancher#54512) met ${ race.length } time(s), each time sent again: ${ race.map((a) => a.description).join('; ') }`);
      }
      // How long pages took to recover from an outage, and what else exited meanwhile (lib/outage.ts).
      // …and what Rancher's own pages did late (extensionsPage.spec.ts: a watch that had not delivered an event).
      tests.flatMap((t) => (this.results.get(t)?.annotations || []).filter((a) => a.type === 'recovery' || a.type === 'restarted' || a.type === 'rancher'))
        .forEach((a) => console.log(`  ${ a.type }: ${ a.description }`));
    }
    if (result.status === 'interrupted' || result.status === 'timedout') {
      console.log(`run ${ result.status }`);
    }
    console.log(`${ passed } passed, ${ failed } failed${ skipped ? `, ${ skipped } skipped` : '' }`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
