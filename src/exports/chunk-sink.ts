/** Where a file's bytes go: stored chunk by chunk, in order (`seq` from 0). */
export type StoreChunk = (seq: number, bytes: Buffer) => Promise<void>;

/** About 1 MiB per stored chunk: big enough for few rows, small enough that nothing holds the file. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * 256 KiB per stored chunk on the embedded database, whose statements run in the server's thread: a
 * 1 MiB chunk's insert held that thread 200–500 ms (compressing it in WebAssembly), a 256 KiB one
 * 31 ms, so no request waits behind an export's store for long, and a CSV is written faster too
 * (100,000 records: 14,600–16,700 → 19,200–21,700 rows/s, 2026-11-29).
 */
export const EMBEDDED_CHUNK_BYTES = 256 * 1024;

/**
 * Collects bytes into chunks of CHUNK_BYTES and stores each one as it fills. One store is in flight
 * while the next chunk fills: the database compresses and writes a chunk while the writer formats the
 * rows of the next (about a third of a CSV export's time when they took turns, bench/records.js). A
 * chunk that fills while the one before is still being stored waits for it (backpressure), so at most
 * two chunks are held in memory and they are stored one at a time, in order. A store that fails fails
 * the write or end() that follows it; nothing is stored after it.
 */
export function createChunkSink(store: StoreChunk, chunkBytes = CHUNK_BYTES) {
  let parts: Buffer[] = [];
  let held = 0;
  let seq = 0;
  let size = 0;
  let storing: Promise<void> | null = null;

  const settleStore = async () => {
    const pending = storing;
    storing = null;
    if (pending) await pending;
  };

  const flush = async () => {
    await settleStore();
    if (held === 0) return;
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, held);
    parts = [];
    held = 0;
    const stored = store(seq++, bytes);
    // Awaited by the next flush or end(); until then a failure must not count as unhandled.
    stored.catch(() => undefined);
    storing = stored;
  };

  const sink = {
    /** Adds bytes; resolves once they are held, and any chunk before the one they filled is stored. */
    async write(bytes: Buffer | string): Promise<void> {
      const buf = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
      if (buf.length === 0) return;
      size += buf.length;
      let offset = 0;
      while (offset < buf.length) {
        const take = Math.min(chunkBytes - held, buf.length - offset);
        parts.push(offset === 0 && take === buf.length ? buf : buf.subarray(offset, offset + take));
        held += take;
        offset += take;
        if (held >= chunkBytes) await flush();
      }
    },
    /** Stores what is left and waits for every store; resolves to the file's size and number of chunks. */
    async end(): Promise<{ size: number; chunks: number }> {
      await flush();
      await settleStore();
      return { size, chunks: seq };
    },
    get size() {
      return size;
    },
  };
  return sink;
}

export type ChunkSink = ReturnType<typeof createChunkSink>;
