#!/usr/bin/env node
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { SERVICE_CODES } from '../catalogue/catalogue.js';
import { createDemo } from '../demo.js';
import { migrate } from '../migrate.js';
import { DataDirLockedError } from '../platform/data-dir-lock.js';
import { openDatabase } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { createLogger, type Logger } from '../platform/logger.js';
import { isNairaAmount, nairaToKobo } from '../platform/money.js';
import { unsafeTextReason } from '../platform/safe-text.js';
import { wire, type Runtime } from '../runtime.js';
import { startServer } from '../server.js';
import { startSimulator } from '../simulator/simulator.js';

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
}

/** A mistake in how the command was called: message to stderr, exit 2. */
class UsageError extends Error {}

const USAGE = `Usage: idv <command> [options]

Commands:
  migrate                                   apply database migrations
  serve                                     run the HTTP API (PORT, default 3000)
  simulator                                 run the registry simulator (SIMULATOR_PORT, default 4010)
  admin create --email E --password P       create a platform admin
  org create --name N --admin-email E --admin-password P
                                            create an organisation and its OWNER
  service provision --org ID --service CODE [--status ACTIVE|SUSPENDED]
                    [--price-basic N] [--price-standard N] [--price-premium N]
                                            provision a service (prices in naira)
  key create --org ID --type test|live --name N [--rate-limit N] [--expires-in-days N]
                                            create an API key (the secret is shown once)
  wallet adjust --org ID --amount N --reason R --admin USER_ID [--approver USER_ID]
                                            credit (N > 0) or debit (--amount=-N) a wallet, in naira
  demo                                      create a demo organisation with keys
  outbox [--to ADDRESS] [--limit N]         messages written to the outbox, newest first

Each command prints one JSON document on stdout. Configuration comes from the environment
(DATABASE_URL, DATA_DIR, …; see README.md).`;

type Options = NonNullable<ParseArgsConfig['options']>;

function parse(args: string[], options: Options, required: string[]): Record<string, string> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const missing = required.filter((r) => values[r] === undefined || values[r] === '');
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map((m) => `--${m}`).join(', ')}`);
  // The same rule as every string of the API: no control characters reach the database.
  for (const [name, value] of Object.entries(values)) {
    const reason = typeof value === 'string' ? unsafeTextReason(value) : null;
    if (reason) throw new UsageError(`--${name} ${reason}`);
  }
  return values as Record<string, string>;
}

const str = { type: 'string' } as const;

function wholeNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number (got "${raw}")`);
  return Number(raw);
}

function naira(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || !isNairaAmount(n)) {
    throw new UsageError(`--${name} must be an amount in naira with at most two decimals (got "${raw}")`);
  }
  return nairaToKobo(n);
}

