import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers/harness.js';
import { CREATED_AT_ISO, recordView, recordViewAt, type RecordViewRow } from './view.js';

const row = (createdAt: Date): RecordViewRow => ({
  id: 'ver_1',
  type: 'NIN_LOOKUP',
  endpoint: '/v1/nin/raw/lookup',
  environment: 'live',
  verification_status: 'VERIFIED',
  error_code: null,
  http_status: 200,
  charged: true,
  charge_amount_kobo: 15_000,
  reference_id: 'ref-1',
  identifier_type: 'NIN',
  identifier_masked: '*******1111',
  purpose: null,
  request_reason: 'ACCOUNT_OPENING',
  api_key_id: 'key_1',
  request_id: 'req_1',
  duration_ms: 42,
  replay_of: null,
  resolved_by: null,
  created_at: createdAt,
});

/** An export reads created_at as text formatted by the database (CREATED_AT_ISO): it must print exactly what the view prints. */
describe.each(backends())('CREATED_AT_ISO [$name]', (backend) => {
  it('is the instant the view prints, to the millisecond, whatever the session time zone', async () => {
    const database = await backend.open();
    try {
      const instants = ['2026-11-28T23:05:01.123Z', '2026-01-01T00:00:00.000Z', '2026-03-09T07:08:09.040Z', '0999-12-31T23:59:59.999Z', '2027-06-30T12:00:00.500Z'];
      // One connection: the time zone is a session setting.
      await database.db.connection().execute(async (db) => {
        await sql`SET TIME ZONE 'Africa/Lagos'`.execute(db);
        try {
          for (const iso of instants) {
            const { rows } = await sql<{ created_iso: string }>`SELECT ${CREATED_AT_ISO} FROM (VALUES (${iso}::timestamptz)) AS v (created_at)`.execute(db);
            const at = rows[0]!.created_iso;
            expect(at).toBe(iso);
            expect(recordViewAt(row(new Date(iso)), at)).toEqual(recordView(row(new Date(iso))));
          }
        } finally {
          await sql`RESET TIME ZONE`.execute(db);
        }
      });
    } finally {
      await database.close();
    }
  });
});
