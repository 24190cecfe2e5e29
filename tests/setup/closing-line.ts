import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, `N passed, N failed` (`, N skipped` when some were), after
 * vitest's own summary. Vitest's summary is coloured and laid out for a person, and CI's reader does
 * not know it; this line, with nothing before it, is the plain closing line that reader takes at its
 * word in any language (a script's `tail -1` too).
 */
export default class ClosingLine implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else if (state === 'skipped') skipped++;
      }
      // A file that failed to load has no tests to count, and is a failure all the same.
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    failed += errors.length;
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`\n${line}\n`);
  }
}
