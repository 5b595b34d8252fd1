import { fillRandom } from './random-pool.js';

/** Prefixes of DESIGN.md §2: every id says what it names and sorts by creation time. */
export type IdPrefix =
  | 'org' | 'usr' | 'key' | 'ver' | 'txn' | 'pay' | 'exp' | 'ses' | 'evt' | 'apr' | 'whk' | 'dlv' | 'att' | 'ntf'
  | 'req' | 'ref' | 'sbx' | 'lgn' | 'hld' | 'adj' | 'job';

export interface IdGenerator {
  next(prefix: IdPrefix): string;
}

// Crockford's base32 in lower case: ids are compared and shown lower-case.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * ULIDs (48-bit millisecond time, 80 random bits), lexicographically time-sortable, monotonic within
 * one process: inside one millisecond the random part is incremented rather than redrawn. Randomness
 * comes from the pooled secure source: drawing it per character, as the `ulid` package does, was the
 * single largest CPU cost of a request.
 */
export function createIdGenerator(): IdGenerator {
  const random = new Uint8Array(10);
  let lastMs = -1;

  const increment = () => {
    for (let i = 9; i >= 0; i--) {
      if (random[i]! < 0xff) {
        random[i]!++;
        return;
      }
      random[i] = 0;
    }
  };

  return {
    next(prefix) {
      const now = Date.now();
      if (now > lastMs) {
        lastMs = now;
        fillRandom(random);
      } else {
        increment();
      }
      return `${prefix}_${encodeTime(lastMs)}${encodeRandom(random)}`;
    },
  };
}

function encodeTime(ms: number): string {
  let out = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32]! + out;
    t = Math.floor(t / 32);
  }
  return out;
}

/** 80 bits as 16 base32 characters, 5 bits at a time. */
function encodeRandom(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < 10; i++) {
    buffer = (buffer << 8) | bytes[i]!;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

export const ids: IdGenerator = createIdGenerator();
