import type { PersonRecord } from '../ports.js';

/**
 * Sandbox fixtures (DESIGN.md §5). The registry simulator holds the same identifiers, so every
 * example works with test and live keys alike. Published in the README and the API reference.
 */
export const FIXTURE_NIN_FOUND = '11111111111';
export const FIXTURE_NIN_NOT_FOUND = '00000000000';
export const FIXTURE_BVN_FOUND = '22222222222';

// A 1×1 JPEG: enough to show where the photo goes without shipping a face.
export const FIXTURE_PHOTO =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

export const FIXTURE_NIN_PERSON: Readonly<PersonRecord> = Object.freeze({
  firstName: 'Adaeze',
  middleName: 'Chioma',
  lastName: 'Okonkwo',
  dateOfBirth: '1990-04-12',
  gender: 'FEMALE',
  phoneNumber: '08031234567',
  email: 'adaeze.okonkwo@example.com',
  address: '14 Admiralty Way, Lekki Phase 1, Lagos',
  stateOfOrigin: 'Anambra',
  lgaOfOrigin: 'Onitsha North',
  nationality: 'Nigerian',
  photo: FIXTURE_PHOTO,
});

/** The fixture table as the README and the API reference show it. */
export const SANDBOX_FIXTURE_TABLE: ReadonlyArray<{ input: string; outcome: string }> = [
  { input: 'NIN 11111111111', outcome: 'VERIFIED person record (fields by access level)' },
  { input: 'NIN 00000000000', outcome: '404 RECORD_NOT_FOUND' },
  { input: 'any other NIN', outcome: '404 RECORD_NOT_FOUND' },
];
