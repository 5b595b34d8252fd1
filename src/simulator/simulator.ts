import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { FIXTURE_NIN_FOUND, FIXTURE_NIN_NOT_FOUND, FIXTURE_NIN_PERSON } from '../providers/sandbox/fixtures.js';
import type { PersonRecord } from '../providers/ports.js';
import { DEV_GATEWAY_SECRET } from '../config.js';

/**
 * The registry simulator (DESIGN.md §1, §5): HTTP services standing in for the upstreams, speaking
 * the wire contract the live adapters speak. It holds the sandbox's fixture identifiers, a generated
 * population, and NINs that answer with faults, so live-key handling can be tried end to end.
 *
 * Identity register, NIN lookup:
 *   POST /identity/v1/nin/lookup  { nin }
 *   200 { referenceId, person: { firstName, …, photo } }  the register holds the NIN
 *   404 { referenceId }                                    it does not
 *   429 (Retry-After), 500, 503                            faults; 99999999504 never answers
 */
export interface SimulatorOptions {
  /** Added to every answer (ms). */
  latencyMs?: number;
  /** The payment gateway's secret: checked on calls, and signing the webhooks it sends. */
  gatewaySecret?: string;
  /** Where the gateway posts charge.success / charge.failed webhooks, if anywhere. */
  gatewayWebhookUrl?: string | null;
  /** How long a hanging answer waits before giving up (ms); the adapters time out first. */
  hangMs?: number;
}

export const FAULT_NINS = {
  error: '99999999502',
  unavailable: '99999999503',
  timeout: '99999999504',
  rateLimited: '99999999429',
} as const;

