import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './test/sequencer.js';

/**
 * Two groups, one after the other. Each file works on a PostgreSQL database of its own (test/setup.ts,
 * test/helpers/pg-file.ts), so no file sees another's rows or takes its jobs. Most suites run in-process
 * apps and spend their time waiting on PostgreSQL and Redis, so they run four files at once. The suites
 * that start real server processes, stop PostgreSQL or Redis connections, or kill processes run
 * afterwards, two files at a time: they assert on what whole processes do, and more would starve each
 * other on two cores.
 */
const PROCESS_SUITES = [
  'test/faults/**/*.test.ts',
  'test/concurrency/**/*.test.ts',
  'test/e2e/server-edges.test.ts',
  'test/e2e/server-process.test.ts',
  'test/e2e/redis-outage.test.ts',
  'test/e2e/revocation-epoch.test.ts',
  'test/e2e/startup-failures.test.ts',
  'test/e2e/cli-control.test.ts',
  // The README's curl commands, each run by bash against a listening server.
  'test/e2e/readme.test.ts',
  // Real receivers, delivery workers and their schedules: polled conditions that four suites in
  // parallel on two cores can starve past the test timeout.
  'test/e2e/webhooks-delivery.test.ts',
  'test/e2e/notifications-delivery.test.ts',
  // A real server process and a browser (Chromium) driving the console end to end.
  'test/browser/**/*.test.ts',
  // `npm run bench` itself: its servers, its load, on both back-ends.
  'test/bench/run-smoke.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports the app once for all its files, not once a file: about 3 s of CPU a file, most of
    // what collecting the suites cost (258 s of 494 s in the in-process group). Files share no state
    // beyond the modules: each makes its own databases, apps and clocks.
    isolate: false,
    reporters: ['default', './test/summary-reporter.ts'],
    // Long files first (test/sequencer.ts): on a clean clone Vitest has no durations and starts the largest first.
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'console/src/**/*.test.ts'],
          exclude: PROCESS_SUITES,
          maxWorkers: 4,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESS_SUITES,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
