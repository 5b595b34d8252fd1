import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { wire } from '../../src/runtime.js';
import { cli, cliTargets } from '../helpers/cli.js';
import { lookup } from '../helpers/harness.js';



const targets = cliTargets('cli');

/** Opens the storage the CLI wrote to and calls the API with a key it printed. */
async function callWith(env: Record<string, string>, secret: string) {
  const wiring = await wire(loadConfig({ ...env, NODE_ENV: 'test' }), { logger: createLogger('silent'), defaultMetrics: false });
  try {
    const res = await lookup(wiring.app, secret);
    return { status: res.statusCode, body: res.json() };
  } finally {
    await wiring.close();
  }
}

for (const target of targets) {
  describe(`idv CLI [${target.name}]`, () => {
    // On the embedded database, a new DATA_DIR (from the build's seed): slow on a loaded machine.
    it('migrate applies the migrations once', { timeout: 90_000 }, async () => {
      const env = target.env({ fresh: true });
      const first = await cli(env, 'migrate');
      expect(first.code).toBe(0);
      expect(first.json().database).toMatch(target.name === 'pglite' ? /embedded/ : /PostgreSQL/);
      // A new embedded DATA_DIR starts from the build's seed, migrated when it was made: nothing is left
      // to apply (without a seed every migration applies: src/platform/pglite-seed.test.ts).
      if (target.name === 'pglite') expect(first.json().applied).toEqual([]);
      const second = await cli(env, 'migrate');
      expect(second.json().applied).toEqual([]);
    });

    // Many CLI runs, each opening its storage (on the embedded database: migrations on a fresh directory): slow on a loaded machine.
    it('creates an organisation, provisions a service, creates a key that works, and refuses what is wrong', { timeout: 90_000 }, async () => {
      const env = target.env();
      const tag = randomBytes(4).toString('hex');
      const org = await cli(env, 'org', 'create', '--name', 'Acme Lending', '--admin-email', `Owner-${tag}@Example.com`, '--admin-password', 'a long enough password');
      expect(org.code).toBe(0);
      const { organisationId, userId } = org.json();
      expect(organisationId).toMatch(/^org_/);
      expect(userId).toMatch(/^usr_/);

      const again = await cli(env, 'org', 'create', '--name', 'Other', '--admin-email', `owner-${tag}@example.com`, '--admin-password', 'a long enough password');
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already exists/);
      expect(again.stdout).toBe('');

      const provisioned = await cli(env, 'service', 'provision', '--org', organisationId, '--service', 'NIN_LOOKUP', '--price-basic', '120.5');
      expect(provisioned.code).toBe(0);
      expect(provisioned.json()).toMatchObject({ code: 'NIN_LOOKUP', status: 'ACTIVE', accessLevel: 'BASIC', price: 120.5, currency: 'NGN', prices: { BASIC: 120.5, STANDARD: 150, PREMIUM: 200 } });

      const key = await cli(env, 'key', 'create', '--org', organisationId, '--type', 'test', '--name', 'ci', '--rate-limit', '100', '--expires-in-days', '30');
      expect(key.code).toBe(0);
      const created = key.json();
      expect(created).toMatchObject({ id: expect.stringMatching(/^key_/), type: 'test', name: 'ci', rateLimit: 100, revokedAt: null });
      expect(created.secret).toMatch(/^sk_test_[A-Za-z0-9]{40}$/);

      const call = await callWith(env, created.secret);
      expect(call.status).toBe(200);
      expect(call.body.data.record.nin).toBe('11111111111');

      const suspended = await cli(env, 'service', 'provision', '--org', organisationId, '--service', 'NIN_LOOKUP', '--status', 'SUSPENDED');
      expect(suspended.json()).toMatchObject({ status: 'SUSPENDED', prices: { BASIC: 120.5 } });
      expect((await callWith(env, created.secret)).status).toBe(403);
    });

    it('admin create makes a platform admin', async () => {
      const env = target.env();
      const res = await cli(env, 'admin', 'create', '--email', `ops-${randomBytes(4).toString('hex')}@example.com`, '--password', 'staff password 123');
      expect(res.code).toBe(0);
      expect(res.json()).toEqual({ userId: expect.stringMatching(/^usr_/) });
    });

    it('demo prints a ready organisation whose test key works', async () => {
      const env = target.env();
      const res = await cli(env, 'demo');
      expect(res.code).toBe(0);
      const demo = res.json();
      expect(Object.keys(demo).sort()).toEqual(
        ['liveKey', 'organisationId', 'ownerEmail', 'ownerPassword', 'platformAdminEmail', 'platformAdminPassword', 'testKey'].sort(),
      );
      expect(demo.liveKey).toMatch(/^sk_live_/);
      const call = await callWith(env, demo.testKey);
      expect(call.status).toBe(200);
      // The demo organisation is on STANDARD: contact fields are included.
      expect(call.body.data.record.email).toBeDefined();
    });

    it('answers bad arguments with a message on stderr and a non-zero exit', async () => {
      const env = target.env();
      const cases: Array<[string[], number, RegExp]> = [
        [['frobnicate'], 2, /Unknown command "frobnicate"/],
        [['org', 'create', '--name', 'x'], 2, /Missing --admin-email, --admin-password/],
        [['org', 'create', '--name', 'x', '--admin-email', 'not-an-email', '--admin-password', 'short'], 1, /adminEmail: must be an email address[\s\S]*adminPassword: must be at least 10/],
        [['key', 'create', '--org', 'org_x', '--type', 'prod', '--name', 'n'], 2, /--type must be test or live/],
        [['key', 'create', '--org', 'org_missing', '--type', 'test', '--name', 'n'], 1, /Organisation not found/],
        [['key', 'create', '--org', 'org_x', '--type', 'test', '--name', 'n', '--rate-limit', 'fast'], 2, /--rate-limit must be a whole number/],
        [['key', 'create', '--org', 'org_x', '--type', 'test', '--name', 'n', '--bogus', '1'], 2, /Unknown option '--bogus'/],
        [['service', 'provision', '--org', 'org_x', '--service', 'NOPE'], 2, /--service must be one of/],
        [['service', 'provision', '--org', 'org_x', '--service', 'NIN_LOOKUP', '--price-basic', '1.005'], 2, /at most two decimals/],
        [['admin', 'delete'], 2, /Usage: idv admin create/],
        [['org', 'create', '--name', 'Acme\u001b[31m', '--admin-email', 'a@example.com', '--admin-password', 'long enough pass'], 2, /--name must not contain control characters/],
        [['key', 'create', '--org', 'org_x', '--type', 'test', '--name', 'x\ud800'], 2, /--name must be valid Unicode text/],
      ];
      for (const [argv, code, message] of cases) {
        const res = await cli(env, ...argv);
        expect(res.code, argv.join(' ')).toBe(code);
        expect(res.stderr, argv.join(' ')).toMatch(message);
        expect(res.stdout, argv.join(' ')).toBe('');
      }
    });
  });
}

