import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { eventAwaitingFanOut, type WebhookDB } from '../../src/webhooks/webhooks.service.js';
import { createOrg, describeEachBackend } from '../helpers/harness.js';
import { explain } from '../helpers/plan.js';

/**
 * What an idle server asks the database ten times a second must stay an index probe however large the
 * tables grow: the webhook fan-out's "is any event waiting?" once read the whole events table to find
 * none (unordered, a planner that guessed many waiting rows chose a sequential scan).
 */
describeEachBackend('background polls: an index probe, whatever the table holds', (h) => {
  it('the fan-out asks the partial index of waiting events, not the events table', async () => {
    const db = h().database.db as unknown as Kysely<WebhookDB>;
    const org = await createOrg(h().services, { services: [] });
    // Many events already fanned out (as almost all are), none waiting, and the table's statistics not
    // refreshed since: the planner guesses rather than knows how many wait.
    await sql`
      INSERT INTO events (id, organisation_id, type, environment, body, created_at, fanned_out)
      SELECT 'evt_poll_' || ${org.organisationId} || '_' || g, ${org.organisationId}, 'verification.completed', 'live', '{}', now() - g * interval '1 second', true
      FROM generate_series(1, 20000) AS g`.execute(db);

    const text = await explain(db, eventAwaitingFanOut(db).compile());
    expect(text).toMatch(/Index (Only )?Scan using events_fan_out_idx/);
    expect(text).not.toMatch(/Seq Scan/);
    // And it answers: nothing of this organisation waits.
    const waiting = await db.selectFrom('events').select('id').where('organisation_id', '=', org.organisationId).where('fanned_out', '=', false).execute();
    expect(waiting).toEqual([]);
  });
});
