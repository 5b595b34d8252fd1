import { describe, expect, it } from 'vitest';
import { priceList, type CatalogueEntry } from '../verifications/definition.js';
import { VERIFICATIONS } from '../verifications/registry.js';
import { SERVICES, SERVICE_CODES, VERIFICATION_TYPES, catalogueOf, isServiceCode, serviceDefinition } from './catalogue.js';

describe('the catalogue, from the verification definitions', () => {
  it('lists each entry once, in registry order, with every endpoint billed as it', () => {
    expect(SERVICE_CODES).toEqual([
      'NIN_LOOKUP', 'NIN_FACE_MATCH', 'BVN_LOOKUP', 'BVN_FACE_VALIDATION', 'TIN_VERIFICATION',
      'TIN_VALIDATION', 'TIN_FROM_NIN', 'CAC_BASIC', 'CAC_ADVANCE', 'ENHANCED_PHONE_LOOKUP',
    ]);
    expect(serviceDefinition('TIN_VERIFICATION').endpoints).toEqual(['/v1/tin/verify', '/v1/tin/by-phone']);
    expect(serviceDefinition('CAC_ADVANCE')).toEqual({
      code: 'CAC_ADVANCE',
      name: 'Business Verification (Advance)',
      verificationType: { code: 'CAC', name: 'Business verification (CAC)' },
      defaultPricesKobo: { BASIC: 100_000, STANDARD: 120_000, PREMIUM: 150_000 },
      endpoints: ['/v1/cac/advance'],
    });
    // Every endpoint appears exactly once, under the entry its definition declares.
    const endpoints = SERVICES.flatMap((s) => s.endpoints.map((e) => [e, s.code]));
    expect(endpoints).toEqual(VERIFICATIONS.map((d) => [d.path, d.service.code]));
    expect(new Set(VERIFICATIONS.map((d) => d.path)).size).toBe(VERIFICATIONS.length);
  });

  it('names each verification type once, in the order its first service appears', () => {
    expect(VERIFICATION_TYPES).toEqual([
      { code: 'NIN', name: 'NIN verification' },
      { code: 'FACE_MATCH', name: 'Biometric face match' },
      { code: 'BVN', name: 'BVN verification' },
      { code: 'TIN', name: 'Tax verification (TIN)' },
      { code: 'CAC', name: 'Business verification (CAC)' },
      { code: 'PHONE', name: 'Enhanced phone lookup' },
    ]);
  });

  it('knows its codes and nothing else', () => {
    expect(isServiceCode('NIN_LOOKUP')).toBe(true);
    expect(isServiceCode('NIN_LOOKUP ')).toBe(false);
    expect(isServiceCode('toString')).toBe(false);
    expect(() => serviceDefinition('NOPE')).toThrow('Unknown service NOPE');
  });

  it('refuses two definitions that declare one service differently, or one type under two names', () => {
    const type = { code: 'X', name: 'X checks' };
    const a: CatalogueEntry = { code: 'X_ONE', name: 'X one', verificationType: type, defaultPricesKobo: priceList(1, 2, 3) };
    expect(catalogueOf([{ service: a, path: '/a' }, { service: { ...a }, path: '/b' }])).toEqual([{ ...a, endpoints: ['/a', '/b'] }]);
    expect(() => catalogueOf([{ service: a, path: '/a' }, { service: { ...a, defaultPricesKobo: priceList(1, 2, 4) }, path: '/b' }])).toThrow(
      'Two definitions declare service X_ONE differently',
    );
    const b: CatalogueEntry = { ...a, code: 'X_TWO', verificationType: { code: 'X', name: 'Other name' } };
    expect(() => catalogueOf([{ service: a, path: '/a' }, { service: b, path: '/b' }])).toThrow('Verification type X has two names');
  });
});
