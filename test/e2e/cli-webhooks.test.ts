import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ManualClock, type Clock } from '../../src/platform/clock.js';
import { createLogger } from '../../src/platform/logger.js';
import { wire, type Runtime } from '../../src/runtime.js';
import type { WebhookDB } from '../../src/webhooks/webhooks.service.js';
import { cli, cliTargets } from '../helpers/cli.js';

/**
 * `idv events list` and `idv webhooks list|deliveries|redeliver|recover|enable` (DESIGN.md §9, §11.2–§11.4):
 * each prints the API's own view as one JSON document; mistakes in the arguments exit 2, the services'
 * refusals (another organisation's id, a disabled endpoint) exit 1 with their message.
 */

const PASSWORD = 'a long enough password';
const targets = cliTargets('cli-webhooks');

/** Opens the storage the CLI uses, as another process would, runs fn, and closes it (releasing the data directory). */
async function withRuntime<T>(env: Record<string, string>, fn: (rt: Runtime) => Promise<T>, clock?: Clock): Promise<T> {
  const runtime = await wire(loadConfig({ ...env, NODE_ENV: 'test' }), { logger: createLogger('silent'), http: false, ...(clock ? { clock } : {}) });
  // No attempt is ever made here: trigger() would start one at once, cut off by close().
  await runtime.services.webhooks.close();
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
  }
}

const isoNear = (from: number, to: number) => expect.toSatisfy((s: string) => new Date(s).toISOString() === s && Date.parse(s) >= from && Date.parse(s) <= to);

