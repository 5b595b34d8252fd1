import { Type } from '@sinclair/typebox';
import type { IdentityRegister } from '../ports.js';
import { FaceAnswer, PersonAnswer, PersonWithNin, faceComparison } from './answers.http.js';
import { compileAnswer, createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from './upstream.http.js';

/** Base URL (the upstream's mount root), timeout, credentials, pool size, breaker. */
export type HttpProviderOptions = UpstreamClientOptions;

/** An adapter and what the server needs of it: its pool to close, its breaker to watch. */
export type HttpAdapter<P> = P & { close(): Promise<void>; breaker: UpstreamClient['breaker'] };

const personAnswer = compileAnswer(PersonAnswer);
const phoneAnswer = compileAnswer(Type.Object({ referenceId: Type.String(), person: PersonWithNin }));
const faceAnswer = compileAnswer(FaceAnswer);

/**
 * The national identity register over HTTP (docs/simulator.md, mount `/identity`):
 * POST /v1/nin/lookup, /v1/phone/lookup and /v1/nin/face-match.
 */
export function createHttpIdentityRegister(options: HttpProviderOptions): HttpAdapter<IdentityRegister> {
  const client = createUpstreamClient(options);
  return {
    lookupNin: (nin, ctx) => client.call({ path: '/v1/nin/lookup', body: { nin }, answer: personAnswer, value: (a) => a.person }, ctx),
    lookupPhone: (phoneNumber, ctx) =>
      client.call({ path: '/v1/phone/lookup', body: { phoneNumber }, answer: phoneAnswer, value: (a) => a.person }, ctx),
    faceMatch: (input, ctx) =>
      client.call(
        {
          path: '/v1/nin/face-match',
          body: { nin: input.nin, selfieImage: input.selfieImage, livelinessImages: input.livelinessImages },
          answer: faceAnswer,
          value: faceComparison,
        },
        ctx,
      ),
    breaker: client.breaker,
    close: () => client.close(),
  };
}
