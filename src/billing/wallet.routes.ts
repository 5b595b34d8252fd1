import { Type } from '@sinclair/typebox';
import type { AuthService } from '../accounts/auth.service.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import { validationError } from '../platform/errors.js';
import type { App } from '../platform/http-types.js';
import { isNairaAmount, nairaToKobo } from '../platform/money.js';
import { CursorQuery, LimitQuery, pageLimit } from '../platform/paging.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope } from '../platform/typebox.js';
import { readIdempotencyKey, type IdempotentRoute } from '../http/idempotent-route.js';
import type { WalletService } from './wallet.service.js';
import type { AdjustmentResult, AdjustmentService } from './adjustments.service.js';

const bearer = [{ bearer: [] }];
const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
/** A duplicate adjustment waits this long for the first (one short transaction) before it is told 202. */
const ADJUSTMENT_AWAIT_IN_FLIGHT_MS = 5_000;

const BalanceSchema = Type.Object({
  balance: Type.Number({ description: 'Naira' }),
  availableBalance: Type.Number({ description: 'Balance less the holds of verifications in flight' }),
  currency: Type.Literal('NGN'),
  lowBalanceThreshold: Type.Number({ description: 'Naira; 0 = off' }),
}, { title: 'WalletBalance' });
const ThresholdSchema = Type.Object({ threshold: Type.Number({ description: 'Naira; 0 = off' }), currency: Type.Literal('NGN') }, { title: 'LowBalanceThreshold' });
const TransactionSchema = Type.Object({
  id: Type.String(),
  type: StringEnum(['DEPOSIT', 'DEBIT', 'ADJUSTMENT'] as const),
  amount: Type.Number({ description: 'Signed naira, negative for debits' }),
  direction: StringEnum(['CREDIT', 'DEBIT'] as const),
  balanceAfter: Type.Number(),
  reference: Type.String(),
  description: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
}, { title: 'Transaction' });
const AdjustmentSchema = Type.Object({
  transactionId: Type.String(),
  reference: Type.String(),
  operationId: Type.String({ description: 'adj:<reference>' }),
  amount: Type.Number(),
  direction: StringEnum(['CREDIT', 'DEBIT'] as const),
  currency: Type.Literal('NGN'),
  status: Type.Literal('SUCCESS'),
  newBalance: Type.Number(),
  organisationId: Type.String(),
  adjustedAt: Type.String({ format: 'date-time' }),
}, { title: 'Adjustment' });
const Amount = Type.Number({ description: 'Naira, at most two decimals' });

/** A naira amount from a body, as kobo; a third decimal is a 400 on that field. */
function kobo(field: string, naira: number): number {
  if (!isNairaAmount(naira)) throw validationError([{ field, message: 'must be in naira with at most two decimals' }]);
  return nairaToKobo(naira);
}

