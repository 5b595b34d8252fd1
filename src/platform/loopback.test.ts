import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback.js';

describe('isLoopbackAddress', () => {
  it('is true for 127.0.0.0/8 and ::1, also IPv4-mapped', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3']) expect([a, isLoopbackAddress(a)]).toEqual([a, true]);
  });

  it('is false for any other address, a name, or nothing', () => {
    for (const a of ['10.0.0.1', '128.0.0.1', '::ffff:10.0.0.1', '::2', '2001:db8::1', 'localhost', '127.0.0.1.example.com', '', undefined, null]) {
      expect([a, isLoopbackAddress(a)]).toEqual([a, false]);
    }
  });
});
