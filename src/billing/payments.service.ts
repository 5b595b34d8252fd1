import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { organisationManagers } from '../accounts/accounts.service.js';
import { DEV_GATEWAY_SECRET } from '../providers/ports.js';
import type { NotificationService } from '../notifications/notifications.service.js';
import type { Clock } from '../platform/clock.js';
import { sha256 } from '../platform/crypto.js';
import { AppError, notFound, validationError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import { koboToNaira } from '../platform/money.js';
import type { DB, PaymentStatus } from '../platform/schema.js';
import type { GatewayPayment, PaymentGateway } from '../providers/ports.js';
import { formatNaira, type WalletService } from './wallet.service.js';

export const MIN_FUNDING_KOBO = 100 * 100;

/** Whether a webhook is signed (hex HMAC-SHA512 of the raw body) with the simulator's public secret. */
function signedWithPublicSecret(rawBody: Buffer, signature: string | undefined): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', DEV_GATEWAY_SECRET).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** What POST /v1/payments/initialize answers. */
export interface InitializedPayment {
  reference: string;
  authorizationUrl: string;
  accessCode: string;
  amount: number;
  currency: 'NGN';
  status: PaymentStatus;
}

export interface PaymentView {
  reference: string;
  status: PaymentStatus;
  amount: number;
  credited: boolean;
  newBalance: number | null;
}

/**
 * Wallet funding (DESIGN.md §7): initialise at the gateway, then credit exactly once whichever of
 * verify and webhook arrives first and however often, with the amount and currency the gateway
 * confirmed, to the organisation that initialised the reference. A mismatch is not credited.
 */
export function createPaymentsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  wallet: WalletService;
  notifications: NotificationService;
  gateway: () => PaymentGateway | null;
}) {
  const { db, clock, ids, logger, wallet, notifications } = deps;
  const gateway = () => {
    const g = deps.gateway();
    if (!g) throw new AppError('SERVICE_UNAVAILABLE', 'The payment gateway is not configured on this server');
    return g;
  };
  /** A gateway that cannot be reached is the caller's 503 to retry, never a 500. */
  const atGateway = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      logger.warn({ err }, 'payment gateway call failed');
      throw new AppError('PROVIDER_UNAVAILABLE', 'The payment gateway is unavailable; retry shortly', { headers: { 'retry-after': '2' } });
    }
  };

  /** Applies what the gateway confirmed. Returns the balance after a credit made now, else null. */
  async function apply(reference: string, confirmed: GatewayPayment): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const payment = await trx.selectFrom('payments').selectAll().where('reference', '=', reference).forUpdate().executeTakeFirst();
      if (!payment || payment.credited_at !== null) return;
      const now = clock.now();
      if (confirmed.status !== 'SUCCESS') {
        if (payment.status !== confirmed.status) {
          await trx.updateTable('payments').set({ status: confirmed.status, updated_at: now }).where('id', '=', payment.id).execute();
        }
        return;
      }
      if (confirmed.amountKobo !== payment.amount_kobo || confirmed.currency !== payment.currency) {
        // Paid, but not what was initialised: never guess; a person reviews it.
        logger.error({ reference, paymentId: payment.id }, 'payment amount or currency differs from what was initialised; not credited');
        await trx.updateTable('payments').set({ status: 'SUCCESS', review_reason: 'AMOUNT_OR_CURRENCY_MISMATCH', updated_at: now }).where('id', '=', payment.id).execute();
        return;
      }
      await trx.updateTable('payments').set({ status: 'SUCCESS', credited_at: now, updated_at: now }).where('id', '=', payment.id).execute();
      const entry = await wallet.move(trx, {
        organisationId: payment.organisation_id,
        amountKobo: payment.amount_kobo,
        type: 'DEPOSIT',
        cause: 'PAYMENT',
        operationId: `pay:${reference}`,
        reference,
        description: 'Wallet funding',
      });
      const { organisationName, emails } = await organisationManagers(trx, payment.organisation_id);
      for (const to of emails) {
        await notifications.enqueueEmail(trx, {
          organisationId: payment.organisation_id,
          to,
          templateName: 'payment-received',
          variables: { organisationName, amount: formatNaira(payment.amount_kobo), reference, newBalance: formatNaira(entry.balance_after_kobo) },
        });
      }
    });
    notifications.kick();
  }

  async function view(organisationId: string, reference: string): Promise<PaymentView> {
    const p = await db.selectFrom('payments').selectAll().where('reference', '=', reference).where('organisation_id', '=', organisationId).executeTakeFirst();
    if (!p) throw notFound('Payment not found');
    const credited = p.credited_at !== null;
    const balance = credited ? (await wallet.balance(organisationId)).balance : null;
    return { reference: p.reference, status: p.status, amount: koboToNaira(p.amount_kobo), credited, newBalance: balance };
  }

  return {
    /**
     * POST /v1/payments/initialize: a payment to complete at the gateway's authorisation URL. The
     * HTTP route's replays are the idempotency store's; a reference that already names a payment
     * (the key used again after its window) returns that payment, and with another amount is 409.
     * `inTransaction` runs in the transaction that records the payment, with its result.
     */
    async initialize(
      input: {
        organisationId: string;
        userId: string;
        email: string;
        amountKobo: number;
        callbackUrl: string | null;
        /** The Idempotency-Key, if sent. */
        reference?: string | undefined;
      },
      options: { inTransaction?: ((trx: Kysely<DB>, result: InitializedPayment) => Promise<void>) | null } = {},
    ): Promise<{ result: InitializedPayment; replayed: boolean }> {
      if (input.amountKobo < MIN_FUNDING_KOBO) throw validationError([{ field: 'amount', message: 'must be at least 100 naira' }]);
      // An Idempotency-Key names the payment within its organisation only: the reference derives from both.
      const reference = input.reference
        ? `idv_${sha256(`${input.organisationId}:${input.reference}`).toString('base64url').slice(0, 32)}`
        : ids.next('pay').replace('pay_', 'idv_');
      const existing = await db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirst();
      if (existing) {
        if (existing.organisation_id !== input.organisationId || existing.amount_kobo !== input.amountKobo) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different payment');
        }
        return { result: { reference, authorizationUrl: existing.authorization_url, accessCode: existing.access_code, amount: koboToNaira(existing.amount_kobo), currency: 'NGN' as const, status: existing.status }, replayed: true };
      }
      const g = gateway();
      const started = await atGateway(() => g.initialize({ reference, amountKobo: input.amountKobo, email: input.email, callbackUrl: input.callbackUrl }));
      const now = clock.now();
      const result: InitializedPayment = { reference, authorizationUrl: started.authorizationUrl, accessCode: started.accessCode, amount: koboToNaira(input.amountKobo), currency: 'NGN', status: 'PENDING' };
      await db.transaction().execute(async (trx) => {
        await trx
        .insertInto('payments')
        .values({
          id: ids.next('pay'),
          organisation_id: input.organisationId,
          reference,
          amount_kobo: input.amountKobo,
          status: 'PENDING',
          access_code: started.accessCode,
          authorization_url: started.authorizationUrl,
          callback_url: input.callbackUrl,
          initialized_by: input.userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
        await options.inTransaction?.(trx, result);
      });
      return { result, replayed: false };
    },

    /** GET /v1/payments/verify/{reference}: asks the gateway, credits once if it succeeded. */
    async verify(organisationId: string, reference: string): Promise<PaymentView> {
      const mine = await db.selectFrom('payments').select(['id', 'credited_at']).where('reference', '=', reference).where('organisation_id', '=', organisationId).executeTakeFirst();
      if (!mine) throw notFound('Payment not found');
      if (mine.credited_at === null) {
        const g = gateway();
        const confirmed = await atGateway(() => g.verify(reference));
        if (confirmed) await apply(reference, confirmed);
      }
      return view(organisationId, reference);
    },

    /**
     * POST /v1/payments/webhook: accepted only with a valid signature; credits once. The simulator's
     * secret is public, so a webhook signed with it is taken only from a client on this machine.
     */
    async webhook(rawBody: Buffer, signature: string | undefined, client: { loopback: boolean }): Promise<void> {
      if (!client.loopback && signedWithPublicSecret(rawBody, signature)) {
        logger.warn("a payment webhook signed with the simulator's public secret came from another machine and was refused; set PAYMENT_GATEWAY_SECRET");
        throw new AppError('FORBIDDEN', "A webhook signed with the simulator's public secret is accepted only from this machine");
      }
      if (!gateway().verifySignature(rawBody, signature)) throw new AppError('UNAUTHENTICATED', 'The webhook signature is invalid');
      let event: { event?: unknown; data?: { reference?: unknown; status?: unknown; amount?: unknown; currency?: unknown } };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw validationError([{ field: 'body', message: 'is not valid JSON' }]);
      }
      const d = event.data;
      if (!d || typeof d.reference !== 'string' || typeof d.amount !== 'number' || typeof d.currency !== 'string') return;
      if (event.event === 'charge.success' && d.status === 'success') {
        await apply(d.reference, { status: 'SUCCESS', amountKobo: d.amount, currency: d.currency });
      } else if (event.event === 'charge.failed') {
        await apply(d.reference, { status: 'FAILED', amountKobo: d.amount, currency: d.currency });
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
