#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, StartupError, type Config } from '../config.js';
import { SERVICE_CODES } from '../catalogue/catalogue.js';
import { createDemo } from '../demo.js';
import { EVENT_TYPE_NAMES, type EventFilters, type EventView } from '../events/events.service.js';
import { migrate } from '../migrate.js';
import { DataDirLockedError, liveLockHolder } from '../platform/data-dir-lock.js';
import { openDatabase } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { createLogger, prettyDestination, type Logger } from '../platform/logger.js';
import { isNairaAmount, nairaToKobo } from '../platform/money.js';
import { unsafeTextReason } from '../platform/safe-text.js';
import { parseDateTime } from '../records/filters.js';
import { wire, type Runtime } from '../runtime.js';
import { startServer } from '../server.js';
import { startSimulator } from '../simulator/simulator.js';
import { DELIVERY_STATUSES } from '../webhooks/webhooks.service.js';
import { ServerCallError, viaServer, type RunningServer } from './via-server.js';

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
}

/** A mistake in how the command was called: message and that command's usage to stderr, exit 2. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** One command (or subcommand): how it is called, what it does, its options, and what it prints. */
interface Spec {
  /** `idv key create`. */
  name: string;
  /** The synopsis after the name. */
  synopsis: string;
  summary: string;
  options: Options;
  required: string[];
  /** [option as written, what it is], in the order shown. */
  help: Array<[string, string]>;
  /** Paragraphs after the options. */
  notes?: string[];
}

const str = { type: 'string' } as const;

/** Said by every command that opens the embedded database. */
const LOCK_NOTE =
  'With the embedded database (no DATABASE_URL), this command needs DATA_DIR for itself: stop a running `idv serve` on it first, or use PostgreSQL (DATABASE_URL), which the server and the CLI share.';
const VIA_SERVER_NOTE =
  'While `idv serve` holds the embedded database (DATA_DIR), this command goes through that server (on this machine, with the token in its lock file).';

