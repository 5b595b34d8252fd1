import {
  FIXTURE_BVN_FOUND,
  FIXTURE_BVN_PERSON,
  FIXTURE_MATCH_CONFIDENCE,
  FIXTURE_NIN_FOUND,
  FIXTURE_NIN_PERSON,
  FIXTURE_PHOTO,
  FIXTURE_RC_ONE,
  FIXTURE_TAXPAYER_COMPANY,
  FIXTURE_TIN_FROM_NIN,
  FIXTURE_VALIDATE_VALID,
  fixtureCacAdvance,
  fixtureCacBasic,
  fixtureValidation,
} from '../providers/fixtures.js';

/**
 * Examples for the API reference, made from the schemas themselves: a schema's own `examples` first,
 * then a value by property name taken from the sandbox fixtures (so an example body is what a test
 * key answers, and a request example is a fixture that works), then one made from the type.
 */

export type Schema = Record<string, unknown>;

/** The instant every example is stamped with. */
export const EXAMPLE_TIME = '2026-11-21T09:15:02.123Z';

/** The random part of every example id: a ULID, as the ids are (DESIGN.md §2). */
const ULID = '01jdq8w2y3n4p5r6s7t8v9w0xa';
export const exampleId = (prefix: string) => `${prefix}_${ULID}`;

/** Id properties, and `id` inside a schema of this title, by the prefix their ids carry. */
const ID_PREFIX_BY_NAME: Readonly<Record<string, string>> = {
  organisationId: 'org',
  userId: 'usr',
  sessionId: 'ses',
  verificationId: 'ver',
  apiKeyId: 'key',
  transactionId: 'txn',
  notificationId: 'ntf',
};
const ID_PREFIX_BY_TITLE: Readonly<Record<string, string>> = {
  ApiKey: 'key',
  Organisation: 'org',
  Member: 'usr',
  User: 'usr',
  Session: 'ses',
  Transaction: 'txn',
  AdjustmentApproval: 'apr',
  OutboxMessage: 'ntf',
  NotificationMessage: 'ntf',
  VerificationRecord: 'ver',
  Export: 'exp',
  WebhookEndpoint: 'whk',
  WebhookEndpointWithSecret: 'whk',
  WebhookDelivery: 'dlv',
  WebhookDeliveryWithAttempts: 'dlv',
  WebhookAttempt: 'att',
  Event: 'evt',
};
/** A path parameter's example id, by the collection it names. */
const ID_PREFIX_BY_SEGMENT: Readonly<Record<string, string>> = {
  'api-keys': 'key',
  members: 'usr',
  sessions: 'ses',
  organisations: 'org',
  adjust: 'org',
  verifications: 'ver',
  exports: 'exp',
  endpoints: 'whk',
  messages: 'ntf',
  // Templates are keyed by name, not by id; a placeholder of the id form keeps the error examples' paths checkable.
  templates: 'tpl',
  deliveries: 'dlv',
  events: 'evt',
};

function flatten(...records: ReadonlyArray<Record<string, unknown> | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const record of records) {
    for (const [name, value] of Object.entries(record ?? {})) {
      if (value !== null && value !== undefined && !(name in out)) out[name] = value;
    }
  }
  return out;
}