/** Runs one CLI command; returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const print = (doc: unknown) => io.stdout.write(JSON.stringify(doc, null, 2) + '\n');
  const [command, sub, ...rest] = argv;
  let config: Config;
  let runtime: Runtime | null = null;
  const withRuntime = async <T>(fn: (rt: Runtime) => Promise<T>): Promise<T> => {
    // Storage and services only: a command needs no upstreams, app or background jobs.
    const opened = await wire(config, { logger, http: false });
    runtime = opened;
    return fn(opened);
  };
  const logger: Logger = createLogger('warn', io.stderr as unknown as import('pino').DestinationStream);

  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout.write(USAGE + '\n');
      return command === undefined ? 2 : 0;
    }
    config = loadConfig(io.env);
    switch (command) {
      case 'migrate': {
        if (sub !== undefined) parse([sub, ...rest], {}, []);
        const database = await openDatabase(
          config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
        );
        try {
          const applied = await migrate(database);
          print({ applied, database: database.description });
        } finally {
          await database.close();
        }
        return 0;
      }
      case 'serve': {
        if (sub !== undefined) parse([sub, ...rest], {}, []);
        await startServer(config, createLogger(config.logLevel), io.stdout);
        return -1; // keeps running until a signal
      }
      case 'simulator': {
        if (sub !== undefined) parse([sub, ...rest], {}, []);
        const { seed, ...faults } = config.simulator;
        const sim = await startSimulator({
          host: config.host,
          port: config.simulatorPort,
          gatewaySecret: config.paymentGatewaySecret,
          ...faults,
          ...(seed === null ? {} : { seed }),
        });
        io.stderr.write(`idv registry simulator listening on ${sim.url}\n`);
        const stop = () => void sim.app.close().then(() => process.exit(0));
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
        return -1; // keeps running until a signal
      }
      case 'admin': {
        if (sub !== 'create') throw new UsageError('Usage: idv admin create --email E --password P');
        const v = parse(rest, { email: str, password: str }, ['email', 'password']);
        print(await withRuntime((rt) => rt.services.accounts.createPlatformAdmin({ email: v.email!, password: v.password! })));
        return 0;
      }
      case 'org': {
        if (sub !== 'create') throw new UsageError('Usage: idv org create --name N --admin-email E --admin-password P');
        const v = parse(rest, { name: str, 'admin-email': str, 'admin-password': str }, ['name', 'admin-email', 'admin-password']);
        print(
          await withRuntime((rt) =>
            rt.services.accounts.createOrganisation({ name: v.name!, ownerEmail: v['admin-email']!, ownerPassword: v['admin-password']! }),
          ),
        );
        return 0;
      }
      case 'service': {
        if (sub !== 'provision') throw new UsageError('Usage: idv service provision --org ID --service CODE [--status ACTIVE|SUSPENDED] [--price-basic N …]');
        const v = parse(
          rest,
          { org: str, service: str, status: str, 'price-basic': str, 'price-standard': str, 'price-premium': str },
          ['org', 'service'],
        );
        if (!(SERVICE_CODES as readonly string[]).includes(v.service!)) {
          throw new UsageError(`--service must be one of: ${SERVICE_CODES.join(', ')}`);
        }
        if (v.status !== undefined && v.status !== 'ACTIVE' && v.status !== 'SUSPENDED') {
          throw new UsageError('--status must be ACTIVE or SUSPENDED');
        }
        const pricesKobo = {
          BASIC: naira('price-basic', v['price-basic']),
          STANDARD: naira('price-standard', v['price-standard']),
          PREMIUM: naira('price-premium', v['price-premium']),
        };
        print(
          await withRuntime((rt) =>
            rt.services.catalogue.provision({
              organisationId: v.org!,
              service: v.service!,
              status: v.status as 'ACTIVE' | 'SUSPENDED' | undefined,
              pricesKobo: Object.fromEntries(Object.entries(pricesKobo).filter(([, p]) => p !== undefined)),
            }),
          ),
        );
        return 0;
      }
      case 'key': {
        if (sub !== 'create') throw new UsageError('Usage: idv key create --org ID --type test|live --name N [--rate-limit N] [--expires-in-days N]');
        const v = parse(rest, { org: str, type: str, name: str, 'rate-limit': str, 'expires-in-days': str }, ['org', 'type', 'name']);
        if (v.type !== 'test' && v.type !== 'live') throw new UsageError('--type must be test or live');
        const rateLimit = wholeNumber('rate-limit', v['rate-limit']);
        const expiresInDays = wholeNumber('expires-in-days', v['expires-in-days']);
        const created = await withRuntime((rt) =>
          rt.services.apiKeys.create({ organisationId: v.org!, type: v.type as 'test' | 'live', name: v.name!, rateLimit, expiresInDays }),
        );
        print({ ...created.key, secret: created.secret });
        return 0;
      }
      case 'wallet': {
        if (sub !== 'adjust') throw new UsageError('Usage: idv wallet adjust --org ID --amount N --reason R --admin USER_ID [--approver USER_ID]');
        const v = parse(rest, { org: str, amount: str, reason: str, admin: str, approver: str }, ['org', 'amount', 'reason', 'admin']);
        const raw = v.amount!;
        const amount = Number(raw);
        if (!/^-?\d+(\.\d{1,2})?$/.test(raw) || amount === 0 || !isNairaAmount(amount)) {
          throw new UsageError(`--amount must be a non-zero amount in naira with at most two decimals, e.g. 5000 or --amount=-250.50 (got "${raw}")`);
        }
        const { result } = await withRuntime((rt) =>
          rt.services.adjustments.adjust({
            organisationId: v.org!,
            amountKobo: nairaToKobo(amount),
            reason: v.reason!,
            adminId: v.admin!,
            approverId: v.approver,
          }),
        );
        print(result);
        return 0;
      }
      case 'demo': {
        if (sub !== undefined) parse([sub, ...rest], {}, []);
        print(await withRuntime((rt) => createDemo(rt.services)));
        return 0;
      }
      case 'outbox': {
        const v = parse([sub, ...rest].filter((a): a is string => a !== undefined), { to: str, limit: str }, []);
        const limit = wholeNumber('limit', v.limit) ?? 20;
        if (limit < 1 || limit > 100) throw new UsageError('--limit must be from 1 to 100');
        const page = await withRuntime((rt) => rt.services.notifications.outbox({ to: v.to, limit }));
        print(page.items);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } catch (err) {
    io.stderr.write(describeError(err) + '\n');
    return err instanceof UsageError ? 2 : 1;
  } finally {
    if (runtime !== null) await (runtime as Runtime).close();
  }
}

function describeError(err: unknown): string {
  if (err instanceof UsageError) return `idv: ${err.message}`;
  if (err instanceof ConfigError || err instanceof DataDirLockedError) return `idv: ${err.message}`;
  if (err instanceof AppError) {
    const fields = err.errors?.map((e) => `\n  ${e.field}: ${e.message}`).join('') ?? '';
    return `idv: ${err.message}${fields}`;
  }
  return `idv: unexpected error: ${(err as Error).message ?? String(err)}`;
}

// Run when executed directly (bin/idv.js, `node dist/cli/main.js`, tsx), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
    if (code >= 0) process.exitCode = code;
  });
}
