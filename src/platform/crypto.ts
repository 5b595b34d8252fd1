import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import * as crypto from 'node:crypto';
import { randomBytesPooled } from './random-pool.js';

const ENVELOPE_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Field encryption and keyed hashing, all derived from DATA_ENCRYPTION_KEY (DESIGN.md §12–13):
 * processes that share the key share every ciphertext and look-up hash.
 */
export interface DataCipher {
  /** AES-256-GCM; output is version ‖ iv ‖ tag ‖ ciphertext. */
  encrypt(plaintext: string | Buffer): Buffer;
  decrypt(sealed: Uint8Array): Buffer;
  /** HMAC-SHA256 under a key derived for one purpose, so hashes of different kinds never collide. */
  keyedHash(purpose: string, value: string | Buffer): Buffer;
}

export function createDataCipher(dataEncryptionKey: Buffer): DataCipher {
  if (dataEncryptionKey.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes');
  const encryptionKey = derive(dataEncryptionKey, 'idv/field-encryption/v1');
  const hashKeys = new Map<string, Buffer>();
  const hashKey = (purpose: string) => {
    let key = hashKeys.get(purpose);
    if (!key) {
      key = derive(dataEncryptionKey, `idv/keyed-hash/${purpose}/v1`);
      hashKeys.set(purpose, key);
    }
    return key;
  };

  return {
    encrypt(plaintext) {
      // A random 96-bit IV per message: unique with overwhelming probability under one key.
      const iv = randomBytesPooled(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([Buffer.from([ENVELOPE_VERSION]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(sealed) {
      const buf = Buffer.from(sealed);
      if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== ENVELOPE_VERSION) throw new Error('Unreadable ciphertext');
      const iv = buf.subarray(1, 1 + IV_BYTES);
      const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
    keyedHash(purpose, value) {
      return createHmac('sha256', hashKey(purpose)).update(value).digest();
    },
  };
}

function derive(ikm: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), info, 32));
}

export function sha256(value: string | Buffer): Buffer {
  // One-shot hashing (no Hash object) where this Node has it: it runs on every authenticated request.
  return oneShotHash ? oneShotHash('sha256', value, 'buffer') : createHash('sha256').update(value).digest();
}

const oneShotHash = (crypto as { hash?: (alg: string, data: string | Buffer, enc: 'buffer') => Buffer }).hash;

export function constantTimeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniformly random base62 text from the OS's secure source. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** Every character but the last four replaced by `*` (DESIGN.md §4). */
export function maskIdentifier(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return '*'.repeat(value.length - 4) + value.slice(-4);
}
