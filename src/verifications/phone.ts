import { Type } from '@sinclair/typebox';
import { StrictObject } from '../platform/typebox.js';
import type { PersonWithNin, ProviderOutcome } from '../providers/ports.js';
import { NigerianPhoneSchema, resultData, toE164 } from './common.js';
import { RequestReasonSchema } from './nin.js';
import { PersonRecordSchema, shapePerson } from './person.js';
import { priceList, type CatalogueEntry, type VerificationDefinition, type VerificationType } from './definition.js';

export type ResolvedBy = 'RESOLUTION_PROVIDER' | 'REGISTER_PHONE_LOOKUP';

const EnhancedPhoneLookupBody = StrictObject({ phoneNumber: NigerianPhoneSchema, requestReason: RequestReasonSchema });

/**
 * The enhanced lookup's chain (SPEC.md §1, DESIGN.md §4): the resolution provider turns the number into
 * a NIN, then the register's raw lookup; when the provider cannot resolve it (not found, or
 * unavailable), the register's own phone lookup. The path that answered is carried as `path`.
 */
export async function enhancedPhoneChain(
  providers: Parameters<VerificationDefinition<typeof EnhancedPhoneLookupBody, PersonWithNin>['call']>[0],
  phone: string,
  ctx: Parameters<VerificationDefinition<typeof EnhancedPhoneLookupBody, PersonWithNin>['call']>[2],
): Promise<ProviderOutcome<PersonWithNin>> {
  const resolved = await providers.phoneResolution.resolve(phone, ctx);
  if (resolved.kind === 'found') {
    const nin = resolved.value.nin;
    const person = await providers.identity.lookupNin(nin, ctx);
    // A number that resolves to a NIN the register does not hold is a billable 404 of the primary path.
    if (person.kind === 'found') return { kind: 'found', referenceId: person.referenceId, value: { ...person.value, nin }, path: 'RESOLUTION_PROVIDER' };
    return person.kind === 'not_found' ? { ...person, path: 'RESOLUTION_PROVIDER' } : person;
  }
  const viaRegister = await providers.identity.lookupPhone(phone, ctx);
  return viaRegister.kind === 'failure' ? viaRegister : { ...viaRegister, path: 'REGISTER_PHONE_LOOKUP' };
}

/** The catalogue entries these endpoints are billed as (DESIGN.md §4). */
const PHONE_TYPE: VerificationType = { code: 'PHONE', name: 'Enhanced phone lookup' };
const ENHANCED_PHONE_LOOKUP: CatalogueEntry = { code: 'ENHANCED_PHONE_LOOKUP', name: 'Enhanced Phone Lookup', verificationType: PHONE_TYPE, defaultPricesKobo: priceList(250, 300, 350) };

/** POST /v1/phone/enhanced-lookup: a NIN identity record by mobile number. */
export const enhancedPhoneLookup: VerificationDefinition<typeof EnhancedPhoneLookupBody, PersonWithNin> = {
  service: ENHANCED_PHONE_LOOKUP,
  path: '/v1/phone/enhanced-lookup',
  summary: 'Look up a person by phone number',
  description:
    'Resolves a Nigerian mobile number to the NIN identity record: through the phone-number resolution provider and the register’s NIN lookup, ' +
    'or, when the provider cannot resolve the number, the register’s own phone lookup. `resolvedBy` says which path answered. One call is billed ' +
    'once, whatever path answered; a number whose NIN the register does not hold is a billable 404; an unavailable register is 503, not billed.',
  body: EnhancedPhoneLookupBody,
  responseData: resultData({
    resolvedBy: Type.Union([Type.Literal('RESOLUTION_PROVIDER'), Type.Literal('REGISTER_PHONE_LOOKUP')]),
    record: PersonRecordSchema,
  }),
  identifier: (body) => ({ type: 'PHONE', value: toE164(body.phoneNumber) }),
  requestReason: (body) => body.requestReason,
  call: (providers, body, ctx) => enhancedPhoneChain(providers, toE164(body.phoneNumber), ctx),
  present: (person, _body, level, outcome) => {
    const { nin, ...rest } = person;
    return {
      verificationStatus: 'VERIFIED',
      message: 'Phone number resolved to a NIN record',
      fields: { resolvedBy: outcome.path as ResolvedBy, record: shapePerson(rest, level, { nin }) },
    };
  },
  notFoundMessage: 'No NIN record was found for this phone number',
};