for (const target of targets) {
  describe(`idv events / idv webhooks [${target.name}]`, () => {
    // Many CLI runs, each opening its storage: slow on a loaded machine.
    it('prints the events, endpoints and deliveries as the API shows them, and redelivers, recovers and re-enables', { timeout: 90_000 }, async () => {
      const env = { ...target.env(), ALLOW_PRIVATE_WEBHOOK_URLS: 'true' };
      const tag = randomBytes(4).toString('hex');
      const created = await cli(env, 'org', 'create', '--name', `Webhooks ${tag}`, '--admin-email', `owner-${tag}@example.com`, '--admin-password', PASSWORD);
      expect(created.code, created.stderr).toBe(0);
      const org: string = created.json().organisationId;

      // Everything here is dated an hour ahead, one second apart: distinct times, and nothing due for a
      // delivery worker of another harness on this file's database.
      const clock = new ManualClock(new Date(Date.now() + 3_600_000));
      const tick = () => clock.advance(1_000);
      const setup = await withRuntime(
        env,
        async ({ services, database }) => {
          const other = await services.accounts.createOrganisation({ name: `Other ${tag}`, ownerEmail: `other-${tag}@example.com`, ownerPassword: PASSWORD });
          const foreign = await services.webhooks.create(other.organisationId, { url: `http://127.0.0.1:9/other-${tag}`, eventTypes: ['*'] });
          const live = await services.webhooks.create(org, { url: `http://127.0.0.1:9/live-${tag}`, eventTypes: ['*'], description: 'live receiver' });
          tick();
          const test = await services.webhooks.create(org, { url: `http://127.0.0.1:9/test-${tag}`, eventTypes: ['wallet.funded'], environment: 'test' });
          tick();
          // api_key.created (live): fanned out to the live endpoint.
          await services.apiKeys.create({ organisationId: org, type: 'test', name: 'ci' });
          await services.webhooks.fanOut();
          tick();
          // wallet.funded (test), to the live endpoint alone.
          const funded = await services.webhooks.trigger(org, { type: 'wallet.funded', endpointId: live.id });
          tick();
          // wallet.funded (test), to the ENABLED test endpoints subscribed: the test endpoint.
          const toTest = await services.webhooks.trigger(org, { type: 'wallet.funded' });
          tick();
          // auth.new_session (test): no endpoint subscribed, no delivery.
          const session = await services.webhooks.trigger(org, { type: 'auth.new_session' });
          // The test endpoint is disabled as a failing one would be (its PENDING delivery becomes FAILED).
          await services.webhooks.update(org, test.id, { status: 'DISABLED' });
          await (database.db as unknown as Kysely<WebhookDB>)
            .updateTable('webhook_endpoints')
            .set({ disabled_reason: 'FAILING', failing_since: new Date(clock.now().getTime() - 120 * 3_600_000) })
            .where('id', '=', test.id)
            .execute();
          const keyEvent = (await services.events.list(org, { environment: 'live' }, { limit: 20 })).items;
          expect(keyEvent.map((e) => e.type)).toEqual(['api_key.created']);
          return {
            foreignEndpoint: foreign.id,
            live: live.id,
            test: test.id,
            toTestDelivery: toTest.deliveries[0]!.id,
            events: [
              await services.events.get(org, session.event.id as string),
              await services.events.get(org, toTest.event.id as string),
              await services.events.get(org, funded.event.id as string),
              keyEvent[0]!,
            ],
            endpoints: await services.webhooks.list(org),
            liveDeliveries: (await services.webhooks.listDeliveries(org, live.id, {})).items,
          };
        },
        clock,
      );
      const [sessionEvent, toTestEvent, fundedEvent, keyEvent] = setup.events;
      expect(setup.endpoints.map((e) => e.id)).toEqual([setup.test, setup.live]);
      expect(setup.liveDeliveries.map((d) => d.eventId)).toEqual([fundedEvent!.id, keyEvent!.id]);

      // events list: both environments, newest first, each exactly as GET /v1/events/{id} shows it.
      const events = await cli(env, 'events', 'list', '--org', org);
      expect(events.code, events.stderr).toBe(0);
      expect(events.stderr).toBe('');
      expect(events.json()).toEqual(setup.events);
      expect(events.json().map((e: { type: string; environment: string }) => `${e.type}/${e.environment}`)).toEqual([
        'auth.new_session/test',
        'wallet.funded/test',
        'wallet.funded/test',
        'api_key.created/live',
      ]);
      for (const e of events.json()) expect(Object.keys(e).sort()).toEqual(['createdAt', 'data', 'environment', 'id', 'type']);
      expect(keyEvent!.data).toMatchObject({ name: 'ci', type: 'test', createdBy: null });

      const byType = await cli(env, 'events', 'list', '--org', org, '--type', 'wallet.funded', '--limit', '1');
      expect(byType.code, byType.stderr).toBe(0);
      expect(byType.json()).toEqual([toTestEvent]);

      const limited = await cli(env, 'events', 'list', '--org', org, '--limit', '3');
      expect(limited.json()).toEqual([sessionEvent, toTestEvent, fundedEvent]);

      // webhooks list: the endpoint views, newest first, no secret.
      const endpoints = await cli(env, 'webhooks', 'list', '--org', org);
      expect(endpoints.code, endpoints.stderr).toBe(0);
      expect(endpoints.json()).toEqual(setup.endpoints);
      expect(endpoints.stdout).not.toContain('whsec_');
      const [testView, liveView] = endpoints.json();
      expect(Object.keys(liveView).sort()).toEqual(
        ['createdAt', 'description', 'disabledReason', 'environment', 'eventTypes', 'failingSince', 'id', 'lastSuccessAt', 'previousSecretExpiresAt', 'status', 'updatedAt', 'url'].sort(),
      );
      expect(liveView).toMatchObject({ id: setup.live, url: `http://127.0.0.1:9/live-${tag}`, description: 'live receiver', eventTypes: ['*'], environment: 'live', status: 'ENABLED', disabledReason: null });
      expect(testView).toMatchObject({ id: setup.test, eventTypes: ['wallet.funded'], environment: 'test', status: 'DISABLED', disabledReason: 'FAILING', failingSince: expect.any(String) });

      // webhooks deliveries: the delivery views, newest first; --status and --limit filter.
      const deliveries = await cli(env, 'webhooks', 'deliveries', '--org', org, '--endpoint', setup.live);
      expect(deliveries.code, deliveries.stderr).toBe(0);
      expect(deliveries.json()).toEqual(setup.liveDeliveries);
      const [fundedDelivery, keyDelivery] = deliveries.json();
      expect(Object.keys(fundedDelivery).sort()).toEqual(
        ['attemptCount', 'createdAt', 'endpointId', 'eventId', 'eventType', 'id', 'lastAttemptAt', 'lastResponseStatus', 'nextAttemptAt', 'status'].sort(),
      );
      expect(fundedDelivery).toMatchObject({ id: expect.stringMatching(/^dlv_/), eventId: fundedEvent!.id, eventType: 'wallet.funded', endpointId: setup.live, status: 'PENDING', attemptCount: 0, lastAttemptAt: null, lastResponseStatus: null, createdAt: fundedEvent!.createdAt, nextAttemptAt: fundedEvent!.createdAt });
      expect(keyDelivery).toMatchObject({ eventId: keyEvent!.id, eventType: 'api_key.created', status: 'PENDING', nextAttemptAt: keyEvent!.createdAt });

      const failed = await cli(env, 'webhooks', 'deliveries', '--org', org, '--endpoint', setup.test, '--status', 'FAILED', '--limit', '1');
      expect(failed.code, failed.stderr).toBe(0);
      expect(failed.json()).toEqual([expect.objectContaining({ id: setup.toTestDelivery, eventId: toTestEvent!.id, endpointId: setup.test, status: 'FAILED', attemptCount: 0, nextAttemptAt: null })]);

      // Another organisation's endpoint or delivery is not found, as an id that does not exist.
      const foreign = await cli(env, 'webhooks', 'deliveries', '--org', org, '--endpoint', setup.foreignEndpoint);
      expect(foreign.code).toBe(1);
      expect(foreign.stdout).toBe('');
      expect(foreign.stderr).toBe('idv: No webhook endpoint with this id\n');
      const unknownOrg = await cli(env, 'events', 'list', '--org', 'org_doesnotexist');
      expect(unknownOrg.code).toBe(1);
      expect(unknownOrg.stderr).toBe('idv: Organisation not found\n');

      // A disabled endpoint: recover and redeliver are refused (409), then enable clears its reason.
      const refused = await cli(env, 'webhooks', 'redeliver', '--org', org, '--delivery', setup.toTestDelivery);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe('idv: The endpoint of this delivery is DISABLED: re-enable it with PATCH first\n');

      const enabledAt = Date.now();
      const enabled = await cli(env, 'webhooks', 'enable', '--org', org, '--endpoint', setup.test);
      expect(enabled.code, enabled.stderr).toBe(0);
      expect(enabled.json()).toEqual({ ...testView, status: 'ENABLED', disabledReason: null, failingSince: null, updatedAt: isoNear(enabledAt, Date.now()) });

      // redeliver: the delivery, its manual attempt waiting from now (not made by the CLI).
      const redeliverAt = Date.now();
      const redelivered = await cli(env, 'webhooks', 'redeliver', '--org', org, '--delivery', fundedDelivery.id);
      expect(redelivered.code, redelivered.stderr).toBe(0);
      expect(redelivered.json()).toEqual({ ...fundedDelivery, nextAttemptAt: isoNear(redeliverAt, Date.now()) });

      // recover: the one live event the live endpoint matches (the test ones are of the other environment).
      const since = new Date(Date.now() - 60_000).toISOString();
      const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
      const recovered = await cli(env, 'webhooks', 'recover', '--org', org, '--endpoint', setup.live, '--since', since, '--until', until);
      expect(recovered.code, recovered.stderr).toBe(0);
      expect(recovered.json()).toEqual({ queued: 1, nextSince: null });

      if (target.name === 'pglite') {
        // Nothing else can reach this data directory: no attempt was made, both wait for the server's workers.
        const after = await withRuntime(env, async ({ services }) => [await services.webhooks.delivery(org, fundedDelivery.id), await services.webhooks.delivery(org, keyDelivery.id)]);
        for (const d of after) expect(d).toMatchObject({ status: 'PENDING', attemptCount: 0, attempts: [], nextAttemptAt: expect.any(String) });
        expect(Date.parse(after[1]!.nextAttemptAt!)).toBeLessThan(Date.parse(keyEvent!.createdAt));
      }
    });

    it('refuses mistakes in the arguments with a message on stderr and exit 2, before opening the storage', async () => {
      const env = { ...target.env(), DATA_DIR: '/nonexistent/never-created' };
      const cases: Array<[string[], RegExp]> = [
        [['events', 'list'], /^idv: Missing --org\n\nUsage: idv events list --org ID/],
        [['events', 'list', '--org', 'org_x', '--limit', '0'], /^idv: --limit must be from 1 to 100\n/],
        [['events', 'list', '--org', 'org_x', '--limit', '101'], /^idv: --limit must be from 1 to 100\n/],
        [['events', 'list', '--org', 'org_x', '--limit', 'abc'], /^idv: --limit must be a whole number \(got "abc"\)/],
        [
          ['events', 'list', '--org', 'org_x', '--type', 'wallet.*'],
          /^idv: --type must be one of: verification\.completed, wallet\.low_balance, wallet\.funded, api_key\.created, api_key\.revoked, auth\.new_session\n/,
        ],
        [['webhooks', 'list'], /^idv: Missing --org\n\nUsage: idv webhooks list --org ID/],
        [['webhooks', 'deliveries', '--org', 'org_x'], /^idv: Missing --endpoint\n/],
        [['webhooks', 'deliveries', '--endpoint', 'whk_x'], /^idv: Missing --org\n/],
        [['webhooks', 'deliveries', '--org', 'org_x', '--endpoint', 'whk_x', '--limit', '0'], /^idv: --limit must be from 1 to 100\n/],
        [['webhooks', 'deliveries', '--org', 'org_x', '--endpoint', 'whk_x', '--status', 'pending'], /^idv: --status must be one of: PENDING, SUCCEEDED, FAILED\n/],
        [['webhooks', 'redeliver', '--org', 'org_x'], /^idv: Missing --delivery\n/],
        [['webhooks', 'recover', '--org', 'org_x', '--endpoint', 'whk_x'], /^idv: Missing --since\n/],
        [['webhooks', 'recover', '--org', 'org_x', '--endpoint', 'whk_x', '--since', 'yesterday'], /^idv: --since must be an ISO 8601 date-time/],
        [['webhooks', 'enable', '--endpoint', 'whk_x'], /^idv: Missing --org\n\nUsage: idv webhooks enable --org ID --endpoint ID/],
        [['webhooks', 'disable', '--org', 'org_x'], /^idv: Unknown subcommand "webhooks disable"\.\n\nUsage: idv webhooks list --org ID/],
      ];
      for (const [args, message] of cases) {
        const res = await cli(env, ...args);
        expect(res.code, args.join(' ')).toBe(2);
        expect(res.stderr, args.join(' ')).toMatch(message);
        expect(res.stdout, args.join(' ')).toBe('');
      }
    });
  });
}
