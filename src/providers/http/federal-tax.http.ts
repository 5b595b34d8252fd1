import { Type } from '@sinclair/typebox';
import type { FederalTaxRegistry, TaxpayerRecord } from '../ports.js';
import { NullableString } from './answers.http.js';
import type { HttpAdapter, HttpProviderOptions } from './identity.http.js';
import { compileAnswer, createUpstreamClient } from './upstream.http.js';

const Taxpayer = Type.Object({
  firsTin: NullableString,
  jtbTin: NullableString,
  taxpayerName: NullableString,
  cacRegNumber: NullableString,
  taxOffice: NullableString,
  phoneNumber: NullableString,
  email: NullableString,
  address: NullableString,
});
const taxpayerAnswer = compileAnswer(Type.Object({ referenceId: Type.String(), taxpayer: Taxpayer }));
const tinFromNinAnswer = compileAnswer(
  Type.Object({
    referenceId: Type.String(),
    tin: Type.String({ minLength: 1 }),
    firstName: Type.String(),
    lastName: Type.String(),
    dateOfBirth: Type.String({ pattern: '^\\d{2}/\\d{2}/\\d{4}$' }),
    taxResidency: Type.String(),
  }),
);

/** The federal tax registry over HTTP (docs/simulator.md, mount `/firs`): POST /v1/tin/verify, /v1/tin/by-phone, /v1/tin/from-nin. */
export function createHttpFederalTaxRegistry(options: HttpProviderOptions): HttpAdapter<FederalTaxRegistry> {
  const client = createUpstreamClient(options);
  const taxpayer = (a: { taxpayer: TaxpayerRecord }) => a.taxpayer;
  return {
    verifyTin: (tin, ctx) => client.call({ path: '/v1/tin/verify', body: { tin }, answer: taxpayerAnswer, value: taxpayer }, ctx),
    byPhone: (phoneNumber, ctx) => client.call({ path: '/v1/tin/by-phone', body: { phoneNumber }, answer: taxpayerAnswer, value: taxpayer }, ctx),
    tinFromNin: (nin, ctx) =>
      client.call(
        {
          path: '/v1/tin/from-nin',
          body: { nin },
          answer: tinFromNinAnswer,
          value: (a) => ({ tin: a.tin, firstName: a.firstName, lastName: a.lastName, dateOfBirth: a.dateOfBirth, taxResidency: a.taxResidency }),
        },
        ctx,
      ),
    breaker: client.breaker,
    close: () => client.close(),
  };
}
