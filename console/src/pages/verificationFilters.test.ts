import { describe, expect, it } from 'vitest';
import { buildTypeGroups, fileNameFrom, recordStatus, isoToLocalInput, localInputToIso, readFilters, writeFilters } from './verificationFilters';

describe('filters in the URL', () => {
  it('reads the filters and drops an unknown status', () => {
    expect(readFilters(new URLSearchParams('type=NIN_LOOKUP&status=VERIFIED&from=2026-11-01T00:00:00.000Z&env=test'))).toEqual({
      type: 'NIN_LOOKUP',
      status: 'VERIFIED',
      from: '2026-11-01T00:00:00.000Z',
      to: null,
    });
    expect(readFilters(new URLSearchParams('status=MAYBE&type=')).status).toBeNull();
    expect(readFilters(new URLSearchParams('type=')).type).toBeNull();
  });

  it('writes the filters, removes empty ones and keeps env', () => {
    const next = writeFilters(new URLSearchParams('env=test&status=FAILED'), { type: 'BVN_LOOKUP', status: null, from: null, to: '2026-11-02T00:00:00.000+01:00' });
    expect(next.get('env')).toBe('test');
    expect(next.get('type')).toBe('BVN_LOOKUP');
    expect(next.has('status')).toBe(false);
    expect(next.get('to')).toBe('2026-11-02T00:00:00.000+01:00');
  });
});

describe('date-time inputs', () => {
  it('turns a local date-time into ISO with the offset, naming the same instant', () => {
    const iso = localInputToIso('2026-11-01T09:30');
    expect(iso).toMatch(/^2026-11-01T09:30:00\.000[+-]\d{2}:\d{2}$/);
    expect(new Date(iso!).getTime()).toBe(new Date(2026, 10, 1, 9, 30).getTime());
    expect(localInputToIso('2026-11-01T09:30:15')).toMatch(/^2026-11-01T09:30:15\.000/);
  });

  it('refuses an empty value or a bare date', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-11-01')).toBeNull();
    expect(localInputToIso('garbage')).toBeNull();
  });

  it('round-trips through the input value', () => {
    const iso = localInputToIso('2026-03-29T01:15')!;
    expect(isoToLocalInput(iso)).toBe('2026-03-29T01:15');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('nope')).toBe('');
  });
});

describe('download file names', () => {
  it('takes the name from Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="verifications-exp_1.csv"', 'x')).toBe('verifications-exp_1.csv');
    expect(fileNameFrom('attachment; filename=report.xlsx', 'x')).toBe('report.xlsx');
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv; filename=\"r.csv\"", 'x')).toBe('résumé.csv');
  });

  it('falls back, and never keeps a path', () => {
    expect(fileNameFrom(null, 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameFrom('attachment', 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameFrom('attachment; filename="../../etc/passwd"', 'f')).toBe('passwd');
  });
});

describe('record status', () => {
  it('names the verdict or the error', () => {
    expect(recordStatus({ verificationStatus: 'VERIFIED', errorCode: null })).toBe('Verified');
    expect(recordStatus({ verificationStatus: 'NOT_VERIFIED', errorCode: null })).toBe('Not verified');
    expect(recordStatus({ verificationStatus: null, errorCode: 'PROVIDER_TIMEOUT' })).toBe('Failed (PROVIDER_TIMEOUT)');
  });
});

describe('type choices', () => {
  const groups = [
    { type: 'NIN', name: 'NIN verification', endpoints: ['/v1/nin/raw/lookup'] },
    { type: 'FACE_MATCH', name: 'Biometric face match', endpoints: ['/v1/nin/face-match/lookup', '/v1/bvn/face-validation'] },
  ];
  const services = [
    { code: 'NIN_LOOKUP', name: 'NIN Lookup', endpoints: ['/v1/nin/raw/lookup'] },
    { code: 'NIN_FACE_MATCH', name: 'NIN Face Match', endpoints: ['/v1/nin/face-match/lookup'] },
    { code: 'BVN_FACE_VALIDATION', name: 'BVN Face Validation', endpoints: ['/v1/bvn/face-validation'] },
    { code: 'BVN_LOOKUP', name: 'BVN Lookup', endpoints: ['/v1/bvn/lookup'] },
  ];

  it('groups service codes by verification type, with "All" for a group of several', () => {
    expect(buildTypeGroups(groups, services, null)).toEqual([
      { label: 'NIN verification', options: [{ value: 'NIN_LOOKUP', label: 'NIN Lookup (NIN_LOOKUP)' }] },
      {
        label: 'Biometric face match',
        options: [
          { value: 'NIN_FACE_MATCH,BVN_FACE_VALIDATION', label: 'All Biometric face match' },
          { value: 'NIN_FACE_MATCH', label: 'NIN Face Match (NIN_FACE_MATCH)' },
          { value: 'BVN_FACE_VALIDATION', label: 'BVN Face Validation (BVN_FACE_VALIDATION)' },
        ],
      },
      { label: 'Other', options: [{ value: 'BVN_LOOKUP', label: 'BVN Lookup (BVN_LOOKUP)' }] },
    ]);
  });

  it('keeps an unknown current value and works without groups', () => {
    const out = buildTypeGroups([], services.slice(0, 1), 'CAC_BASIC');
    expect(out).toEqual([
      { label: null, options: [{ value: 'NIN_LOOKUP', label: 'NIN Lookup (NIN_LOOKUP)' }] },
      { label: null, options: [{ value: 'CAC_BASIC', label: 'CAC_BASIC' }] },
    ]);
  });
});
