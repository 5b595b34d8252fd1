import type { Reporter, SerializedError, TestModule, TestSuite } from 'vitest/node';

/**
 * Ends the run with one plain line, `N passed, N failed, N skipped`, that any CI log reader understands.
 * A failure is a failed test, a file or describe block that failed with no failed test in it (a
 * `beforeAll` that threw, an import that failed: its tests are then reported skipped), or an error
 * thrown outside any test. Each of the last two is named on a line of its own after the counts, so the
 * line never says `0 failed` of a run that failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const outside: string[] = [];
    /** The deepest failed blocks with no failed test in them (a parent fails with its child: counted once). */
    const failedOutside = (suite: TestModule | TestSuite, label: string): boolean => {
      let found = false;
      for (const child of suite.children.suites()) if (failedOutside(child, `${label} > ${child.name}`)) found = true;
      if (found || suite.state() !== 'failed') return found;
      for (const test of suite.children.allTests()) if (test.result().state === 'failed') return false;
      outside.push(label);
      return true;
    };
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      failedOutside(mod, mod.relativeModuleId);
    }
    for (const error of unhandledErrors) outside.push(`an error outside any test: ${error.message}`);
    failed += outside.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    for (const label of outside) process.stdout.write(`failed outside a test: ${label}\n`);
  }
}
