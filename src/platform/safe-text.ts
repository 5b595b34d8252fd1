import AjvCompiler from '@fastify/ajv-compiler';
import type { Ajv, SchemaValidateFunction } from 'ajv';

/**
 * Every string a request carries — body, query, path — is refused at validation when it holds what no
 * field of ours has a use for: NUL (PostgreSQL refuses it, so it would fail its statement and, on a
 * live key, a billed call), the other C0 controls and DEL, and lone UTF-16 surrogates (silently turned
 * into U+FFFD on their way to the database). A field that takes text over several lines says so with
 * `multiline()` and keeps tab, line feed and carriage return.
 *
 * The check is added by the validator compiler to a copy of each route's schema, to every string schema
 * in it, so no route can forget it and the published schemas stay as written.
 */
export const SAFE_TEXT_KEYWORD = 'x-safe-text';

export type TextMode = 'line' | 'multiline';

/** Schema options for a string field whose value may span lines (tab, LF and CR allowed). */
export const multiline = () => ({ [SAFE_TEXT_KEYWORD]: 'multiline' as TextMode });

// C0 controls and DEL; the multiline variant spares \t \n \r.
const LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// With the u flag a surrogate pair is one code point, so this matches only a surrogate standing alone.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be accepted as text, or null when it can. */
export function unsafeTextReason(value: string, mode: TextMode = 'line'): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if ((mode === 'multiline' ? MULTILINE_FORBIDDEN : LINE_FORBIDDEN).test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (no lone surrogates)';
  return null;
}

/** The Ajv keyword behind the check; its errors become `{ field, message }` like any other. */
export function addSafeTextKeyword(ajv: Ajv): Ajv {
  const validate: SchemaValidateFunction = (mode: TextMode, data: unknown) => {
    if (typeof data !== 'string') return true;
    const reason = unsafeTextReason(data, mode);
    if (reason === null) return true;
    validate.errors = [{ keyword: SAFE_TEXT_KEYWORD, message: reason, params: { reason } }];
    return false;
  };
  ajv.addKeyword({ keyword: SAFE_TEXT_KEYWORD, schemaType: 'string', errors: true, validate });
  return ajv;
}

type Json = Record<string, unknown>;
const isSchema = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];

const allowsString = (schema: Json) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')) || (schema.type === undefined && typeof schema.pattern === 'string');

/**
 * A copy of a JSON schema in which every string schema carries the safe-text keyword (unless it sets
 * its own mode), and every object with free-form keys checks its property names too.
 */
export function withSafeText(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  const copy: Json = { ...schema };
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (isSchema(map)) copy[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, withSafeText(v)]));
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) copy[key] = list.map(withSafeText);
  }
  for (const key of SUBSCHEMAS) {
    if (key in schema) copy[key] = withSafeText(schema[key]);
  }
  if (allowsString(schema) && copy[SAFE_TEXT_KEYWORD] === undefined) copy[SAFE_TEXT_KEYWORD] = 'line';
  const freeKeys = isSchema(schema.additionalProperties) || isSchema(schema.patternProperties);
  if (freeKeys && copy.propertyNames === undefined) copy.propertyNames = { type: 'string', [SAFE_TEXT_KEYWORD]: 'line' };
  return copy;
}

type BuildValidator = ReturnType<typeof AjvCompiler>;
type RouteSchema = { schema: unknown; method: string; url: string; httpPart: string };

/**
 * Fastify's own Ajv compiler, fed the safe-text copy of each route's schema (body, query, params,
 * headers) and of the shared schemas a route may reference.
 */
export function safeTextValidatorBuilder(): BuildValidator {
  const build = AjvCompiler();
  return ((externalSchemas: Record<string, unknown>, options: unknown) => {
    const guarded = Object.fromEntries(Object.entries(externalSchemas).map(([id, s]) => [id, withSafeText(s)]));
    const compile = (build as unknown as (e: unknown, o: unknown) => (route: RouteSchema) => unknown)(guarded, options);
    return (route: RouteSchema) => compile({ ...route, schema: withSafeText(route.schema) });
  }) as unknown as BuildValidator;
}