const cacAdvance = fixtureCacAdvance({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' })?.companies[0];
const { directors: cacDirectors, ...cacCompany } = cacAdvance ?? { directors: [] };

/** Values by property name: the sandbox fixtures first, then the common fields of the envelope and views. */
const BY_NAME: Readonly<Record<string, unknown>> = flatten(
  {
    nin: FIXTURE_NIN_FOUND,
    bvn: FIXTURE_BVN_FOUND,
    number: FIXTURE_BVN_FOUND,
    selfieImage: FIXTURE_PHOTO,
    image: FIXTURE_PHOTO,
    livelinessImages: [FIXTURE_PHOTO],
    enterpriseId: 'cust-1001',
    consentReference: 'consent-2026-0001',
    confidence: FIXTURE_MATCH_CONFIDENCE,
    referenceId: exampleId('sbx'),
    charged: false,
    chargeAmount: 0,
    tin: FIXTURE_TIN_FROM_NIN.tin,
    timestamp: EXAMPLE_TIME,
    message: 'OK',
    success: true,
  },
  FIXTURE_NIN_PERSON as unknown as Record<string, unknown>,
  FIXTURE_BVN_PERSON as unknown as Record<string, unknown>,
  FIXTURE_TAXPAYER_COMPANY as unknown as Record<string, unknown>,
  FIXTURE_TIN_FROM_NIN as unknown as Record<string, unknown>,
  fixtureValidation(FIXTURE_VALIDATE_VALID, 'ng') as unknown as Record<string, unknown>,
  fixtureCacBasic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }) as unknown as Record<string, unknown>,
  cacCompany,
  ...cacDirectors.map((d) => d as unknown as Record<string, unknown>),
  {
    password: 'correct-horse-battery-staple',
    reason: 'Refund of a duplicated funding payment',
    description: 'NIN_LOOKUP verification',
    userAgent: 'Mozilla/5.0',
    ip: '203.0.113.9',
    prefix: 'sk_test_abcd',
    last4: 'wxyz',
    secret: 'sk_test_4eC39HqLyjWDarjtT1zdp7dcQ2VPnR5m',
    accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJzZXNfMDFqZHE4dzJ5M24ifQ.c2lnbmF0dXJl',
    refreshToken: 'rt_d1ZrR3lqT0xZc0Fmb3ZqYkZ3b0hTZw',
    loginToken: 'lgn_Zm9yIGV4YW1wbGUgb25seQ',
    otp: '123456',
    token: 'inv_Zm9yIGV4YW1wbGUgb25seQ',
    secondApprover: 'apv_Zm9yIGV4YW1wbGUgb25seQ',
    reference: 'pay_01jdq8w2y3n4p5r6s7t8v9w0xa',
    accessCode: 'ac_0123456789',
    authorizationUrl: 'https://checkout.example.com/ac_0123456789',
    callbackUrl: 'https://example.com/wallet/funded',
    amount: 5000,
    balance: 12500,
    availableBalance: 12350,
    newBalance: 17500,
    balanceAfter: 12350,
    lowBalanceThreshold: 1000,
    threshold: 1000,
    price: 150,
    currency: 'NGN',
    rateLimit: 600,
    expiresIn: 900,
    subject: 'Your idv sign-in code',
    body: 'Your sign-in code is 123456. It expires in 10 minutes.',
    to: 'adaeze.okonkwo@example.com',
    channel: 'email',
  },
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fixture records themselves: an object schema whose fields are mostly one record's takes its
 * values from that record, so one example never mixes two people (or a person and a company).
 */
const RECORDS: ReadonlyArray<Record<string, unknown>> = [
  FIXTURE_NIN_PERSON as unknown as Record<string, unknown>,
  { ...(FIXTURE_BVN_PERSON as unknown as Record<string, unknown>), bvn: FIXTURE_BVN_FOUND },
  FIXTURE_TAXPAYER_COMPANY as unknown as Record<string, unknown>,
  FIXTURE_TIN_FROM_NIN as unknown as Record<string, unknown>,
  fixtureCacBasic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }) as unknown as Record<string, unknown>,
  cacCompany,
  ...cacDirectors.slice(0, 1).map((d) => d as unknown as Record<string, unknown>),
].filter((r) => r !== undefined);