const COMMANDS: Record<string, Spec> = {
  migrate: {
    name: 'idv migrate',
    synopsis: '',
    summary: 'Apply the database migrations that are not applied yet, and print them.',
    options: {},
    required: [],
    help: [],
    notes: ['`idv serve` applies them at every start too.', LOCK_NOTE],
  },
  serve: {
    name: 'idv serve',
    synopsis: '',
    summary: 'Run the HTTP API, the background jobs and, outside production, the registry simulator for the unset provider URLs.',
    options: {},
    required: [],
    help: [],
    notes: [
      'Settings come from the environment: PORT (default 3000), HOST (127.0.0.1 outside production), METRICS_PORT (9464), DATABASE_URL (unset: the embedded database in DATA_DIR, default ./data), REDIS_URL, LOG_LEVEL, BANNER (auto, on, off), and the others of README.md.',
      'A start that cannot go on (a port in use, a database or Redis not reachable, a DATA_DIR that cannot be written, a bad setting) exits non-zero with one line naming the setting to change.',
    ],
  },
  simulator: {
    name: 'idv simulator',
    synopsis: '',
    summary: 'Run the registry and payment-gateway simulator (SIMULATOR_PORT, default 4010; faults: SIMULATOR_* settings, docs/simulator.md).',
    options: {},
    required: [],
    help: [],
  },
  'admin create': {
    name: 'idv admin create',
    synopsis: '--email E --password P',
    summary: 'Create a platform admin; prints { userId }.',
    options: { email: str, password: str },
    required: ['email', 'password'],
    help: [
      ['--email E', "the admin's email address"],
      ['--password P', 'at least 10 characters'],
    ],
    notes: [LOCK_NOTE],
  },
  'org create': {
    name: 'idv org create',
    synopsis: '--name N --admin-email E --admin-password P',
    summary: 'Create an organisation and its OWNER; prints { organisationId, userId }.',
    options: { name: str, 'admin-email': str, 'admin-password': str },
    required: ['name', 'admin-email', 'admin-password'],
    help: [
      ['--name N', "the organisation's name"],
      ['--admin-email E', "the OWNER's email address"],
      ['--admin-password P', "the OWNER's password, at least 10 characters"],
    ],
    notes: [LOCK_NOTE],
  },
  'service provision': {
    name: 'idv service provision',
    synopsis: '--org ID --service CODE [--status ACTIVE|SUSPENDED] [--price-basic N] [--price-standard N] [--price-premium N]',
    summary: 'Provision a service for an organisation (prices in naira; unset ones keep the platform defaults); prints the service.',
    options: { org: str, service: str, status: str, 'price-basic': str, 'price-standard': str, 'price-premium': str },
    required: ['org', 'service'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--service CODE', `one of ${SERVICE_CODES.join(', ')}`],
      ['--status S', 'ACTIVE (default) or SUSPENDED'],
      ['--price-basic N', 'price per call at the BASIC level, in naira'],
      ['--price-standard N', 'price per call at the STANDARD level, in naira'],
      ['--price-premium N', 'price per call at the PREMIUM level, in naira'],
    ],
    notes: [LOCK_NOTE],
  },
  'key create': {
    name: 'idv key create',
    synopsis: '--org ID --type test|live --name N [--rate-limit N] [--expires-in-days N]',
    summary: 'Create an API key; prints it with its secret, which is shown this once.',
    options: { org: str, type: str, name: str, 'rate-limit': str, 'expires-in-days': str },
    required: ['org', 'type', 'name'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--type T', 'test (sandbox, never charged) or live (billed)'],
      ['--name N', 'a name to recognise it by, 1 to 100 characters'],
      ['--rate-limit N', 'requests per minute, 1 to 1000000 (default 600)'],
      ['--expires-in-days N', '1 to 3650 (default: never)'],
    ],
    notes: [VIA_SERVER_NOTE],
  },
  'wallet adjust': {
    name: 'idv wallet adjust',
    synopsis: '--org ID --amount N --reason R --admin USER_ID [--approver USER_ID]',
    summary: "Credit (N > 0) or debit (--amount=-N) an organisation's wallet, in naira; prints the adjustment.",
    options: { org: str, amount: str, reason: str, admin: str, approver: str },
    required: ['org', 'amount', 'reason', 'admin'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--amount N', 'naira, at most two decimals; a debit is written --amount=-250.50'],
      ['--reason R', 'why, kept in the journal'],
      ['--admin USER_ID', 'the platform admin making the adjustment'],
      ['--approver USER_ID', 'a second platform admin, required above ADJUSTMENT_APPROVAL_THRESHOLD'],
    ],
    notes: [LOCK_NOTE],
  },
  demo: {
    name: 'idv demo',
    synopsis: '',
    summary: 'Create a demo organisation (every service, STANDARD access, ₦10,000 credit) and print its sign-in and its test and live keys.',
    options: {},
    required: [],
    help: [],
    notes: [VIA_SERVER_NOTE],
  },
  outbox: {
    name: 'idv outbox',
    synopsis: '[--to ADDRESS] [--limit N]',
    summary: 'Print the messages written to the outbox (sign-in codes, invitations), newest first.',
    options: { to: str, limit: str },
    required: [],
    help: [
      ['--to ADDRESS', 'only the messages to this address'],
      ['--limit N', '1 to 100 (default 20)'],
    ],
    notes: [VIA_SERVER_NOTE],
  },
  'events list': {
    name: 'idv events list',
    synopsis: '--org ID [--type TYPE] [--limit N]',
    summary: "Print an organisation's events of the last 30 days (live and test), newest first, each as GET /v1/events/{id} shows it.",
    options: { org: str, type: str, limit: str },
    required: ['org'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--type TYPE', `only events of this type: ${EVENT_TYPE_NAMES.join(', ')}`],
      ['--limit N', '1 to 100 (default 20)'],
    ],
    notes: [LOCK_NOTE],
  },
  'webhooks list': {
    name: 'idv webhooks list',
    synopsis: '--org ID',
    summary: "Print an organisation's webhook endpoints, newest first (never their secrets).",
    options: { org: str },
    required: ['org'],
    help: [['--org ID', 'the organisation (org_…)']],
    notes: [LOCK_NOTE],
  },
  'webhooks deliveries': {
    name: 'idv webhooks deliveries',
    synopsis: '--org ID --endpoint ID [--status PENDING|SUCCEEDED|FAILED] [--limit N]',
    summary: "Print a webhook endpoint's deliveries, newest first.",
    options: { org: str, endpoint: str, status: str, limit: str },
    required: ['org', 'endpoint'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--endpoint ID', 'the endpoint (whk_…)'],
      ['--status S', `only deliveries in this status: ${DELIVERY_STATUSES.join(', ')}`],
      ['--limit N', '1 to 100 (default 20)'],
    ],
    notes: [LOCK_NOTE],
  },
  'webhooks redeliver': {
    name: 'idv webhooks redeliver',
    synopsis: '--org ID --delivery ID',
    summary: 'Queue one manual attempt of a delivery, whatever its status; prints the delivery.',
    options: { org: str, delivery: str },
    required: ['org', 'delivery'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--delivery ID', 'the delivery (dlv_…)'],
    ],
    notes: [
      "The server's delivery workers make the attempt (with the embedded database, once `idv serve` runs again). The endpoint must be ENABLED (`idv webhooks enable`).",
      LOCK_NOTE,
    ],
  },
  'webhooks recover': {
    name: 'idv webhooks recover',
    synopsis: '--org ID --endpoint ID --since ISO [--until ISO]',
    summary: 'Queue one manual attempt for every event in [since, until) the endpoint matches and has not received; prints { queued, nextSince }.',
    options: { org: str, endpoint: str, since: str, until: str },
    required: ['org', 'endpoint', 'since'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--endpoint ID', 'the endpoint (whk_…)'],
      ['--since ISO', 'an ISO 8601 date-time with Z or an offset, within the last 30 days'],
      ['--until ISO', 'the end, exclusive (default: now)'],
    ],
    notes: [
      'At most 10000 per call: when nextSince is not null, call again with --since nextSince. The server\'s delivery workers make the attempts (with the embedded database, once `idv serve` runs again). The endpoint must be ENABLED (`idv webhooks enable`).',
      LOCK_NOTE,
    ],
  },
  'webhooks enable': {
    name: 'idv webhooks enable',
    synopsis: '--org ID --endpoint ID',
    summary: 'Re-enable a webhook endpoint (disabled as MANUAL, FAILING or GONE); prints the endpoint.',
    options: { org: str, endpoint: str },
    required: ['org', 'endpoint'],
    help: [
      ['--org ID', 'the organisation (org_…)'],
      ['--endpoint ID', 'the endpoint (whk_…)'],
    ],
    notes: ['It gets the events raised from now on; `idv webhooks recover` sends it those it missed.', LOCK_NOTE],
  },
};

