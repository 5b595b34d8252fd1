import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { loopLoadCell } from '../platform/loop-load.js';
import { postgresKysely } from '../platform/postgres.js';
import { RunStopped, writeExportFile, type ExportRunSpec } from './export-writer.js';

/**
 * Writing an export's file off the server's event loop (PostgreSQL only: the embedded database lives
 * in the server's thread). The file is written by a worker thread of its own, at a low CPU priority
 * (EXPORT_THREAD_NICE: on Linux a thread's niceness is its own), with one database connection of its
 * own. Serving API requests comes first: on an idle machine the export has a core to itself, on a
 * busy one it takes a small share. This file is both the runner (the server's side) and
 * the thread's entry, told apart by the thread's workerData.
 */

interface ThreadData {
  idvExportThread: true;
  databaseUrl: string;
  nice: number;
  spec: ExportRunSpec;
  /** The server thread's event-loop utilisation in thousandths (platform/loop-load.ts). */
  load: SharedArrayBuffer;
}

/**
 * Niceness yields the thread's own CPU, but not the database's: the PostgreSQL backend that reads the
 * rows runs at normal priority. So while the server's thread is busy (its event-loop utilisation over
 * the last 100 ms at least BUSY_LOAD), the writer also rests BUSY_REST_FACTOR times as long as each
 * batch took: about a sixth of its idle pace, and a sixth of the database work it asks for. (3, a
 * quarter, kept 0.84–0.87 of the sandbox's throughput during an export once the sandbox got faster;
 * 5 kept 0.94–0.97: bench/records.js, interleaved runs.)
 */
const BUSY_LOAD = 500;
const BUSY_REST_FACTOR = 5;

/*
 * A CSV run has a second database connection. A CSV export's lines are made by the database, and one
 * backend making them bounded the export: while the server is not busy, a batch is read on each
 * connection at once, so two backends make lines while this thread stores them (export-writer.ts);
 * while it is busy, everything goes through the first, a batch ahead, as before. A CSV export of
 * 1,000,000 records written by this thread alone on an idle machine, interleaved (2026-11-29): 96,000–
 * 129,000 rows/s on one connection, 149,000–158,000 on two; bench/records.js, 82,000 on one and
 * 99,000–108,000 on two (its figure also counts the job's start and end). An XLSX export is
 * bounded by this thread's own work (its rows and their zip): a second connection, reading or storing
 * beside it, only took CPU from the thread (bench/records.js).
 */

type ThreadResult = { kind: 'done'; processed: number; size: number } | { kind: 'stopped'; reason: string } | { kind: 'error'; message: string };

/**
 * The thread's niceness. 10 weighs about a tenth of a request-serving thread (nice 0) when both want
 * the CPU: requests keep their speed (bench/records.js: within 20 %) and an export still advances on a
 * saturated machine (19, a sixtieth, starves it there).
 */
export const EXPORT_THREAD_NICE = 10;

/** Where and how the writer thread runs (ExportServiceDeps.writerThread). */
export interface WriterThread {
  databaseUrl: string;
  /** Defaults to EXPORT_THREAD_NICE; tests on a loaded machine use 0. */
  nice?: number;
}

/** The thread's heap is bounded: a writer that grows with the file is a bug, and fails the export instead of the server. */
const THREAD_HEAP_MB = 128;

/** This file as a thread's entry; from TypeScript sources (tests, `npm run dev`), through tsx's loader registered in the thread first. */
function threadEntry(): [string | URL, { eval?: boolean }?] {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith('.ts')) return [self];
  const tsx = createRequire(import.meta.url).resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((m) => { m.register(); return import(${JSON.stringify(self.href)}); });`;
  return [code, { eval: true }];
}

/** Runs writeExportFile in a worker thread; the same answer and errors as calling it in this thread. */
export function writeExportFileInThread(thread: WriterThread, spec: ExportRunSpec, signal: AbortSignal): Promise<{ processed: number; size: number }> {
  if (signal.aborted) return Promise.reject(new RunStopped('the run was told to stop'));
  const data: ThreadData = { idvExportThread: true, databaseUrl: thread.databaseUrl, nice: thread.nice ?? EXPORT_THREAD_NICE, spec, load: loopLoadCell() };
  const [entry, entryOptions] = threadEntry();
  const worker = new Worker(entry, { ...entryOptions, workerData: data, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    // A stopping process hands the run back at once: the thread is ended where it stands (a chunk half
    // inserted is rolled back with its connection).
    const onAbort = () => {
      settle(() => reject(new RunStopped('the run was told to stop')));
      void worker.terminate();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (result: ThreadResult) => {
      if (result.kind === 'done') settle(() => resolve({ processed: result.processed, size: result.size }));
      else if (result.kind === 'stopped') settle(() => reject(new RunStopped(result.reason)));
      else settle(() => reject(new Error(`export thread: ${result.message}`)));
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`export thread exited with code ${code} before finishing`))));
  });
}

async function threadMain(data: ThreadData): Promise<void> {
  try {
    setPriority(data.nice);
  } catch {
    // Not allowed here: the export still runs, at normal priority.
  }
  const { db } = postgresKysely(data.databaseUrl, 1);
  const second = data.spec.format === 'csv' ? postgresKysely(data.databaseUrl, 1).db : null;
  let result: ThreadResult;
  try {
    const load = new Int32Array(data.load);
    const busy = () => Atomics.load(load, 0) >= BUSY_LOAD;
    const pace = async (batchMs: number) => {
      if (busy()) await new Promise((resolve) => setTimeout(resolve, batchMs * BUSY_REST_FACTOR));
    };
    const { processed, size } = await writeExportFile(db, data.spec, () => false, pace, second ? { db: second, when: () => !busy() } : undefined);
    result = { kind: 'done', processed, size };
  } catch (err) {
    result = err instanceof RunStopped ? { kind: 'stopped', reason: err.message } : { kind: 'error', message: (err as Error).message };
  } finally {
    await db.destroy().catch(() => undefined);
    await second?.destroy().catch(() => undefined);
  }
  parentPort!.postMessage(result);
}

if ((workerData as ThreadData | null)?.idvExportThread === true) void threadMain(workerData as ThreadData);
