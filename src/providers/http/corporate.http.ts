import { Type } from '@sinclair/typebox';
import { CacDirectorSchema, type CacQuery, type CorporateRegistry } from '../ports.js';
import { IsoDate, NullableString } from './answers.http.js';
import type { HttpAdapter, HttpProviderOptions } from './identity.http.js';
import { compileAnswer, createUpstreamClient } from './upstream.http.js';

/** COMPANY_TYPES of the ports. */
const EntityType = Type.Union([Type.Literal('RC'), Type.Literal('BN'), Type.Literal('IT'), Type.Literal('LP'), Type.Literal('LLP')]);

const Company = Type.Object({
  rcNumber: Type.String(),
  companyName: Type.String(),
  entityType: EntityType,
  companyStatus: Type.String(),
  companyAddress: Type.String(),
  branchAddress: NullableString,
  state: Type.String(),
  city: Type.String(),
  lga: Type.String(),
  registrationDate: IsoDate,
  emailAddress: NullableString,
  searchScore: Type.String(),
});


const AdvanceCompany = Type.Object({
  companyId: Type.Integer(),
  rcNumber: Type.String(),
  companyName: Type.String(),
  entityType: EntityType,
  companyStatus: Type.String(),
  companyAddress: Type.String(),
  state: Type.String(),
  city: Type.String(),
  lga: Type.String(),
  registrationDate: Type.String(),
  directors: Type.Array(CacDirectorSchema),
});

const basicAnswer = compileAnswer(Type.Object({ referenceId: Type.String(), company: Company }));
/** The registry answers 404 when no company matches, so an empty list is malformed. */
const advanceAnswer = compileAnswer(Type.Object({ referenceId: Type.String(), companies: Type.Array(AdvanceCompany, { minItems: 1 }) }));

const queryBody = (q: CacQuery) => ({ rcNumber: q.rcNumber, companyType: q.companyType, ...(q.companyName === undefined ? {} : { companyName: q.companyName }) });

/**
 * The corporate registry over HTTP (docs/simulator.md, mount `/cac`): POST /v1/companies/basic and
 * /v1/companies/advance. The caller's X-Correlation-ID is passed on (DESIGN.md §3).
 */
export function createHttpCorporateRegistry(options: HttpProviderOptions): HttpAdapter<CorporateRegistry> {
  const client = createUpstreamClient(options);
  return {
    basic: (query, ctx) =>
      client.call({ path: '/v1/companies/basic', body: queryBody(query), answer: basicAnswer, value: (a) => a.company, correlation: true }, ctx),
    advance: (query, ctx) =>
      client.call(
        { path: '/v1/companies/advance', body: queryBody(query), answer: advanceAnswer, value: (a) => ({ companies: a.companies }), correlation: true },
        ctx,
      ),
    breaker: client.breaker,
    close: () => client.close(),
  };
}
