import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run long, longest first, as a CI run on a clean clone measured them (2026-11-29, a slow
 * hour). Vitest orders files by their last durations when it has them; a clean clone has none, so it
 * orders them by size, largest first, and a short file that runs long (the bench's smoke test: 4.5 kB,
 * 63 s) started last and ran alone on one worker while the other had nothing left. Longest first keeps
 * that tail short. A file missing here only runs in Vitest's own order; a stale list costs time, never
 * a result.
 */
export const LONG_FIRST = [
  // in-process (four at a time)
  'test/e2e/exports.test.ts',
  'test/e2e/cli-start-script.test.ts',
  'test/e2e/cli.test.ts',
  'test/e2e/verification-types.test.ts',
  'test/e2e/analytics.test.ts',
  'test/e2e/auth.test.ts',
  'test/e2e/cli-webhooks.test.ts',
  'test/e2e/openapi.test.ts',
  'test/e2e/notifications.test.ts',
  'src/platform/pglite-seed.test.ts',
  'test/e2e/provisional-key.test.ts',
  'test/e2e/cli-wallet.test.ts',
  // processes (two at a time)
  'test/e2e/webhooks-delivery.test.ts',
  'test/bench/run-smoke.test.ts',
  'test/browser/errors.test.ts',
  'test/faults/webhooks-sigkill.test.ts',
  'test/faults/export-takeover.test.ts',
  'test/browser/admin.test.ts',
  'test/browser/team.test.ts',
  'test/browser/flows.test.ts',
  'test/browser/console.test.ts',
  'test/browser/forms.test.ts',
];

/** Vitest's order (groups, then last durations or size), with the files of LONG_FIRST moved to the front of their group, in its order. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONG_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
      return i === -1 ? LONG_FIRST.length : i;
    };
    const group = (spec: TestSpecification) => `${spec.project.config.sequence.groupOrder}\0${spec.project.name}`;
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    // Groups keep the order super.sort gave them; inside each, the listed files first.
    const groups = [...new Set(sorted.map(group))];
    return [...sorted].sort((a, b) => groups.indexOf(group(a)) - groups.indexOf(group(b)) || rank(a) - rank(b) || position.get(a)! - position.get(b)!);
  }
}
