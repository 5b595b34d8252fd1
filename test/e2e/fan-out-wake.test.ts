import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Listening } from '../../src/platform/listen.js';
import { createOrg, describeEachBackend, OWNER_PASSWORD, ownerEmailOf, send, signIn } from '../helpers/harness.js';

/**
 * An event that waits for fan-out notifies idv_fan_out at its commit (migrations/0020_fan_out_notifies.sql),
 * and a process hears it on a connection of its own (src/platform/listen.ts), made again when it is lost.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => boolean | Promise<boolean>, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describeEachBackend('fan-out wakes listeners', (h, backend) => {
  const event = async (organisationId: string, inTransaction?: 'rollback') => {
    const id = h().services.ids.next('evt');
    const insert = sql`INSERT INTO events (id, organisation_id, type, environment, body, created_at) VALUES (${id}, ${organisationId}, 'wallet.funded', 'live', '{}', now())`;
    if (inTransaction === 'rollback') {
      await h()
        .database.db.transaction()
        .execute(async (trx) => {
          await insert.execute(trx);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    } else await insert.execute(h().database.db);
    return id;
  };

  it('notifies idv_fan_out when an event waits for fan-out, once its transaction commits; never for one rolled back', async () => {
    const withEndpoint = await createOrg(h().services, { services: [] });
    const who = await signIn(h().app, await ownerEmailOf(h().services, withEndpoint), OWNER_PASSWORD);
    const created = await send(h(), 'POST', '/v1/webhooks/endpoints', who, { url: 'https://hooks.example.com/idv', eventTypes: ['wallet.funded'] });
    expect(created.statusCode, created.body).toBe(201);
    const without = await createOrg(h().services, { services: [] });

    let heard = 0;
    const listening = h().database.listen('idv_fan_out', () => void heard++);
    try {
      await until('the listener to hear', () => listening.hearing());
      await sleep(100);
      heard = 0;
      await event(withEndpoint.organisationId);
      await until('the notification of a waiting event', () => heard > 0);
      // The embedded database is this suite's own: nothing else writes events, so silence is meaningful there.
      // On the shared PostgreSQL other suites' events notify too, so only what must be heard is asserted.
      if (backend.name === 'pglite') {
        heard = 0;
        await event(without.organisationId);
        await event(withEndpoint.organisationId, 'rollback');
        await sleep(300);
        expect(heard).toBe(0);
        await event(withEndpoint.organisationId);
        await until('the next notification', () => heard === 1);
      }
    } finally {
      await listening.close();
    }
    expect(listening.hearing()).toBe(false);
  });

  it.skipIf(backend.name !== 'postgres')('makes its connection again when it is lost, says so without the URL, and hears again', async () => {
    const channel = `idv_test_${randomBytes(4).toString('hex')}`;
    let heard = 0;
    const lost: Error[] = [];
    const listening: Listening = h().database.listen(channel, () => void heard++, { retryMs: 50, onLost: (err) => lost.push(err) });
    const db = h().database.db;
    const listenerPid = async () =>
      (
        await db.executeQuery<{ pid: number }>(
          CompiledQuery.raw(`SELECT pid FROM pg_stat_activity WHERE application_name = 'idv-listen' AND query = $1`, [`LISTEN ${channel}`]),
        )
      ).rows[0]?.pid;
    try {
      await until('the listener to hear', () => listening.hearing());
      const pid = await listenerPid();
      expect(pid).toEqual(expect.any(Number));
      await db.executeQuery(CompiledQuery.raw('SELECT pg_terminate_backend($1)', [pid]));
      await until('the loss to be noticed', () => lost.length > 0);
      await until('a new connection that hears', async () => listening.hearing() && (await listenerPid()) !== undefined);
      expect(await listenerPid()).not.toBe(pid);
      for (const err of lost) expect(err.message).not.toMatch(/postgres(ql)?:\/\//);
      heard = 0;
      await db.executeQuery(CompiledQuery.raw(`SELECT pg_notify('${channel}', '')`));
      await until('the notification on the new connection', () => heard > 0);
    } finally {
      await listening.close();
    }
    expect(await listenerPid()).toBeUndefined();
  });

  it('refuses a channel name that is not a plain identifier', () => {
    for (const bad of ['', 'Upper', 'has space', 'x;DROP TABLE events', 'a'.repeat(64), 'nul\u0000']) {
      expect(() => h().database.listen(bad, () => undefined), bad).toThrow(/invalid channel name/);
    }
  });
});
