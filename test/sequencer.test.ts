import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LongFirstSequencer, { LONG_FIRST } from './sequencer.js';

const ROOT = join(import.meta.dirname, '..');

/** A file of a project as the sequencer sees it; no durations and no sizes known, as on a clean clone. */
const spec = (project: 'in-process' | 'processes', path: string) =>
  ({ moduleId: join(ROOT, path), project: { name: project, config: { sequence: { groupOrder: project === 'in-process' ? 0 : 1 }, isolate: false } } }) as unknown as TestSpecification;
const ctx = { config: { root: ROOT }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;
const names = (specs: TestSpecification[]) => specs.map((s) => `${s.project.name} ${s.moduleId.slice(ROOT.length + 1)}`);

describe('the order test files start in', () => {
  it('names only files that exist: a renamed file must be renamed here too', () => {
    for (const file of LONG_FIRST) expect(existsSync(join(ROOT, file)), file).toBe(true);
    expect(new Set(LONG_FIRST).size).toBe(LONG_FIRST.length);
  });

  it('starts the long files of each group first, longest first, and keeps the groups in their order', async () => {
    const sorted = await new LongFirstSequencer(ctx).sort([
      spec('processes', 'test/faults/sigkill.test.ts'),
      spec('processes', 'test/bench/run-smoke.test.ts'),
      spec('in-process', 'test/e2e/wallet.test.ts'),
      spec('processes', 'test/e2e/webhooks-delivery.test.ts'),
      spec('in-process', 'test/e2e/cli.test.ts'),
      spec('in-process', 'test/e2e/exports.test.ts'),
    ]);
    expect(names(sorted)).toEqual([
      'in-process test/e2e/exports.test.ts',
      'in-process test/e2e/cli.test.ts',
      'in-process test/e2e/wallet.test.ts',
      'processes test/e2e/webhooks-delivery.test.ts',
      'processes test/bench/run-smoke.test.ts',
      'processes test/faults/sigkill.test.ts',
    ]);
  });
});
