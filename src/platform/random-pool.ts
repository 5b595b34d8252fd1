import { randomFillSync } from 'node:crypto';

/**
 * Bytes from the OS's secure source, drawn 4 KiB at a time. Every request needs a few dozen random
 * bytes (ids, IVs); one system call per need would be a measurable share of a request's CPU.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/** Copies `length` fresh random bytes into `target` (never reused: each byte is handed out once). */
export function fillRandom(target: Uint8Array, length = target.length): void {
  if (length > POOL_SIZE) {
    randomFillSync(target, 0, length);
    return;
  }
  if (offset + length > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  pool.copy(target, 0, offset, offset + length);
  offset += length;
}

export function randomBytesPooled(length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  fillRandom(out, length);
  return out;
}
