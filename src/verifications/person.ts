import { Type } from '@sinclair/typebox';
import type { AccessLevel } from '../platform/schema.js';
import type { PersonRecord } from '../providers/ports.js';

/** Fields of a person record each access level returns (DESIGN.md §4); each level includes the one below. */
export const PERSON_FIELDS: Record<AccessLevel, readonly string[]> = {
  BASIC: ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender'],
  STANDARD: [
    'firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender',
    'phoneNumber', 'email', 'address', 'stateOfOrigin', 'lgaOfOrigin', 'nationality',
  ],
  PREMIUM: [
    'firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender',
    'phoneNumber', 'email', 'address', 'stateOfOrigin', 'lgaOfOrigin', 'nationality', 'photo',
  ],
};

/**
 * A person record cut to the organisation's access level (DESIGN.md §4): fields above the level, and
 * fields the registry holds nothing for, are omitted.
 */
export function shapePerson(
  person: PersonRecord,
  level: AccessLevel,
  echo: Record<string, string>,
  extraFields: Partial<Record<AccessLevel, readonly string[]>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  const source = person as Record<string, string | undefined>;
  // Plain loops and assignments, no spread of arrays or objects: this runs on every person answer.
  const take = (fields: readonly string[] | undefined) => {
    if (fields === undefined) return;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const value = source[field];
      if (value !== undefined && value !== null && value !== '') out[field] = value;
    }
  };
  take(PERSON_FIELDS[level]);
  take(extraFields[level]);
  // An echoed field already taken keeps its place with the echoed value; the others follow, in order.
  for (const key in echo) out[key] = echo[key]!;
  return out;
}

const opt = (description: string, extra: Record<string, unknown> = {}) => Type.Optional(Type.String({ description, ...extra }));

/** The person record in responses; every field is optional because level and registry decide. */
export const PersonRecordSchema = Type.Object(
  {
    firstName: opt('BASIC and above'),
    middleName: opt('BASIC and above'),
    lastName: opt('BASIC and above'),
    dateOfBirth: opt('YYYY-MM-DD; BASIC and above', { examples: ['1990-04-12'] }),
    gender: Type.Optional(Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE')], { description: 'BASIC and above' })),
    nin: opt('Echoes the NIN looked up'),
    phoneNumber: opt('STANDARD and above'),
    email: opt('STANDARD and above'),
    address: opt('STANDARD and above'),
    stateOfOrigin: opt('STANDARD and above'),
    lgaOfOrigin: opt('STANDARD and above'),
    nationality: opt('STANDARD and above'),
    photo: opt('Base64 JPEG; PREMIUM only'),
  },
  { title: 'PersonRecord', description: 'Fields the access level does not include, or the registry does not hold, are omitted.' },
);

/** BVN records add the enrolment fields from STANDARD up (DESIGN.md §4). */
export const BVN_EXTRA_FIELDS: Partial<Record<AccessLevel, readonly string[]>> = {
  STANDARD: ['enrollmentBank', 'enrollmentBranch', 'registrationDate'],
  PREMIUM: ['enrollmentBank', 'enrollmentBranch', 'registrationDate'],
};

/** A BVN person: the person fields, the BVN echoed, and the enrolment fields. */
export const BvnRecordSchema = Type.Object(
  {
    ...Type.Omit(PersonRecordSchema, ['nin']).properties,
    bvn: opt('Echoes the BVN looked up'),
    enrollmentBank: opt('STANDARD and above'),
    enrollmentBranch: opt('STANDARD and above'),
    registrationDate: opt('YYYY-MM-DD; STANDARD and above'),
  },
  { title: 'BvnRecord', description: 'Fields the access level does not include, or the register does not hold, are omitted.' },
);
