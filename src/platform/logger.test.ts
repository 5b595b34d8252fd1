import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, prettyDestination } from './logger.js';

/** A terminal's log lines: human, timed, and redacted exactly as the JSON lines are. */
function capture(colour = false) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => (text += c.toString()));
  return { logger: createLogger('info', prettyDestination(out, { colour })), text: () => text };
}

describe('pretty log lines (development on a terminal)', () => {
  it('show the time of day, the level, the message and the fields, with personal data redacted', () => {
    const { logger, text } = capture();
    logger.info({ upstream: 'identity', nin: '11111111111', body: { bvn: '22222222222' } }, 'circuit breaker of identity is closed');
    logger.warn('PAYMENT_GATEWAY_URL is not set');
    const [first, second] = text().split('\n');
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} INFO  circuit breaker of identity is closed upstream=identity nin=\[redacted\] body=\[redacted\]$/);
    expect(second).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} WARN  PAYMENT_GATEWAY_URL is not set$/);
    expect(text()).not.toMatch(/11111111111|22222222222/);
  });

  it('show requests by method, path and status, and errors with their stack', () => {
    const { logger, text } = capture();
    logger.info({ reqId: 'req_1', req: { method: 'POST', url: '/v1/nin/raw/lookup', remoteAddress: '127.0.0.1' } }, 'incoming request');
    logger.info({ reqId: 'req_1', res: { statusCode: 200 }, responseTime: 3.14159 }, 'request completed');
    logger.error({ err: new Error('boom') }, 'job failed');
    const lines = text().split('\n');
    expect(lines[0]).toMatch(/INFO {2}→ POST \/v1\/nin\/raw\/lookup reqId=req_1$/);
    expect(lines[1]).toMatch(/INFO {2}← 200 in 3\.1 ms reqId=req_1$/);
    expect(lines[2]).toMatch(/ERROR job failed$/);
    expect(lines[3]).toMatch(/^ {2}Error: boom$/);
    expect(lines[4]).toMatch(/^ {2}\s+at /);
  });

  it('colour only when asked (a terminal)', () => {
    const plain = capture(false);
    plain.logger.info('hello');
    expect(plain.text()).not.toContain('\u001b[');
    const coloured = capture(true);
    coloured.logger.info('hello');
    expect(coloured.text()).toContain('\u001b[32mINFO \u001b[0m');
  });
});
