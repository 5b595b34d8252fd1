import { describe, expect, it } from 'vitest';
import type { PersonRecord } from '../providers/ports.js';
import { BVN_EXTRA_FIELDS, shapePerson } from './person.js';

const person = {
  firstName: 'Adaeze',
  middleName: '',
  lastName: 'Okonkwo',
  dateOfBirth: '1990-04-12',
  gender: 'FEMALE',
  phoneNumber: '08031234567',
  email: null,
  address: '14 Admiralty Way',
  nationality: 'Nigerian',
  photo: 'AAAA',
  enrollmentBank: 'First Bank of Nigeria',
} as unknown as PersonRecord;

describe('shapePerson', () => {
  it("keeps the level's fields the registry holds, in the level's order, then the echoed fields", () => {
    const shaped = shapePerson(person, 'BASIC', { nin: '11111111111' });
    expect(Object.entries(shaped)).toEqual([
      ['firstName', 'Adaeze'],
      ['lastName', 'Okonkwo'],
      ['dateOfBirth', '1990-04-12'],
      ['gender', 'FEMALE'],
      ['nin', '11111111111'],
    ]);
  });

  it('omits empty and null fields and those above the level; PREMIUM adds the photo', () => {
    expect(Object.keys(shapePerson(person, 'STANDARD', {}))).toEqual(['firstName', 'lastName', 'dateOfBirth', 'gender', 'phoneNumber', 'address', 'nationality']);
    expect(shapePerson(person, 'PREMIUM', {}).photo).toBe('AAAA');
    expect(shapePerson(person, 'STANDARD', {})).not.toHaveProperty('photo');
  });

  it("adds a level's extra fields after the person's, and none at a level without them", () => {
    expect(Object.keys(shapePerson(person, 'STANDARD', { bvn: '22222222222' }, BVN_EXTRA_FIELDS)).slice(-2)).toEqual(['enrollmentBank', 'bvn']);
    expect(shapePerson(person, 'BASIC', {}, BVN_EXTRA_FIELDS)).not.toHaveProperty('enrollmentBank');
  });

  it('an echoed field the person also holds keeps its place, with the echoed value', () => {
    const shaped = shapePerson(person, 'STANDARD', { phoneNumber: '+2348031234567', nin: '1' });
    expect(Object.keys(shaped)).toEqual(['firstName', 'lastName', 'dateOfBirth', 'gender', 'phoneNumber', 'address', 'nationality', 'nin']);
    expect(shaped.phoneNumber).toBe('+2348031234567');
  });
});