/** Commands with subcommands. */
const GROUPS: Record<string, { summary: string; subcommands: string[] }> = {
  admin: { summary: 'Platform admins.', subcommands: ['create'] },
  org: { summary: 'Organisations.', subcommands: ['create'] },
  service: { summary: "An organisation's services.", subcommands: ['provision'] },
  key: { summary: 'API keys.', subcommands: ['create'] },
  wallet: { summary: 'Wallets.', subcommands: ['adjust'] },
  events: { summary: "An organisation's events.", subcommands: ['list'] },
  webhooks: { summary: "An organisation's webhook endpoints and deliveries.", subcommands: ['list', 'deliveries', 'redeliver', 'recover', 'enable'] },
};

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
  events list --org ID [--type TYPE] [--limit N]
                                            an organisation's events, newest first
  webhooks list --org ID                    an organisation's webhook endpoints
  webhooks deliveries --org ID --endpoint ID [--status S] [--limit N]
                                            an endpoint's deliveries, newest first
  webhooks redeliver --org ID --delivery ID queue a manual attempt of a delivery
  webhooks recover --org ID --endpoint ID --since ISO [--until ISO]
                                            queue what an endpoint missed
  webhooks enable --org ID --endpoint ID    re-enable a disabled endpoint

Options:
  -h, --help                                this help; \`idv <command> --help\` for a command's
  --version                                 the version of idv

Each command prints one JSON document on stdout. Configuration comes from the environment
(DATABASE_URL, DATA_DIR, …; see README.md).`;

function commandHelp(spec: Spec): string {
  const rows: Array<[string, string]> = [...spec.help, ['-h, --help', 'show this help']];
  const width = Math.max(...rows.map(([o]) => o.length)) + 2;
  const usage = `Usage: ${spec.name}${spec.synopsis ? ` ${spec.synopsis}` : ''}`;
  const notes = spec.notes && spec.notes.length > 0 ? `\n\n${spec.notes.join('\n\n')}` : '';
  return `${usage}\n\n${spec.summary}\n\nOptions:\n${rows.map(([o, d]) => `  ${o.padEnd(width)}${d}`).join('\n')}${notes}`;
}

