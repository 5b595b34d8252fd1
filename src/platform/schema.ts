import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables of migrations/. Timestamps read as Date; bigint kobo reads as number. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Bytes = ColumnType<Uint8Array, Buffer | Uint8Array, Buffer | Uint8Array>;

export type AccessLevel = 'BASIC' | 'STANDARD' | 'PREMIUM';
export type Role = 'OWNER' | 'ADMIN' | 'DEVELOPER' | 'VIEWER';
export type KeyType = 'test' | 'live';
export type ServiceStatus = 'ACTIVE' | 'SUSPENDED';

export interface OrganisationsTable {
  id: string;
  name: string;
  access_level: Generated<AccessLevel>;
  concurrency_limit: number | null;
  velocity_limit: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: string;
  organisation_id: string | null;
  email: string;
  password_hash: string | null;
  role: Role | null;
  is_platform_admin: Generated<boolean>;
  status: Generated<'ACTIVE' | 'INVITED' | 'REMOVED'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  invite_token_hash: Bytes | null;
  invite_expires_at: Timestamp | null;
  invited_by: string | null;
}

export interface ApiKeysTable {
  id: string;
  organisation_id: string;
  name: string;
  type: KeyType;
  secret_hash: Bytes;
  prefix: string;
  last4: string;
  rate_limit: number | null;
  expires_at: Timestamp | null;
  created_by: string | null;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

export interface ServicesTable {
  code: string;
  name: string;
  sort_order: number;
  default_price_basic_kobo: number;
  default_price_standard_kobo: number;
  default_price_premium_kobo: number;
}

export interface OrganisationServicesTable {
  organisation_id: string;
  service_code: string;
  status: ServiceStatus;
  price_basic_kobo: number;
  price_standard_kobo: number;
  price_premium_kobo: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CacheEpochTable {
  id: number;
  value: number;
}

export interface VerificationRecordsTable {
  id: string;
  organisation_id: string;
  type: string;
  endpoint: string;
  environment: KeyType;
  verification_status: 'VERIFIED' | 'NOT_VERIFIED' | null;
  error_code: string | null;
  http_status: number;
  charged: boolean;
  charge_amount_kobo: number;
  reference_id: string | null;
  identifier_type: 'NIN' | 'BVN' | 'TIN' | 'PHONE' | 'RC_NUMBER';
  identifier_ciphertext: Bytes;
  identifier_hash: Bytes;
  identifier_masked: string;
  purpose: string | null;
  request_reason: string | null;
  api_key_id: string;
  request_id: string;
  duration_ms: number;
  replay_of: string | null;
  resolved_by: 'RESOLUTION_PROVIDER' | 'REGISTER_PHONE_LOOKUP' | null;
  created_at: Timestamp;
  /** The id of the transaction that wrote it (xid8, as text): the analytics rollups' watermark (0013). */
  created_xid: Generated<string>;
}

/**
 * Hourly counters of the records per organisation, environment, type and key (migrations/0013_analytics_rollup.sql,
 * src/analytics/): every record whose created_xid is below verification_rollup_watermark's, added by the compaction job.
 */
export interface VerificationRollupsTable {
  organisation_id: string;
  environment: KeyType;
  /** The UTC hour of the records' created_at. */
  hour: Timestamp;
  type: string;
  api_key_id: string;
  volume: number;
  verified: number;
  not_verified: number;
  failed: number;
  replays: number;
  charged_count: number;
  spend_kobo: number;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: CreatedAt;
}

export interface LoginChallengesTable {
  id: string;
  user_id: string;
  token_hash: Bytes;
  otp_hash: Bytes;
  attempts: Generated<number>;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
  closed_reason: 'CONFIRMED' | 'EXHAUSTED' | 'SUPERSEDED' | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export type SessionRevokedReason = 'LOGOUT' | 'REVOKED' | 'REFRESH_REUSE' | 'MEMBER_REMOVED';

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: SessionRevokedReason | null;
  ip: string | null;
  user_agent: string | null;
  /** When the purge deleted its refresh tokens (a day after it ended); null before (migrations/0025). */
  refresh_tokens_purged_at: Timestamp | null;
}

/** Every refresh token a session was given (hash only), each pointing at the one it replaced. */
export interface RefreshTokensTable {
  token_hash: Bytes;
  session_id: string;
  parent_hash: Bytes | null;
  issued_at: Timestamp;
  rotated_at: Timestamp | null;
}

export type NotificationChannel = 'email' | 'sms' | 'webhook';
export type NotificationDelivery = 'SMTP' | 'OUTBOX' | 'SMS_GATEWAY' | 'HTTPS';
export type NotificationStatus = 'QUEUED' | 'SENT' | 'FAILED';

export interface NotificationsTable {
  id: string;
  organisation_id: string | null;
  channel: NotificationChannel;
  recipient: string;
  template_name: string;
  subject: string | null;
  body_ciphertext: Bytes | null;
  delivery: NotificationDelivery;
  status: NotificationStatus;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface NotificationTemplatesTable {
  organisation_id: string;
  name: string;
  channel: NotificationChannel;
  subject: string | null;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WalletsTable {
  organisation_id: string;
  balance_kobo: Generated<number>;
  held_kobo: Generated<number>;
  low_balance_threshold_kobo: Generated<number>;
  currency: Generated<'NGN'>;
  updated_at: Generated<Date>;
}

export type LedgerType = 'DEPOSIT' | 'DEBIT' | 'ADJUSTMENT';
export type LedgerCause = 'VERIFICATION' | 'PAYMENT' | 'ADJUSTMENT';

export interface LedgerEntriesTable {
  id: string;
  organisation_id: string;
  type: LedgerType;
  amount_kobo: number;
  balance_after_kobo: number;
  cause: LedgerCause;
  operation_id: string;
  reference: string;
  description: string;
  reason: string | null;
  adjusted_by: string | null;
  approved_by: string | null;
  created_at: Timestamp;
}

export interface HoldsTable {
  id: string;
  organisation_id: string;
  amount_kobo: number;
  status: 'HELD' | 'CAPTURED' | 'RELEASED';
  expires_at: Timestamp;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface VerificationPayloadsTable {
  verification_id: string;
  audit_ciphertext: Bytes;
  redacted_ciphertext: Bytes;
  created_at: Timestamp;
}

export interface WalletAlertsTable {
  id: Generated<number>;
  organisation_id: string;
  kind: 'LOW_BALANCE';
  balance_kobo: number;
  threshold_kobo: number;
  created_at: Timestamp;
  processed_at: Timestamp | null;
}

export interface AdjustmentApprovalsTable {
  id: string;
  token_hash: Bytes;
  organisation_id: string;
  amount_kobo: number;
  reason: string;
  issued_by: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface IdempotencyRequestsTable {
  organisation_id: string;
  environment: KeyType;
  key_hash: Bytes;
  fingerprint: Bytes;
  state: 'IN_FLIGHT' | 'STORED';
  fencing_token: number;
  lease_expires_at: Timestamp;
  response_status: number | null;
  response_ciphertext: Bytes | null;
  /** What the route's owner keeps beside its answer (jsonb; a verification: its id and charge). */
  facts: unknown;
  created_at: Timestamp;
  expires_at: Timestamp | null;
}

export type PaymentStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'ABANDONED';

export interface PaymentsTable {
  id: string;
  organisation_id: string;
  reference: string;
  amount_kobo: number;
  currency: Generated<'NGN'>;
  status: PaymentStatus;
  access_code: string;
  authorization_url: string;
  callback_url: string | null;
  initialized_by: string | null;
  credited_at: Timestamp | null;
  review_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type JobState = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

/** Durable background jobs (migrations/0009_jobs.sql, src/jobs/). */
export interface JobsTable {
  id: string;
  kind: string;
  /** jsonb: written as JSON text, read back parsed. */
  payload: ColumnType<unknown, string, string>;
  state: JobState;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: Timestamp;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Exports of verification records and their files in chunks (migrations/0012_exports.sql, src/exports/). */
export type ExportStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
export type ExportFormat = 'csv' | 'xlsx';

/** The normalised filters as stored and shown: absent ones null; environment and to always set. */
export interface StoredFilters {
  type: string[] | null;
  status: Array<'VERIFIED' | 'NOT_VERIFIED' | 'FAILED'> | null;
  environment: 'live' | 'test';
  apiKeyId: string | null;
  from: string | null;
  to: string;
}

export interface ExportsTable {
  id: string;
  organisation_id: string;
  requested_by: string;
  format: ExportFormat;
  filters: ColumnType<StoredFilters, string, string>;
  status: ExportStatus;
  row_count: number;
  processed_rows: ColumnType<number, number | undefined, number>;
  progress: ColumnType<number, number | undefined, number>;
  file_name: string | null;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  error_code: string | null;
  error_message: string | null;
  run_id: string | null;
  takeovers: ColumnType<number, number | undefined, number>;
  job_id: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  expires_at: Timestamp | null;
}

/** Events of DESIGN.md §11.2 (migration 0014): `body` is the event object as compact JSON, the bytes every delivery sends. */
export interface EventsTable {
  id: string;
  organisation_id: string;
  type: string;
  environment: KeyType;
  body: string;
  created_at: Timestamp;
  fanned_out: Generated<boolean>;
}

export interface ExportChunksTable {
  export_id: string;
  run_id: string;
  seq: number;
  bytes: ColumnType<Uint8Array, Buffer | Uint8Array, Buffer | Uint8Array>;
}

export interface DB {
  organisations: OrganisationsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  services: ServicesTable;
  organisation_services: OrganisationServicesTable;
  cache_epoch: CacheEpochTable;
  verification_records: VerificationRecordsTable;
  verification_rollups: VerificationRollupsTable;
  verification_rollup_watermark: { id: number; watermark: string };
  schema_migrations: SchemaMigrationsTable;
  login_challenges: LoginChallengesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  notifications: NotificationsTable;
  notification_templates: NotificationTemplatesTable;
  wallets: WalletsTable;
  ledger_entries: LedgerEntriesTable;
  holds: HoldsTable;
  wallet_alerts: WalletAlertsTable;
  verification_payloads: VerificationPayloadsTable;
  adjustment_approvals: AdjustmentApprovalsTable;
  idempotency_requests: IdempotencyRequestsTable;
  payments: PaymentsTable;
  jobs: JobsTable;
  exports: ExportsTable;
  export_chunks: ExportChunksTable;
  events: EventsTable;
}
