import { Type } from '@sinclair/typebox';
import type { JointTaxRegistry } from '../ports.js';
import { NullableString } from './answers.http.js';
import type { HttpAdapter, HttpProviderOptions } from './identity.http.js';
import { compileAnswer, createUpstreamClient } from './upstream.http.js';

const validationAnswer = compileAnswer(
  Type.Object({
    referenceId: Type.String(),
    result: Type.Union([Type.Literal('VALID'), Type.Literal('INVALID')]),
    format: NullableString,
    tinType: NullableString,
    country: Type.String(),
  }),
);

/**
 * The joint tax registry over HTTP (docs/simulator.md, mount `/jtb`): POST /v1/tin/validate.
 * INVALID is an answer (found), not a 404.
 */
export function createHttpJointTaxRegistry(options: HttpProviderOptions): HttpAdapter<JointTaxRegistry> {
  const client = createUpstreamClient(options);
  return {
    validateTin: (input, ctx) =>
      client.call(
        {
          path: '/v1/tin/validate',
          body: { tin: input.tin, country: input.country },
          answer: validationAnswer,
          value: (a) => ({ result: a.result, format: a.format, tinType: a.tinType, country: a.country }),
        },
        ctx,
      ),
    breaker: client.breaker,
    close: () => client.close(),
  };
}