function groupHelp(group: string): string {
  const g = GROUPS[group]!;
  const lines = g.subcommands.map((sub) => {
    const spec = COMMANDS[`${group} ${sub}`]!;
    return `  ${spec.name} ${spec.synopsis}\n      ${spec.summary}`;
  });
  return `Usage: ${g.subcommands.map((sub) => `idv ${group} ${sub} ${COMMANDS[`${group} ${sub}`]!.synopsis}`).join('\n       ')}\n\n${g.summary}\n\nSubcommands:\n${lines.join('\n')}\n\nRun \`idv ${group} <subcommand> --help\` for one subcommand's options.`;
}

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h';

function parse(args: string[], spec: Spec): Record<string, string> {
  const usage = commandHelp(spec);
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options: spec.options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError((err as Error).message, usage);
  }
  const missing = spec.required.filter((r) => values[r] === undefined || values[r] === '');
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map((m) => `--${m}`).join(', ')}`, usage);
  // The same rule as every string of the API: no control characters reach the database.
  for (const [name, value] of Object.entries(values)) {
    const reason = typeof value === 'string' ? unsafeTextReason(value) : null;
    if (reason) throw new UsageError(`--${name} ${reason}`, usage);
  }
  return values as Record<string, string>;
}

function wholeNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number (got "${raw}")`);
  return Number(raw);
}

/** --limit of a list: 1 to 100, default 20 (as the API's). */
function listLimit(raw: string | undefined): number {
  const limit = wholeNumber('limit', raw) ?? 20;
  if (limit < 1 || limit > 100) throw new UsageError('--limit must be from 1 to 100');
  return limit;
}

function dateTime(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (parseDateTime(raw) === null) throw new UsageError(`--${name} must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-01T00:00:00Z (got "${raw}")`);
  return raw;
}

/** Newest first by createdAt, then id: the order of every list (DESIGN.md §10 "Lists"). */
const newestFirst = (a: EventView, b: EventView) =>
  a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id === b.id ? 0 : a.id < b.id ? 1 : -1;

function naira(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || !isNairaAmount(n)) {
    throw new UsageError(`--${name} must be an amount in naira with at most two decimals (got "${raw}")`);
  }
  return nairaToKobo(n);
}