const FIRST = ['Adaeze', 'Chinedu', 'Funmilayo', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Aisha', 'Emeka', 'Halima', 'Tunde'];
const LAST = ['Okonkwo', 'Adeyemi', 'Bello', 'Eze', 'Okafor', 'Abubakar', 'Ogunleye', 'Nwosu', 'Danjuma', 'Balogun'];
const STATES = ['Lagos', 'Kano', 'Enugu', 'Oyo', 'Kaduna', 'Rivers', 'Anambra', 'Ogun', 'Borno', 'Edo'];

/** A generated person: the same NIN always gives the same record. Every NIN ending in an even digit exists. */
export function generatedPerson(nin: string): PersonRecord | undefined {
  if (nin === FIXTURE_NIN_FOUND) return { ...FIXTURE_NIN_PERSON };
  if (nin === FIXTURE_NIN_NOT_FOUND || Number(nin.at(-1)) % 2 === 1) return undefined;
  const h = createHash('sha256').update(`idv-simulator:${nin}`).digest();
  const pick = <T>(list: readonly T[], i: number) => list[h[i]! % list.length]!;
  const year = 1950 + (h[6]! % 55);
  const month = 1 + (h[7]! % 12);
  const day = 1 + (h[8]! % 28);
  return {
    firstName: pick(FIRST, 0),
    lastName: pick(LAST, 1),
    ...(h[2]! % 3 === 0 ? {} : { middleName: pick(FIRST, 2) }),
    dateOfBirth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    gender: h[3]! % 2 === 0 ? 'MALE' : 'FEMALE',
    phoneNumber: `080${String(h.readUInt32BE(9) % 100_000_000).padStart(8, '0')}`,
    stateOfOrigin: pick(STATES, 4),
    nationality: 'Nigerian',
  };
}

export async function buildSimulator(options: SimulatorOptions = {}): Promise<FastifyInstance> {
  // A hanging answer must not hold up shutdown.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let counter = 0;
  const reference = () => `SIM-${Date.now().toString(36).toUpperCase()}-${(++counter).toString(36).toUpperCase()}`;
  const delay = async () => {
    if (options.latencyMs) await sleep(options.latencyMs);
  };

  app.post<{ Body: { nin?: unknown } }>('/identity/v1/nin/lookup', async (req, reply) => {
    await delay();
    const nin = typeof req.body?.nin === 'string' ? req.body.nin : '';
    if (!/^\d{11}$/.test(nin)) return reply.code(400).send({ error: 'nin must be 11 digits' });
    switch (nin) {
      case FAULT_NINS.error:
        return reply.code(500).send({ error: 'internal error' });
      case FAULT_NINS.unavailable:
        return reply.code(503).send({ error: 'service unavailable' });
      case FAULT_NINS.rateLimited:
        return reply.code(429).header('retry-after', '3').send({ error: 'too many requests' });
      case FAULT_NINS.timeout:
        await sleep(options.hangMs ?? 60_000);
        return reply.code(504).send({ error: 'gave up' });
      default: {
        const person = generatedPerson(nin);
        return person ? { referenceId: reference(), person } : reply.code(404).send({ referenceId: reference() });
      }
    }
  });
  // The payment gateway (Paystack's wire format). A payment completes when its authorisation URL is
  // opened (?outcome=failed|abandoned for the other ends); a webhook then goes to gatewayWebhookUrl.
  const payments = new Map<string, { reference: string; amount: number; status: string; accessCode: string }>();
  const byAccessCode = new Map<string, string>();
  const secret = options.gatewaySecret ?? DEV_GATEWAY_SECRET;
  const authorised = (req: { headers: Record<string, unknown> }) => req.headers.authorization === `Bearer ${secret}`;

  app.post<{ Body: { reference?: string; amount?: number; email?: string } }>('/gateway/transaction/initialize', async (req, reply) => {
    await delay();
    if (!authorised(req)) return reply.code(401).send({ status: false, message: 'Invalid key' });
    const { reference, amount } = req.body ?? {};
    if (typeof reference !== 'string' || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return reply.code(400).send({ status: false, message: 'reference and amount (kobo) are required' });
    }
    if (payments.has(reference)) return reply.code(400).send({ status: false, message: 'Duplicate Transaction Reference' });
    const accessCode = createHash('sha256').update(`${reference}:${counter++}`).digest('hex').slice(0, 16);
    payments.set(reference, { reference, amount, status: 'ongoing', accessCode });
    byAccessCode.set(accessCode, reference);
    const base = `${req.protocol}://${req.headers.host}`;
    return { status: true, message: 'Authorization URL created', data: { authorization_url: `${base}/gateway/pay/${accessCode}`, access_code: accessCode, reference } };
  });

  app.get<{ Params: { reference: string } }>('/gateway/transaction/verify/:reference', async (req, reply) => {
    await delay();
    if (!authorised(req)) return reply.code(401).send({ status: false, message: 'Invalid key' });
    const p = payments.get(req.params.reference);
    if (!p) return reply.code(404).send({ status: false, message: 'Transaction reference not found' });
    return { status: true, data: { reference: p.reference, status: p.status, amount: p.amount, currency: 'NGN' } };
  });

  app.get<{ Params: { accessCode: string }; Querystring: { outcome?: string } }>('/gateway/pay/:accessCode', async (req, reply) => {
    const reference = byAccessCode.get(req.params.accessCode);
    const p = reference ? payments.get(reference) : undefined;
    if (!p) return reply.code(404).send('Unknown payment');
    const outcome = req.query.outcome === 'failed' || req.query.outcome === 'abandoned' ? req.query.outcome : 'success';
    if (p.status === 'ongoing') p.status = outcome;
    if (options.gatewayWebhookUrl && p.status !== 'abandoned') {
      const body = JSON.stringify({ event: p.status === 'success' ? 'charge.success' : 'charge.failed', data: { reference: p.reference, status: p.status, amount: p.amount, currency: 'NGN' } });
      const signature = createHmac('sha512', secret).update(body).digest('hex');
      await fetch(options.gatewayWebhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body }).catch(() => undefined);
    }
    return reply.type('text/plain').send(`Payment ${p.reference}: ${p.status}`);
  });

  return app;
}

/** Starts the simulator on a port (0: any free one) and returns its base URL. */
export async function startSimulator(options: SimulatorOptions & { host?: string; port?: number } = {}) {
  // The options object stays live: a webhook URL known only later can still be set on it.
  const app = await buildSimulator(options);
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { app, url: address, options };
}
