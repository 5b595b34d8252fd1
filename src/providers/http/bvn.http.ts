import type { BvnService } from '../ports.js';
import { FaceAnswer, PersonAnswer, faceComparison } from './answers.http.js';
import type { HttpAdapter, HttpProviderOptions } from './identity.http.js';
import { compileAnswer, createUpstreamClient } from './upstream.http.js';

const personAnswer = compileAnswer(PersonAnswer);
const faceAnswer = compileAnswer(FaceAnswer);

/** The BVN service over HTTP (docs/simulator.md, mount `/bvn`): POST /v1/bvn/lookup and /v1/bvn/face-validation. */
export function createHttpBvnService(options: HttpProviderOptions): HttpAdapter<BvnService> {
  const client = createUpstreamClient(options);
  return {
    lookupBvn: (bvn, ctx) => client.call({ path: '/v1/bvn/lookup', body: { bvn }, answer: personAnswer, value: (a) => a.person }, ctx),
    faceValidation: (input, ctx) =>
      client.call({ path: '/v1/bvn/face-validation', body: { bvn: input.bvn, image: input.image }, answer: faceAnswer, value: faceComparison }, ctx),
    breaker: client.breaker,
    close: () => client.close(),
  };
}
