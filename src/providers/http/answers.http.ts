import { Type } from '@sinclair/typebox';
import type { FaceComparison, PersonRecord } from '../ports.js';

/**
 * The answer shapes the identity register and the BVN service share (docs/simulator.md, "Payload
 * shapes"). Properties a schema does not name are dropped from the answer; a field of the wrong type
 * makes the whole answer malformed (PROVIDER_ERROR).
 */
const optionalString = Type.Optional(Type.String());

export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const Nin = Type.String({ pattern: '^\\d{11}$' });
export const NullableString = Type.Union([Type.String(), Type.Null()]);

const personProperties = {
  firstName: optionalString,
  middleName: optionalString,
  lastName: optionalString,
  dateOfBirth: Type.Optional(IsoDate),
  gender: Type.Optional(Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE')])),
  phoneNumber: optionalString,
  email: optionalString,
  address: optionalString,
  stateOfOrigin: optionalString,
  lgaOfOrigin: optionalString,
  nationality: optionalString,
  photo: optionalString,
  enrollmentBank: optionalString,
  enrollmentBranch: optionalString,
  registrationDate: optionalString,
};

export const Person = Type.Object(personProperties);
export const PersonWithNin = Type.Object({ ...personProperties, nin: Nin });

export const PersonAnswer = Type.Object({ referenceId: Type.String(), person: Person });

export const FaceAnswer = Type.Object({
  referenceId: Type.String(),
  matchResult: Type.Union([Type.Literal('MATCH'), Type.Literal('NO_MATCH')]),
  confidence: Type.Number({ minimum: 0, maximum: 100 }),
  person: Person,
});

export const faceComparison = (a: { matchResult: FaceComparison['matchResult']; confidence: number; person: PersonRecord }): FaceComparison => ({
  matchResult: a.matchResult,
  confidence: a.confidence,
  person: a.person,
});