describe('idv CLI configuration', () => {
  it('names a configuration problem and exits non-zero', async () => {
    const res = await cli({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'idv-cli-')) }, 'migrate');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/JWT_SECRET is required in production/);
  });

  it('prints usage for help and for no command', async () => {
    const help = await cli({}, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: idv <command>[\s\S]*--version/);
    expect((await cli({}, 'help')).code).toBe(0);
    const none = await cli({});
    expect(none.code).toBe(2);
    expect(none.stdout).toMatch(/Usage: idv <command>/);
  });
});

describe('idv CLI help, version and mistakes', () => {
  const commands: string[][] = [
    ['migrate'], ['serve'], ['simulator'], ['admin', 'create'], ['org', 'create'], ['service', 'provision'],
    ['key', 'create'], ['wallet', 'adjust'], ['demo'], ['outbox'],
  ];

  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    const res = await cli({}, '--version');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`idv ${version}\n`);
  });

  it('--help and -h on every command and subcommand print its usage and exit 0, doing nothing else', async () => {
    // No DATA_DIR, no database: help never opens storage or starts a server.
    for (const argv of commands) {
      for (const flag of ['--help', '-h']) {
        const res = await cli({ DATA_DIR: '/nonexistent/never-created' }, ...argv, flag);
        expect(res.code, `${argv.join(' ')} ${flag}`).toBe(0);
        expect(res.stderr).toBe('');
        expect(res.stdout).toMatch(new RegExp(`^Usage: idv ${argv.join(' ')}`));
        expect(res.stdout).toMatch(/-h, --help {2,}show this help/);
      }
    }
    // Help wins over other options, even wrong ones; `idv help <command>` says the same.
    const mixed = await cli({}, 'key', 'create', '--org', 'x', '--bogus', '--help');
    expect(mixed.code).toBe(0);
    expect(mixed.stdout).toMatch(/^Usage: idv key create --org ID --type test\|live --name N/);
    expect((await cli({}, 'help', 'key', 'create')).stdout).toBe(mixed.stdout);
    expect((await cli({}, 'help', 'outbox')).stdout).toMatch(/^Usage: idv outbox \[--to ADDRESS\] \[--limit N\]/);
    // A command with subcommands lists them.
    for (const group of ['admin', 'org', 'service', 'key', 'wallet']) {
      const res = await cli({}, group, '--help');
      expect(res.code, group).toBe(0);
      expect(res.stdout).toMatch(new RegExp(`^Usage: idv ${group} \\w+[\\s\\S]*Subcommands:`));
    }
  });

  it('answers an unknown option, subcommand or argument with that command\'s usage on stderr and exit 2', async () => {
    for (const argv of commands) {
      const res = await cli({ DATA_DIR: '/nonexistent/never-created' }, ...argv, '--nope');
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toMatch(/^idv: Unknown option '--nope'/);
      expect(res.stderr).toContain(`\n\nUsage: idv ${argv.join(' ')}`);
    }
    const sub = await cli({}, 'key', 'delete');
    expect(sub.code).toBe(2);
    expect(sub.stderr).toMatch(/^idv: Unknown subcommand "key delete"\.\n\nUsage: idv key create --org ID/);
    const none = await cli({}, 'wallet');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^idv: "idv wallet" needs a subcommand\.[\s\S]*Usage: idv wallet adjust/);
    const extra = await cli({}, 'demo', 'now');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/Unexpected argument 'now'[\s\S]*Usage: idv demo/);
    const topLevel = await cli({}, '--nope');
    expect(topLevel.code).toBe(2);
    expect(topLevel.stderr).toMatch(/^idv: Unknown option '--nope'\n\nUsage: idv <command>/);
    // A value that is wrong, rather than unknown, is named with the usage too.
    const value = await cli({}, 'key', 'create', '--org', 'org_x', '--type', 'prod', '--name', 'n');
    expect(value.stderr).toMatch(/^idv: --type must be test or live\n\nUsage: idv key create/);
  });
});
