import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { createAccountsService } from './accounts/accounts.service.js';
import { createAdminService } from './admin/admin.service.js';
import { createAuthService } from './accounts/auth.service.js';
import { createMembersService } from './accounts/members.service.js';
import { createApiKeyService } from './api-keys/api-keys.service.js';
import { createWalletService, openWallet } from './billing/wallet.service.js';
import { createPaymentsService } from './billing/payments.service.js';
import { createAdjustmentService } from './billing/adjustments.service.js';
import type { PaymentGateway } from './providers/ports.js';
import { createJobQueue } from './jobs/queue.js';
import { createIdempotencyService } from './idempotency/idempotency.service.js';
import { createCatalogueService } from './catalogue/catalogue.service.js';
import { createNotificationApi } from './notifications/notifications.api.js';
import { createNotificationService } from './notifications/notifications.service.js';
import { createCacheEpoch } from './platform/cache-epoch.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { DataCipher } from './platform/crypto.js';
import type { Database } from './platform/db.js';
import { ids as defaultIds, type IdGenerator } from './platform/ids.js';
import type { Logger } from './platform/logger.js';
import { createAdmissionGuard, createRateLimiter, createSlotLimiter, createWindowLimiter } from './platform/rate-limit.js';
import { createRecordWriter } from './records/records.repository.js';
import { createRecordsService } from './records/records.service.js';
import { createAnalyticsService } from './analytics/analytics.service.js';
import { createExportService } from './exports/exports.service.js';
import { createEventsService } from './events/events.service.js';
import { sendWebhook, signatureHeader, USER_AGENT as WEBHOOK_USER_AGENT } from './webhooks/sender.js';
import { createWebhookService } from './webhooks/webhooks.service.js';
import { SERVICE_CODES } from './catalogue/catalogue.js';
import { createSettlement } from './verifications/settlement.js';

/** The part of the configuration the services need (see config.ts for each setting's meaning). */
export type ServiceSettings = Pick<
  Config,
  | 'jwtSecret'
  | 'smtpUrl'
  | 'emailFrom'
  | 'publicUrl'
  | 'loginLimitPerEmail'
  | 'loginLimitPerAddress'
  | 'notificationRetryScheduleSeconds'
  | 'smsUrl'
  | 'notificationSendLimit'
  | 'adjustmentApprovalThresholdKobo'
  | 'concurrencyLimit'
  | 'velocityLimit'
  | 'idempotencyLeaseMs'
  | 'exportMaxRows'
  | 'exportMaxActivePerOrg'
  | 'webhookRetryScheduleSeconds'
  | 'webhookTimeoutMs'
  | 'webhookDisableAfterHours'
  | 'allowPrivateWebhookUrls'
>;

export interface CoreDeps {
  database: Database;
  redis: Redis | null;
  logger: Logger;
  cipher: DataCipher;
  settings: ServiceSettings;
  clock?: Clock;
  ids?: IdGenerator;
  /** Prefix of every Redis key, so tests and tenants of one Redis never meet. */
  redisKeyPrefix?: string;
  /** The payment gateway (runtime.ts: HTTP to the configured one or the simulator's); null refuses payments (503). */
  gateway?: PaymentGateway | null;
}

