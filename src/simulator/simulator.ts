import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { FIXTURE_NIN_FOUND, FIXTURE_NIN_NOT_FOUND, FIXTURE_NIN_PERSON } from '../providers/sandbox/fixtures.js';
import type { PersonRecord } from '../providers/ports.js';

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
  return app;
}

/** Starts the simulator on a port (0: any free one) and returns its base URL. */
export async function startSimulator(options: SimulatorOptions & { host?: string; port?: number } = {}) {
  const app = await buildSimulator(options);
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { app, url: address };
}
