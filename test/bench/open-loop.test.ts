import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoopOnce } from '../../bench/open-loop.js';

/**
 * The fixed-rate benchmark's load generator (bench/open-loop.js): it must send on its schedule whether
 * or not earlier requests were answered (open loop), give each request its own setup (a fresh
 * Idempotency-Key), and time each latency from the request's due time.
 */
describe('bench/open-loop.js', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ at: number; key: string | undefined; body: string }> = [];
  let open = 0;
  let maxOpen = 0;
  /** How long the server keeps each request before answering. */
  const HOLD_MS = 250;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ at: performance.now(), key: req.headers['idempotency-key'] as string | undefined, body });
        open++;
        maxOpen = Math.max(maxOpen, open);
        setTimeout(() => {
          open--;
          res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
        }, HOLD_MS);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends rate × duration requests on its schedule without waiting for answers, each set up anew, timed from its due time', async () => {
    seen.length = 0;
    maxOpen = 0;
    let n = 0;
    const r = await openLoopOnce({
      target: {
        url: `${base}/lookup`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"nin":"11111111111"}',
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `k-${++n}` } }),
      },
      rate: 40,
      durationSec: 1,
      connections: 20,
    });

    // 40 a second for 1 s: 40 sent, 40 answered, each with its own key and the body.
    expect(r.requests.total).toBe(40);
    expect(seen).toHaveLength(40);
    expect(new Set(seen.map((s) => s.key)).size).toBe(40);
    expect(seen.every((s) => s.body === '{"nin":"11111111111"}')).toBe(true);
    expect({ non2xx: r.non2xx, errors: r.errors, codes: r.statusCodeStats }).toEqual({ non2xx: 0, errors: 0, codes: { 200: { count: 40 } } });
    // Open loop: with every answer held 250 ms and a request due every 25 ms, several are open at once
    // (a closed loop on one connection would hold one; a connection's quota sent back to back, all at once).
    expect(maxOpen).toBeGreaterThan(1);
    expect(maxOpen).toBeLessThan(40);
    // Spread over the second rather than sent in a burst: the last arrived well after the first.
    expect(seen[39]!.at - seen[0]!.at).toBeGreaterThan(500);
    // Latencies are measured from each due time, so none is shorter than the server's hold.
    expect(r.latency.p50).toBeGreaterThanOrEqual(HOLD_MS);
    expect(r.latency.max).toBeGreaterThanOrEqual(r.latency.p99);
  });

  it('counts answers that are not 2xx apart', async () => {
    const r = await openLoopOnce({ target: { url: `${base}/missing` }, rate: 20, durationSec: 0.5, connections: 10 });
    expect(r.requests.total).toBe(10);
    expect(r.non2xx).toBe(10);
    expect(r.statusCodeStats).toEqual({ 404: { count: 10 } });
  });
});
