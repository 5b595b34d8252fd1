import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Services } from '../../src/container.js';
import { createLogger } from '../../src/platform/logger.js';
import { wire } from '../../src/runtime.js';
import { cli, cliTargets } from '../helpers/cli.js';
import { otpFrom } from '../helpers/harness.js';

/** `idv outbox` (DESIGN.md §9, §11.1): the outbox as a bare JSON array, newest first. */

const PASSWORD = 'a long enough password';


const targets = cliTargets('cli-outbox');

/** Opens the storage the CLI uses, as another process would, runs fn, and closes it (releasing the data directory). */
async function withStorage<T>(env: Record<string, string>, fn: (services: Services) => Promise<T>): Promise<T> {
  const runtime = await wire(loadConfig({ ...env, NODE_ENV: 'test' }), { logger: createLogger('silent'), http: false });
  try {
    return await fn(runtime.services);
  } finally {
    await runtime.close();
  }
}

const client = { ip: null, userAgent: null };

for (const target of targets) {
  describe(`idv outbox [${target.name}]`, () => {
    // Many CLI runs, each opening its storage (about a second each on the embedded database): slow on a loaded machine.
    it('prints the sign-in codes sent to an address as a bare array, newest first, and the code printed signs in', { timeout: 90_000 }, async () => {
      const env = target.env();
      const tag = randomBytes(4).toString('hex');
      const email = `owner-${tag}@example.com`;
      const org = await cli(env, 'org', 'create', '--name', `Outbox ${tag}`, '--admin-email', email, '--admin-password', PASSWORD);
      expect(org.code, org.stderr).toBe(0);

      // Nothing was sent yet.
      const none = await cli(env, 'outbox', '--to', email);
      expect(none.code, none.stderr).toBe(0);
      expect(none.json()).toEqual([]);

      const logins = await withStorage(env, async (services) => [
        await services.auth.login({ email, password: PASSWORD }, client),
        await services.auth.login({ email, password: PASSWORD }, client),
      ]);

      // The address is matched as normalised (lower-case, trimmed).
      const res = await cli(env, 'outbox', '--to', ` ${email.toUpperCase()} `);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toBe('');
      const items = res.json();
      expect(Array.isArray(items)).toBe(true);
      expect(items).toHaveLength(2);
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(['body', 'channel', 'createdAt', 'id', 'subject', 'to']);
        expect(item).toMatchObject({ id: expect.stringMatching(/^ntf_/), channel: 'email', to: email, subject: 'Your idv sign-in code' });
        expect(item.body).toMatch(/\b\d{6}\b/);
        expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
      }
      const [newest, older] = items;
      expect(newest.id > older.id).toBe(true);
      expect(newest.createdAt >= older.createdAt).toBe(true);

      // --limit 1: only the newest.
      const one = await cli(env, 'outbox', '--to', email, '--limit', '1');
      expect(one.code, one.stderr).toBe(0);
      expect(one.json()).toEqual([newest]);

      // The code printed first is the current one: it confirms the second login.
      const tokens = await withStorage(env, (services) => services.auth.confirmLogin({ loginToken: logins[1]!.loginToken, otp: otpFrom(newest.body) }, client));
      expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, sessionId: expect.stringMatching(/^ses_/) });

      // Another address's messages are not shown.
      const other = await cli(env, 'outbox', '--to', `nobody-${tag}@example.com`);
      expect(other.json()).toEqual([]);
    });

    it('refuses a bad --limit with a message on stderr and exit 2', async () => {
      const env = target.env();
      const cases: Array<[string[], RegExp]> = [
        [['--limit', '0'], /--limit must be from 1 to 100/],
        [['--limit', '101'], /--limit must be from 1 to 100/],
        [['--limit', 'abc'], /--limit must be a whole number \(got "abc"\)/],
        [['--limit', '1.5'], /--limit must be a whole number/],
        [['--limit', '-1'], /--limit/],
        [['--to'], /--to/],
        [['--from', 'x@example.com'], /Unknown option '--from'/],
      ];
      for (const [args, message] of cases) {
        const res = await cli(env, 'outbox', ...args);
        expect(res.code, args.join(' ')).toBe(2);
        expect(res.stderr, args.join(' ')).toMatch(message);
        expect(res.stdout, args.join(' ')).toBe('');
      }
    });
  });
}
