import type { NewVerificationRecord } from '../../src/records/records.repository.js';
import type { Harness, TestOrg } from './harness.js';

/** A record written straight into the table at a chosen instant (records are immutable: insert only). */
export async function insertRecord(h: Harness, org: TestOrg, over: Partial<NewVerificationRecord> & { createdAt: Date }) {
  const id = h.services.ids.next('ver');
  const record: NewVerificationRecord = {
    id,
    organisationId: org.organisationId,
    type: 'NIN_LOOKUP',
    endpoint: '/v1/nin/raw/lookup',
    environment: 'live',
    verificationStatus: 'VERIFIED',
    errorCode: null,
    httpStatus: 200,
    charged: true,
    chargeAmountKobo: 10_000,
    referenceId: `REF-${id}`,
    identifierType: 'NIN',
    identifier: '11111111111',
    purpose: null,
    requestReason: 'ACCOUNT_OPENING',
    apiKeyId: org.liveKeyId,
    requestId: `req_${id}`,
    durationMs: 12,
    replayOf: null,
    ...over,
  };
  await h.database.db.insertInto('verification_records').values(h.services.records.toRow(record)).execute();
  return id;
}
