import { Type } from '@sinclair/typebox';
import type { PhoneResolution } from '../ports.js';
import { Nin } from './answers.http.js';
import type { HttpAdapter, HttpProviderOptions } from './identity.http.js';
import { compileAnswer, createUpstreamClient } from './upstream.http.js';

const resolveAnswer = compileAnswer(Type.Object({ referenceId: Type.String(), nin: Nin }));

/** The phone-number resolution provider over HTTP (docs/simulator.md, mount `/resolution`): POST /v1/msisdn/resolve. */
export function createHttpPhoneResolution(options: HttpProviderOptions): HttpAdapter<PhoneResolution> {
  const client = createUpstreamClient(options);
  return {
    resolve: (phoneNumber, ctx) => client.call({ path: '/v1/msisdn/resolve', body: { phoneNumber }, answer: resolveAnswer, value: (a) => ({ nin: a.nin }) }, ctx),
    breaker: client.breaker,
    close: () => client.close(),
  };
}