/** The version in package.json (two levels up from src/cli/ and from dist/cli/ alike). */
export function version(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Runs one CLI command; returns the exit code (-1: a server that keeps running until a signal). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const print = (doc: unknown) => io.stdout.write(JSON.stringify(doc, null, 2) + '\n');
  const [command, ...args] = argv;
  let config: Config;
  let runtime: Runtime | null = null;
  let spec: Spec | null = null;
  const withRuntime = async <T>(fn: (rt: Runtime) => Promise<T>): Promise<T> => {
    // Storage and services only: a command needs no upstreams, app or background jobs.
    const opened = await wire(config, { logger, http: false });
    runtime = opened;
    return fn(opened);
  };
  const logger: Logger = createLogger('warn', io.stderr as unknown as import('pino').DestinationStream);

  try {
    if (command === undefined) {
      io.stdout.write(USAGE + '\n');
      return 2;
    }
    if (command === 'help' || isHelp(command)) {
      const [topic, sub] = args;
      if (topic === undefined) io.stdout.write(USAGE + '\n');
      else if (COMMANDS[`${topic} ${sub}`]) io.stdout.write(commandHelp(COMMANDS[`${topic} ${sub}`]!) + '\n');
      else if (GROUPS[topic]) io.stdout.write(groupHelp(topic) + '\n');
      else if (COMMANDS[topic]) io.stdout.write(commandHelp(COMMANDS[topic]!) + '\n');
      else throw new UsageError(`Unknown command "${topic}".`, USAGE);
      return 0;
    }
    if (command === '--version') {
      io.stdout.write(`idv ${version()}\n`);
      return 0;
    }
    if (command.startsWith('-')) throw new UsageError(`Unknown option '${command}'`, USAGE);

    let rest = args;
    if (GROUPS[command]) {
      const [sub, ...subArgs] = args;
      if (isHelp(sub)) {
        io.stdout.write(groupHelp(command) + '\n');
        return 0;
      }
      spec = COMMANDS[`${command} ${sub}`] ?? null;
      if (!spec) throw new UsageError(sub === undefined ? `"idv ${command}" needs a subcommand.` : `Unknown subcommand "${command} ${sub}".`, groupHelp(command));
      rest = subArgs;
    } else {
      spec = COMMANDS[command] ?? null;
      if (!spec) throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
    // Help wins over everything else on the line.
    if (rest.some(isHelp)) {
      io.stdout.write(commandHelp(spec) + '\n');
      return 0;
    }
    const v = parse(rest, spec);
    config = loadConfig(io.env);

    switch (spec.name) {
      case 'idv migrate': {
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
      case 'idv serve': {
        const pretty = config.nodeEnv === 'development' && (io.stdout as { isTTY?: boolean }).isTTY === true;
        await startServer(config, createLogger(config.logLevel, pretty ? prettyDestination(io.stdout) : undefined), io.stdout);
        return -1; // keeps running until a signal
      }
      case 'idv simulator': {
        const { seed, ...faults } = config.simulator;
        const sim = await startSimulator({
          host: config.host,
          port: config.simulatorPort,
          gatewaySecret: config.paymentGatewaySecret,
          ...faults,
          ...(seed === null ? {} : { seed }),
        }).catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'EADDRINUSE') throw new StartupError(`port ${config.simulatorPort} is in use; set SIMULATOR_PORT to a free port, or stop the process that listens on it`);
          throw err;
        });
        io.stderr.write(`idv registry simulator listening on ${sim.url}\n`);
        const stop = () => void sim.app.close().then(() => process.exit(0));
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
        return -1; // keeps running until a signal
      }
      case 'idv admin create': {
        print(await withRuntime((rt) => rt.services.accounts.createPlatformAdmin({ email: v.email!, password: v.password! })));
        return 0;
      }
      case 'idv org create': {
        print(
          await withRuntime((rt) =>
            rt.services.accounts.createOrganisation({ name: v.name!, ownerEmail: v['admin-email']!, ownerPassword: v['admin-password']! }),
          ),
        );
        return 0;
      }
      case 'idv service provision': {
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
      case 'idv key create': {
        if (v.type !== 'test' && v.type !== 'live') throw new UsageError('--type must be test or live');
        const input = {
          organisationId: v.org!,
          type: v.type as 'test' | 'live',
          name: v.name!,
          rateLimit: wholeNumber('rate-limit', v['rate-limit']),
          expiresInDays: wholeNumber('expires-in-days', v['expires-in-days']),
        };
        const server = runningServer(config);
        if (server) {
          print(await server.createApiKey(input));
          return 0;
        }
        const created = await withRuntime((rt) => rt.services.apiKeys.create(input));
        print({ ...created.key, secret: created.secret });
        return 0;
      }
      case 'idv wallet adjust': {
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
      case 'idv demo': {
        const server = runningServer(config);
        print(server ? await server.createDemo() : await withRuntime((rt) => createDemo(rt.services)));
        return 0;
      }
      case 'idv outbox': {
        const limit = listLimit(v.limit);
        const server = runningServer(config);
        const page = server ? await server.outbox({ to: v.to, limit }) : await withRuntime((rt) => rt.services.notifications.outbox({ to: v.to, limit }));
        print(page.items);
        return 0;
      }
      case 'idv events list': {
        if (v.type !== undefined && !(EVENT_TYPE_NAMES as readonly string[]).includes(v.type)) {
          throw new UsageError(`--type must be one of: ${EVENT_TYPE_NAMES.join(', ')}`);
        }
        const limit = listLimit(v.limit);
        const events = await withRuntime(async (rt) => {
          await rt.services.admin.getOrganisation(v.org!);
          // The API lists one environment at a time; an operator sees the organisation's events of both.
          const pages: EventView[] = [];
          for (const environment of ['live', 'test'] as const) {
            const filters: EventFilters = { environment, ...(v.type === undefined ? {} : { type: [v.type] }) };
            pages.push(...(await rt.services.events.list(v.org!, filters, { limit })).items);
          }
          return pages.sort(newestFirst).slice(0, limit);
        });
        print(events);
        return 0;
      }
      case 'idv webhooks list': {
        print(
          await withRuntime(async (rt) => {
            await rt.services.admin.getOrganisation(v.org!);
            return rt.services.webhooks.list(v.org!);
          }),
        );
        return 0;
      }
      case 'idv webhooks deliveries': {
        if (v.status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(v.status)) {
          throw new UsageError(`--status must be one of: ${DELIVERY_STATUSES.join(', ')}`);
        }
        const limit = listLimit(v.limit);
        const page = await withRuntime(async (rt) => {
          await rt.services.admin.getOrganisation(v.org!);
          return rt.services.webhooks.listDeliveries(v.org!, v.endpoint!, { limit: String(limit), ...(v.status === undefined ? {} : { status: v.status }) });
        });
        print(page.items);
        return 0;
      }
      case 'idv webhooks redeliver': {
        print(
          await withRuntime(async (rt) => {
            await rt.services.admin.getOrganisation(v.org!);
            return (await queueOnly(rt)).redeliver(v.org!, v.delivery!);
          }),
        );
        return 0;
      }
      case 'idv webhooks recover': {
        const since = dateTime('since', v.since)!;
        const until = dateTime('until', v.until);
        print(
          await withRuntime(async (rt) => {
            await rt.services.admin.getOrganisation(v.org!);
            return (await queueOnly(rt)).recover(v.org!, v.endpoint!, { since, ...(until === undefined ? {} : { until }) });
          }),
        );
        return 0;
      }
      case 'idv webhooks enable': {
        print(
          await withRuntime(async (rt) => {
            await rt.services.admin.getOrganisation(v.org!);
            return rt.services.webhooks.update(v.org!, v.endpoint!, { status: 'ENABLED' });
          }),
        );
        return 0;
      }
      default:
        throw new Error(`no handler for ${spec.name}`);
    }
  } catch (err) {
    io.stderr.write(describeError(err, spec) + '\n');
    return err instanceof UsageError ? 2 : 1;
  } finally {
    if (runtime !== null) await (runtime as Runtime).close();
  }
}

/**
 * The webhook service of a CLI runtime, made to only queue: redeliver and recover start the attempts
 * they queue at once in the calling process, which a command would cut off when it closes the storage
 * (leaving the delivery leased to a process that is gone). Closed first, it starts none, and the
 * server's delivery workers make them.
 */
async function queueOnly(rt: Runtime): Promise<Runtime['services']['webhooks']> {
  await rt.services.webhooks.close();
  return rt.services.webhooks;
}

/**
 * The server that holds the embedded database, when one does and says how to reach it; null when the
 * command can open the storage itself (PostgreSQL, or a free DATA_DIR).
 */
function runningServer(config: Config): RunningServer | null {
  if (config.databaseUrl) return null;
  const holder = liveLockHolder(config.dataDir);
  if (!holder || holder.pid === process.pid) return null;
  if (!holder.control) throw new DataDirLockedError(config.dataDir, holder);
  return viaServer(holder.control, holder.pid);
}

function describeError(err: unknown, spec: Spec | null): string {
  if (err instanceof UsageError) {
    const usage = err.usage ?? (spec ? commandHelp(spec) : undefined);
    return `idv: ${err.message}${usage ? `\n\n${usage}` : ''}`;
  }
  if (err instanceof ConfigError) {
    return err.problems.length === 1 ? `idv: invalid configuration: ${err.problems[0]}` : `idv: ${err.message}`;
  }
  if (err instanceof StartupError) return `idv: ${err.message}`;
  if (err instanceof DataDirLockedError) return `idv: ${lockedMessage(err, spec)}`;
  if (err instanceof AppError || err instanceof ServerCallError) {
    const fields = err.errors?.map((e) => `\n  ${e.field}: ${e.message}`).join('') ?? '';
    return `idv: ${err.message}${fields}`;
  }
  return `idv: unexpected error: ${(err as Error).message ?? String(err)}`;
}

/** What to do when another process holds the embedded database, said for the command that was run. */
function lockedMessage(err: DataDirLockedError, spec: Spec | null): string {
  const { holder, dataDir } = err;
  const command = spec?.name ?? 'idv';
  if (command === 'idv serve') return `${err.message.replace(/\.$/, '')}; or set DATA_DIR to another directory.`;
  if (!holder.control) {
    return `${err.message} If it is an \`idv serve\` still starting, run \`${command}\` again in a moment.`;
  }
  return (
    `the embedded database in ${dataDir} is held by the idv server at ${holder.control.url} (pid ${holder.pid}), so \`${command}\` cannot open it. ` +
    `Stop the server (Ctrl-C in its terminal, or kill ${holder.pid}), run \`${command}\` again, then start the server; or set DATABASE_URL to PostgreSQL, which the server and the CLI share. ` +
    'While the server runs, `idv key create`, `idv outbox` and `idv demo` work through it.'
  );
}

/** The process entry: runs the command, and exits with its code once the output is written (a server keeps running). */
export async function main(argv: string[]): Promise<void> {
  const code = await runCli(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env });
  if (code < 0) return;
  process.exitCode = code;
  // Nothing left open (a connection that never answered) may keep a finished command from exiting.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

// Run when executed directly (bin/idv.js, `node dist/cli/main.js`, tsx), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main(process.argv.slice(2));
}