/** The record most of these fields belong to, if one holds at least half of them. */
function recordFor(fields: readonly string[]): Record<string, unknown> | undefined {
  let best: Record<string, unknown> | undefined;
  let bestCount = 0;
  for (const record of RECORDS) {
    const count = fields.filter((f) => record[f] !== undefined).length;
    if (count > bestCount) [best, bestCount] = [record, count];
  }
  return bestCount * 2 >= fields.length && bestCount >= 3 ? best : undefined;
}

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value may stand for this schema: its type, enum, const and pattern. */
function fits(schema: Schema, value: unknown): boolean {
  const types = typesOf(schema);
  const t = jsonType(value);
  if (types.length > 0 && !types.includes(t) && !(t === 'integer' && types.includes('number'))) return false;
  if (Array.isArray(schema.enum) && !(schema.enum as unknown[]).includes(value)) return false;
  if ('const' in schema && schema.const !== value) return false;
  if (typeof schema.pattern === 'string' && typeof value === 'string') {
    try {
      if (!new RegExp(schema.pattern, 'u').test(value)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

export interface ExampleOptions {
  /** Resolves a `$ref` (to the document's components). */
  resolve(ref: string): Schema;
  /** Include optional properties (answers show every field; requests only what is required). */
  optional: boolean;
}

/** An example value for a schema (see the top of this file for where each value comes from). */
export function exampleOf(schema: Schema, options: ExampleOptions, name?: string, title?: string, depth = 0, scope?: Record<string, unknown>): unknown {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') return exampleOf(options.resolve(schema.$ref), options, name, title, depth + 1, scope);
  const ownTitle = typeof schema.title === 'string' ? schema.title : title;
  // A field of a fixture record shows that record's value, before the schema's generic example.
  const scoped = name === undefined ? undefined : scope?.[name];
  if (scoped !== undefined && scoped !== null && fits(schema, scoped)) return scoped;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    const known = name === undefined ? undefined : (scope?.[name] ?? BY_NAME[name]);
    if (known !== undefined && branches.some((b) => fits(b, known))) return known;
    // The first branch that is not null: an example shows the value, not its absence.
    const chosen = branches.find((b) => !typesOf(b).includes('null') || typeof b.$ref === 'string') ?? branches[0]!;
    return exampleOf(chosen, options, name, ownTitle, depth + 1, scope);
  }
  if (Array.isArray(schema.allOf)) {
    // An object with conditions beside its properties (`allOf` of if/then) is its properties; parts add theirs.
    const { allOf: _parts, ...own } = schema;
    const base = own.properties || own.type ? exampleOf(own, options, name, ownTitle, depth + 1, scope) : {};
    let merged: Record<string, unknown> = isObject(base) ? base : {};
    for (const part of schema.allOf as Schema[]) {
      const value = exampleOf(part, options, name, ownTitle, depth + 1);
      if (value && typeof value === 'object' && !Array.isArray(value)) merged = { ...merged, ...(value as Record<string, unknown>) };
    }
    return merged;
  }
  if (name !== undefined) {
    const known = BY_NAME[name];
    if (known !== undefined && fits(schema, known)) return known;
    const prefix = name === 'id' && ownTitle ? ID_PREFIX_BY_TITLE[ownTitle] : ID_PREFIX_BY_NAME[name];
    if (prefix && fits(schema, exampleId(prefix))) return exampleId(prefix);
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const types = typesOf(schema);
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : types[0]);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      // A body that needs at least n fields gets its first optional ones too.
      let wanted = typeof schema.minProperties === 'number' ? schema.minProperties - required.size : 0;
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const record = recordFor(Object.keys(properties));
      for (const [prop, sub] of Object.entries(properties)) {
        const take = options.optional || required.has(prop) || wanted-- > 0;
        if (take) out[prop] = exampleOf(sub, options, prop, ownTitle, depth + 1, record);
      }
      return out;
    }
    case 'array': {
      const items = schema.items as Schema | undefined;
      return items ? [exampleOf(items, options, name, ownTitle, depth + 1, scope)] : [];
    }
    case 'string':
      return stringExample(schema, name);
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 100) : 100;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

function stringExample(schema: Schema, name: string | undefined): string {
  if (schema.format === 'date-time' || (name && /At$/.test(name))) return EXAMPLE_TIME;
  if (schema.format === 'uri') return 'https://example.com/callback';
  if (schema.format === 'email' || name === 'email' || name === 'ownerEmail') return 'adaeze.okonkwo@example.com';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const text = name ? `example ${name}` : 'example';
  return text.length >= min ? text : text.padEnd(min, 'x');
}

/** An example value for a path parameter: an id of the collection the path names. */
export function pathParamExample(path: string, param: string): string {
  if (param === 'organisationId') return exampleId('org');
  if (param === 'reference') return String(BY_NAME.reference);
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const prefix = at > 0 ? ID_PREFIX_BY_SEGMENT[segments[at - 1]!] : undefined;
  return prefix ? exampleId(prefix) : 'example';
}

/** The path with its parameters filled in, as an envelope's `path` shows it. */
export function examplePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, param: string) => pathParamExample(path, param));
}
