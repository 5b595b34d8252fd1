import type { IdGenerator } from '../platform/ids.js';
import { FIXTURE_NIN_FOUND } from '../providers/fixtures.js';
import type { EventType } from '../events/events.service.js';

/**
 * Sample `data` of a triggered test event (DESIGN.md §11.2): the shapes of the real events, built from
 * the sandbox fixtures, with fresh ids that name no stored resource.
 */
export function sampleEventData(type: EventType, ids: IdGenerator, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  switch (type) {
    case 'verification.completed':
      return {
        id: ids.next('ver'),
        type: 'NIN_LOOKUP',
        endpoint: '/v1/nin/raw/lookup',
        environment: 'test',
        verificationStatus: 'VERIFIED',
        errorCode: null,
        httpStatus: 200,
        charged: false,
        chargeAmount: 0,
        referenceId: ids.next('ref'),
        identifierType: 'NIN',
        identifier: '*'.repeat(FIXTURE_NIN_FOUND.length - 4) + FIXTURE_NIN_FOUND.slice(-4),
        purpose: null,
        requestReason: 'ACCOUNT_OPENING',
        apiKeyId: ids.next('key'),
        requestId: ids.next('req'),
        durationMs: 120,
        replayOf: null,
        createdAt: at,
      };
    case 'wallet.low_balance':
      return { balance: 4500, availableBalance: 4500, threshold: 5000, currency: 'NGN' };
    case 'wallet.funded':
      return { transactionId: ids.next('txn'), reference: `test_${ids.next('pay').slice(4)}`, source: 'PAYMENT', amount: 10000, currency: 'NGN', newBalance: 14500 };
    case 'api_key.created':
    case 'api_key.revoked': {
      const key = {
        id: ids.next('key'),
        name: 'Sample key',
        type: 'test',
        prefix: 'sk_test_',
        last4: 'a1b2',
        rateLimit: 60,
        expiresAt: null,
        createdAt: at,
        lastUsedAt: null,
        revokedAt: type === 'api_key.revoked' ? at : null,
      };
      return type === 'api_key.created' ? { ...key, createdBy: ids.next('usr') } : { ...key, revokedBy: ids.next('usr') };
    }
    case 'auth.new_session':
      return { sessionId: ids.next('ses'), userId: ids.next('usr'), userAgent: 'Mozilla/5.0 (sample)', ip: '203.0.113.10', createdAt: at };
  }
}