/** Wallet, journal and the admin adjustment (SPEC.md §4.3; DESIGN.md §7). */
export function registerWalletRoutes(app: App, deps: { auth: AuthService; wallet: WalletService; adjustments: AdjustmentService; idempotent: IdempotentRoute }) {
  const { auth, wallet, adjustments, idempotent } = deps;
  const tags = ['Wallet'];

  app.get(
    '/v1/wallet/balance',
    { onRequest: requireUser(auth, { roles: ANY_ROLE }), schema: { tags, security: bearer, summary: 'The wallet balance', description: 'The balance, what is available (the balance less the holds of live verifications in flight), and the low-balance threshold, in naira. Any role.', querystring: StrictObject({}), response: { 200: SuccessEnvelope(BalanceSchema), ...errors } } },
    async (req) => ok(req, await wallet.balance(actor(req).organisationId), 'Wallet balance'),
  );

  app.get(
    '/v1/wallet/low-balance-threshold',
    { onRequest: requireUser(auth, { roles: ANY_ROLE }), schema: { tags, security: bearer, summary: 'The low-balance alert threshold', description: 'The balance, in naira, below which OWNERs and ADMINs are emailed once; 0 means off. Any role.', querystring: StrictObject({}), response: { 200: SuccessEnvelope(ThresholdSchema), ...errors } } },
    async (req) => {
      const b = await wallet.balance(actor(req).organisationId);
      return ok(req, { threshold: b.lowBalanceThreshold, currency: 'NGN' as const }, 'Low-balance threshold');
    },
  );

  app.post(
    '/v1/wallet/low-balance-threshold',
    {
      onRequest: requireUser(auth, { roles: ['OWNER', 'ADMIN'] }),
      schema: {
        tags,
        security: bearer,
        summary: 'Set the low-balance alert threshold (naira; 0 turns it off)',
        description: 'OWNER or ADMIN. A debit that takes the balance from at or above the threshold to below it emails the OWNERs and ADMINs once.',
        body: StrictObject({ threshold: Type.Number({ minimum: 0, maximum: 1_000_000_000 }) }),
        response: { 200: SuccessEnvelope(ThresholdSchema), ...errors },
      },
    },
    async (req) => ok(req, await wallet.setLowBalanceThreshold(actor(req).organisationId, kobo('threshold', req.body.threshold)), 'Threshold set'),
  );

  app.get(
    '/v1/payments/transactions',
    {
      onRequest: requireUser(auth, { roles: ANY_ROLE }),
      schema: {
        tags,
        security: bearer,
        summary: 'Deposits, debits and adjustments, newest first',
        description: 'The journal of the wallet: signed amounts in naira and the balance after each. Paged by `limit` (1–100) and `cursor`. Any role.',
        querystring: StrictObject({ limit: LimitQuery, cursor: CursorQuery }),
        response: { 200: SuccessEnvelope(Type.Object({ items: Type.Array(TransactionSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) })), ...errors },
      },
    },
    async (req) => ok(req, await wallet.transactions(actor(req).organisationId, { limit: pageLimit(req.query.limit), cursor: req.query.cursor }), 'Transactions'),
  );

  app.post(
    '/v1/admin/adjustment-approvals',
    {
      onRequest: requireUser(auth, { platformAdmin: true }),
      config: { doc: { errors: ['NOT_FOUND'] } },
      schema: {
        tags: ['Platform admin'],
        security: bearer,
        summary: 'Approve another admin’s large adjustment: a single-use token bound to its values (15 minutes)',
        description:
          'Platform admins only. An adjustment above ADJUSTMENT_APPROVAL_THRESHOLD needs a second platform admin: this answers the `secondApprover` ' +
          'token for exactly this organisation, amount and reason, usable once within 15 minutes by another admin. An unknown organisation is 404.',
        body: StrictObject({ organisationId: Type.String({ maxLength: 64 }), amount: Amount, reason: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: { 201: SuccessEnvelope(Type.Object({ id: Type.String(), secondApprover: Type.String(), expiresAt: Type.String({ format: 'date-time' }) })), ...errors },
      },
    },
    async (req, reply) => {
      const approval = await adjustments.issueApproval({
        organisationId: req.body.organisationId,
        amountKobo: kobo('amount', req.body.amount),
        reason: req.body.reason.trim(),
        issuedBy: req.user!.id,
      });
      reply.code(201);
      return ok(req, approval, 'Approval issued', 201);
    },
  );

  app.post(
    '/v1/payments/admin/adjust/:organisationId',
    {
      onRequest: requireUser(auth, { platformAdmin: true }),
      config: { doc: { idempotency: 'optional', errors: ['INSUFFICIENT_BALANCE'] } },
      schema: {
        tags: ['Platform admin'],
        security: bearer,
        summary: 'Signed, audited wallet adjustment (the one sanctioned manual mutation)',
        description:
          'Positive credits, negative debits. Above ADJUSTMENT_APPROVAL_THRESHOLD (naira, |amount|) a secondApprover token from another ' +
          'platform admin is required. Idempotency-Key, when sent, becomes the reference: a retry returns the first result.',
        params: StrictObject({ organisationId: Type.String({ maxLength: 64 }) }),
        body: StrictObject({
          amount: Amount,
          reason: Type.String({ minLength: 1, maxLength: 500 }),
          secondApprover: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        }),
        response: { 200: SuccessEnvelope(AdjustmentSchema), ...errors },
      },
    },
    async (req, reply) => {
      const key = readIdempotencyKey(req.headers['idempotency-key']);
      const input = {
        organisationId: req.params.organisationId,
        amountKobo: kobo('amount', req.body.amount),
        reason: req.body.reason,
        adminId: req.user!.id,
        reference: key,
        secondApprover: req.body.secondApprover,
      };
      adjustments.checkAdjustment(input);
      const answer = (result: AdjustmentResult, replayed: boolean) => ({
        status: 200,
        body: JSON.stringify(ok(req, result, replayed ? 'Adjustment already applied' : 'Wallet adjusted')),
      });
      // The answer is kept in the adjustment's own transaction: a replay sends these bytes again.
      return idempotent(
        req,
        reply,
        { organisationId: input.organisationId, namespace: 'wallet.adjust', awaitInFlightMs: ADJUSTMENT_AWAIT_IN_FLIGHT_MS },
        async (keep) => {
          let kept: { status: number; body: string } | null = null;
          const { result, replayed } = await adjustments.adjust(input, {
            inTransaction: keep && (async (trx, r) => {
              kept = answer(r, false);
              await keep(trx, kept);
            }),
          });
          if (replayed) reply.header('idempotent-replayed', 'true');
          return !replayed && kept ? kept : answer(result, replayed);
        },
      );
    },
  );
}
