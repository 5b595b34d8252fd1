import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requestPath } from '../platform/envelope.js';
import type { DB, KeyType } from '../platform/schema.js';
import { FencedError, readIdempotencyKey, requestInProgress, type IdempotencyService, type StoredAnswer } from '../idempotency/idempotency.service.js';

/** What an idempotent operation hands back: the status and the exact body bytes to send (and keep). */
export type Answer = Pick<StoredAnswer, 'status' | 'body'>;

/**
 * Keeps the answer in the operation's own transaction, so it is stored exactly when the operation
 * commits (null without an Idempotency-Key). Called with the answer's bytes, before the commit.
 */
export type KeepAnswer = ((trx: Kysely<DB>, answer: Answer) => Promise<void>) | null;

/**
 * Runs an idempotent route other than a verification on the one mechanism (DESIGN.md §6): with an
 * Idempotency-Key it claims the key (409 for another request, 202 while one is in flight, or the
 * stored status and body replayed byte for byte with `Idempotent-Replayed: true`), runs the operation
 * under the claim, and sends exactly the bytes it kept. An operation that fails forgets the key.
 */
export async function idempotentRoute(
  req: FastifyRequest,
  reply: FastifyReply,
  idempotency: IdempotencyService,
  options: {
    organisationId: string;
    environment?: KeyType;
    /** Names the kind of request, so one key value on two kinds never collides. */
    namespace: string;
    /** A duplicate of a request in flight waits this long for its answer before 202 (a short local operation). */
    awaitInFlightMs?: number;
  },
  operation: (keep: KeepAnswer, key: string | undefined) => Promise<Answer>,
): Promise<FastifyReply> {
  const key = readIdempotencyKey(req.headers['idempotency-key']);
  const send = (answer: Answer) => reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  if (key === undefined) return send(await operation(null, undefined));

  const scope = idempotency.scope(options.organisationId, options.environment ?? 'live', key, options.namespace);
  const fingerprint = idempotency.fingerprint(req.method, requestPath(req), req.body);
  const claimed = await idempotency.claim(scope, fingerprint, { awaitInFlightMs: options.awaitInFlightMs ?? 0 });
  if (claimed.kind === 'replay') {
    reply.header('idempotent-replayed', 'true');
    return send(claimed);
  }
  const claim = { scope: claimed.scope, token: claimed.token };
  let kept = false;
  try {
    const answer = await operation(async (trx, a) => {
      await idempotency.store(trx, claim, a);
      kept = true;
    }, key);
    // An operation that answered without its own transaction (nothing moved) is kept now.
    if (!kept) await idempotency.storeNow(claim, answer);
    return send(answer);
  } catch (err) {
    if (err instanceof FencedError) {
      // Another attempt took the key over: to the client, that is a request still in progress.
      throw requestInProgress();
    }
    await idempotency.clear(claim).catch((e: unknown) => req.log.error({ err: e }, 'could not clear an idempotency claim'));
    throw err;
  }
}

/** The one reader of the Idempotency-Key header, for routes (DESIGN.md §6). */
export { readIdempotencyKey };

/** idempotentRoute bound to the idempotency service: what a capability's routes are given, so they need not know the service. */
export type IdempotentRoute = (
  req: FastifyRequest,
  reply: FastifyReply,
  options: Parameters<typeof idempotentRoute>[3],
  operation: Parameters<typeof idempotentRoute>[4],
) => Promise<FastifyReply>;

export const idempotentRoutes =
  (idempotency: IdempotencyService): IdempotentRoute =>
  (req, reply, options, operation) =>
    idempotentRoute(req, reply, idempotency, options, operation);
