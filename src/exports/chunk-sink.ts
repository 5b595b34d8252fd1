/** Where a file's bytes go: stored chunk by chunk, in order (`seq` from 0). */
export type StoreChunk = (seq: number, bytes: Buffer) => Promise<void>;

/** About 1 MiB per stored chunk: big enough for few rows, small enough that nothing holds the file. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Collects bytes into chunks of CHUNK_BYTES and stores each one as it fills; a writer waits for the
 * store (backpressure), so at most one chunk is held in memory.
 */
export function createChunkSink(store: StoreChunk, chunkBytes = CHUNK_BYTES) {
  let parts: Buffer[] = [];
  let held = 0;
  let seq = 0;
  let size = 0;

  const flush = async () => {
    if (held === 0) return;
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, held);
    parts = [];
    held = 0;
    await store(seq++, bytes);
  };

  const sink = {
    /** Adds bytes; resolves once any chunk they filled is stored. */
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
    /** Stores what is left; resolves to the file's size and number of chunks. */
    async end(): Promise<{ size: number; chunks: number }> {
      await flush();
      return { size, chunks: seq };
    },
    get size() {
      return size;
    },
  };
  return sink;
}

export type ChunkSink = ReturnType<typeof createChunkSink>;