/** Builds the services with explicit dependencies (CONVENTIONS rule 4); wire() in runtime.ts calls it for the server, the CLI and the tests. */
export function createServices(deps: CoreDeps) {
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? defaultIds;
  const db = deps.database.db;
  const { logger, cipher, settings } = deps;
  const epoch = createCacheEpoch({ db, redis: deps.redis, logger, keyPrefix: deps.redisKeyPrefix });
  const guardDeps = { redis: deps.redis, clock, logger, keyPrefix: deps.redisKeyPrefix };
  // Sign-in limits guard identity: a dead Redis makes them per process, never off (DESIGN.md §9).
  const signInLimiter = createWindowLimiter({ ...guardDeps, name: 'sign-in', whenRedisFails: 'count-per-process' });
  // The velocity guard protects capacity; the wallet stays the authority on money (DESIGN.md §1).
  const velocityLimiter = createWindowLimiter({ ...guardDeps, name: 'velocity', whenRedisFails: 'let-through' });
  const rateLimiter = createRateLimiter(guardDeps);
  const slotLimiter = createSlotLimiter(guardDeps);
  const notifications = createNotificationService({
    db,
    clock,
    ids,
    cipher,
    logger,
    email: { smtpUrl: settings.smtpUrl, from: settings.emailFrom, retryScheduleSeconds: settings.notificationRetryScheduleSeconds,
      smsUrl: settings.smsUrl,
      // Webhook-channel messages go out through the webhooks' signed sender (DESIGN.md §11.4).
      postToEndpoint: async ({ url, id, body, secrets }) => {
        const timestamp = Math.floor(clock.now().getTime() / 1000);
        const headers = {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(secrets, id, timestamp, body),
        };
        return sendWebhook({ url, body, headers, timeoutMs: settings.webhookTimeoutMs, allowPrivate: settings.allowPrivateWebhookUrls });
      },
    },
  });
  const auth = createAuthService({
    db,
    clock,
    ids,
    cipher,
    epoch,
    limiter: signInLimiter,
    notifications,
    jwtSecret: settings.jwtSecret,
    loginLimitPerEmail: settings.loginLimitPerEmail,
    loginLimitPerAddress: settings.loginLimitPerAddress,
  });
  const gateway = deps.gateway ?? null;
  const idempotency = createIdempotencyService({ db, clock, cipher, leaseMs: settings.idempotencyLeaseMs });
  const wallet = createWalletService({ db, clock, ids, notifications });
  const adjustments = createAdjustmentService({ db, clock, ids, wallet, notifications, approvalThresholdKobo: settings.adjustmentApprovalThresholdKobo });
  const records = createRecordWriter({ db, cipher });
  const members = createMembersService({ db, clock, ids, epoch, auth, notifications, publicUrl: settings.publicUrl });
  const jobQueue = createJobQueue({ db, clock, ids });
  return {
    clock,
    ids,
    epoch,
    // Durable background jobs are enqueued in the transaction of their cause (src/jobs/).
    jobQueue,
    guards: {
      rate: rateLimiter,
      slots: slotLimiter,
      velocity: velocityLimiter,
      // A verification's rate, velocity and slot in one decision (one Redis round trip): these three limiters.
      admission: createAdmissionGuard(guardDeps, { rate: rateLimiter, velocity: velocityLimiter, slots: slotLimiter }),
      concurrencyLimit: settings.concurrencyLimit,
      velocityLimit: settings.velocityLimit,
    },
    notifications,
    // Channels, templates, sends and the message log (DESIGN.md §11.1); sends limited per organisation.
    notificationApi: createNotificationApi({
      db,
      clock,
      notifications,
      limiter: createWindowLimiter({ ...guardDeps, name: 'notification-send', whenRedisFails: 'let-through' }),
      sendLimitPerMinute: settings.notificationSendLimit,
    }),
    auth,
    members,
    admin: createAdminService({ db, clock, ids, epoch, members, notifications, onOrganisationCreated: openWallet }),
    accounts: createAccountsService({ db, clock, ids, onOrganisationCreated: openWallet }),
    // Lease = 3 × provider timeout + 15 s by default (DESIGN.md §1): it covers the longest chain of calls.
    idempotency,
    wallet,
    adjustments,
    payments: createPaymentsService({ db, clock, ids, logger, wallet, notifications, gateway: () => gateway }),
    apiKeys: createApiKeyService({ db, clock, ids, epoch, notifications }),
    catalogue: createCatalogueService({ db, clock, epoch }),
    // One record batch in flight: the requests behind it gather into the next. Four at once on PostgreSQL
    // cost it about 15 % more CPU a sandbox lookup and took 15 % fewer a second (issue 15, interleaved runs).
    records,
    // A verification's record, money and stored answer, in one batched round trip.
    settlement: createSettlement({ db, clock, ids, idempotency, records, processAlerts: () => wallet.processAlerts(), logger }),
    // Reading the records (DESIGN.md §10): the list, analytics, and exports (whose files a queued job writes).
    recordsRead: createRecordsService({ db }),
    // Events (DESIGN.md §11.2): listed and read; written by each change in its own transaction.
    events: createEventsService({ db, clock }),
    analytics: createAnalyticsService({ db, clock, serviceCodes: SERVICE_CODES }),
    exports: createExportService({
      db,
      clock,
      ids,
      queue: jobQueue,
      logger,
      serviceCodes: SERVICE_CODES,
      maxRows: settings.exportMaxRows,
      maxActivePerOrg: settings.exportMaxActivePerOrg,
      // On PostgreSQL a file is written in a low-priority thread, so an export never slows the API down.
      writerThread: deps.database.connectionUrl ? { databaseUrl: deps.database.connectionUrl } : null,
    }),
    // Webhook endpoints and the delivery of events to them (DESIGN.md §11.3–§11.4).
    webhooks: createWebhookService({
      db,
      clock,
      ids,
      cipher,
      logger,
      notifications,
      retryScheduleSeconds: settings.webhookRetryScheduleSeconds,
      timeoutMs: settings.webhookTimeoutMs,
      disableAfterHours: settings.webhookDisableAfterHours,
      allowPrivate: settings.allowPrivateWebhookUrls,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
