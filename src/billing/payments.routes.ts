import { Type } from '@sinclair/typebox';
import type { AuthService } from '../accounts/auth.service.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import { validationError } from '../platform/errors.js';
import type { App } from '../platform/http-types.js';
import { isNairaAmount, nairaToKobo } from '../platform/money.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope } from '../platform/typebox.js';
import { readIdempotencyKey, type IdempotentRoute } from '../http/idempotent-route.js';
import { isLoopbackClient } from '../platform/loopback.js';
import type { InitializedPayment, PaymentsService } from './payments.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

const Status = StringEnum(['PENDING', 'SUCCESS', 'FAILED', 'ABANDONED'] as const);
const errors = { '4xx': ErrorRef, '5xx': ErrorRef };

/** Wallet funding (DESIGN.md §7): initialise, verify by reference, and the gateway's signed webhook. */
export function registerPaymentRoutes(app: App, deps: { auth: AuthService; payments: PaymentsService; idempotent: IdempotentRoute }) {
  const { auth, payments, idempotent } = deps;
  const common = { tags: ['Wallet'], security: [{ bearer: [] }] };

  app.post(
    '/v1/payments/initialize',
    {
      onRequest: requireUser(auth, { roles: ['OWNER', 'ADMIN'] }),
      config: { doc: { idempotency: 'optional', errors: ['PROVIDER_UNAVAILABLE'] } },
      schema: {
        ...common,
        summary: 'Start a funding payment in naira; complete it at authorizationUrl, then verify',
        description:
          'OWNER or ADMIN. Opens a payment with the gateway (at least 100 naira): send the payer to `authorizationUrl`, then call ' +
          'GET /v1/payments/verify/{reference}. With an Idempotency-Key, it becomes the reference and a retry returns the same payment. An unavailable gateway is 503.',
        body: StrictObject({
          amount: Type.Number({ minimum: 100, maximum: 100_000_000, description: 'Naira, at least 100' }),
          callbackUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
        }),
        response: {
          200: SuccessEnvelope(
            Type.Object({ reference: Type.String(), authorizationUrl: Type.String(), accessCode: Type.String(), amount: Type.Number(), currency: Type.Literal('NGN'), status: Status }),
          ),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      if (!isNairaAmount(req.body.amount)) throw validationError([{ field: 'amount', message: 'must be in naira with at most two decimals' }]);
      if (req.body.callbackUrl !== undefined && !isHttpUrl(req.body.callbackUrl)) {
        throw validationError([{ field: 'callbackUrl', message: 'must be an http or https URL' }]);
      }
      const key = readIdempotencyKey(req.headers['idempotency-key']);
      const a = actor(req);
      const answer = (result: InitializedPayment) => ({ status: 200, body: JSON.stringify(ok(req, result, 'Payment initialised')) });
      // The answer is kept in the transaction that records the payment: a replay sends these bytes again.
      return idempotent(req, reply, { organisationId: a.organisationId, namespace: 'payments.initialize' }, async (keep) => {
        let kept: { status: number; body: string } | null = null;
        const { result, replayed } = await payments.initialize(
          {
            organisationId: a.organisationId,
            userId: a.id,
            email: req.user!.email,
            amountKobo: nairaToKobo(req.body.amount),
            callbackUrl: req.body.callbackUrl ?? null,
            reference: key,
          },
          {
            inTransaction: keep && (async (trx, r) => {
              kept = answer(r);
              await keep(trx, kept);
            }),
          },
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return !replayed && kept ? kept : answer(result);
      });
    },
  );

  app.get(
    '/v1/payments/verify/:reference',
    {
      onRequest: requireUser(auth, { roles: ANY_ROLE }),
      schema: {
        ...common,
        summary: 'Confirm a payment with the gateway; the wallet is credited once',
        description:
          'Any role. Asks the gateway for the payment and, once it succeeded, credits the wallet with the confirmed amount, exactly once whichever of ' +
          'this and the webhook comes first. A reference of another organisation is 404; an unavailable gateway is 503.',
        params: StrictObject({ reference: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: {
          200: SuccessEnvelope(Type.Object({ reference: Type.String(), status: Status, amount: Type.Number(), credited: Type.Boolean(), newBalance: Type.Union([Type.Number(), Type.Null()]) })),
          ...errors,
        },
      },
    },
    async (req) => ok(req, await payments.verify(actor(req).organisationId, req.params.reference), 'Payment status'),
  );

  // The webhook's signature covers the raw bytes, so this route keeps them.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      req.rawBody = body as Buffer;
      done(null, {});
    });
    scope.post(
      '/v1/payments/webhook',
      {
        config: {
          doc: {
            errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
            headers: { 'x-paystack-signature': { description: 'Hex HMAC-SHA512 of the raw body with the gateway secret', required: true } },
            body: {
              description: 'The gateway event, as sent: `charge.success` credits the wallet once; `charge.failed` marks the payment failed; others are ignored.',
              schema: Type.Object({
                event: Type.String({ examples: ['charge.success'] }),
                data: Type.Object({
                  reference: Type.String({ examples: ['pay_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
                  status: Type.String({ examples: ['success'] }),
                  amount: Type.Integer({ description: 'Kobo', examples: [500000] }),
                  currency: Type.String({ examples: ['NGN'] }),
                }),
              }),
            },
          },
        },
        schema: {
          description:
            'For the payment gateway, not for clients: accepted only with a valid `x-paystack-signature` (401 otherwise). It credits the payment\'s ' +
            'organisation once, with the amount and currency the gateway confirmed. A webhook signed with the simulator\'s public secret is refused (403) unless it comes from this machine.',
          tags: ['Wallet'],
          summary: 'The payment gateway’s webhook (x-paystack-signature: HMAC-SHA512 of the raw body); signed with the simulator’s public secret, accepted only from this machine',
          response: { 200: SuccessEnvelope(Type.Object({ received: Type.Literal(true) })), ...errors },
        },
      },
      async (req) => {
        const signature = req.headers['x-paystack-signature'];
        await payments.webhook(req.rawBody ?? Buffer.alloc(0), typeof signature === 'string' ? signature : undefined, { loopback: isLoopbackClient(req) });
        return ok(req, { received: true as const }, 'Webhook received');
      },
    );
  });
}

/** An absolute http or https URL with a plain host name or address: where a gateway may send the payer back. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/i.test(url.hostname);
  } catch {
    return false;
  }
}
