import type { AccessLevel } from '../platform/schema.js';
import type { CatalogueEntry } from '../verifications/definition.js';
import { VERIFICATIONS } from '../verifications/registry.js';

/**
 * The platform catalogue (DESIGN.md §4): service codes, names, endpoints and default prices. Each
 * verification definition declares the entry it is billed as; this is those entries, once each, in
 * the registry's order, with every endpoint that uses them.
 */
export interface ServiceDefinition extends CatalogueEntry {
  endpoints: string[];
}

/** A service code: one of SERVICE_CODES (the definitions' entries); checked at run time with isServiceCode. */
export type ServiceCode = string;
/** A verification type code (NIN, BVN, FACE_MATCH, TIN, CAC, PHONE); see VERIFICATION_TYPES. */
export type VerificationType = string;

export const ACCESS_LEVELS: AccessLevel[] = ['BASIC', 'STANDARD', 'PREMIUM'];

export function catalogueOf(definitions: ReadonlyArray<{ service: CatalogueEntry; path: string }>): ServiceDefinition[] {
  const byCode = new Map<string, ServiceDefinition>();
  const typeNames = new Map<string, string>();
  for (const { service, path } of definitions) {
    const seen = byCode.get(service.code);
    if (seen && JSON.stringify({ ...seen, endpoints: undefined }) !== JSON.stringify({ ...service, endpoints: undefined })) {
      throw new Error(`Two definitions declare service ${service.code} differently`);
    }
    const typeName = typeNames.get(service.verificationType.code);
    if (typeName !== undefined && typeName !== service.verificationType.name) {
      throw new Error(`Verification type ${service.verificationType.code} has two names`);
    }
    typeNames.set(service.verificationType.code, service.verificationType.name);
    if (seen) seen.endpoints.push(path);
    else byCode.set(service.code, { ...service, endpoints: [path] });
  }
  return [...byCode.values()];
}

export const SERVICES: readonly ServiceDefinition[] = catalogueOf(VERIFICATIONS);
export const SERVICE_CODES: readonly ServiceCode[] = SERVICES.map((s) => s.code);

/** The verification types in the order their first service appears. */
export const VERIFICATION_TYPES: ReadonlyArray<{ code: VerificationType; name: string }> = [
  ...new Map(SERVICES.map((s) => [s.verificationType.code, s.verificationType.name])).entries(),
].map(([code, name]) => ({ code, name }));

const BY_CODE = new Map(SERVICES.map((s) => [s.code, s]));

export function serviceDefinition(code: ServiceCode): ServiceDefinition {
  const def = BY_CODE.get(code);
  if (!def) throw new Error(`Unknown service ${code}`);
  return def;
}

export function isServiceCode(value: string): value is ServiceCode {
  return BY_CODE.has(value);
}
