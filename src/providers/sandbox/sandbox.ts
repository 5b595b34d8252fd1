import { setTimeout as sleep } from 'node:timers/promises';
import type { IdGenerator } from '../../platform/ids.js';
import type { ProviderCallContext, ProviderOutcome, Providers } from '../ports.js';
import {
  fixtureBvnPerson,
  fixtureCacAdvance,
  fixtureCacBasic,
  fixtureFaceMatch,
  fixtureFaceValidation,
  fixturePerson,
  fixturePhoneLookup,
  fixtureResolve,
  fixtureTaxpayerByPhone,
  fixtureTaxpayerByTin,
  fixtureTinFromNin,
  fixtureValidation,
} from '../fixtures.js';

export const SLOW_SCENARIO_DELAY_MS = 2_000;

/**
 * The providers test keys use: fixtures (DESIGN.md §5, `../fixtures.ts`), no network. Anything not a
 * fixture is not found. X-Sandbox-Scenario forces each kind of upstream failure so clients can
 * rehearse their handling of every status.
 */
export function createSandboxProviders(deps: { ids: IdGenerator; slowDelayMs?: number }): Providers {
  const slowDelayMs = deps.slowDelayMs ?? SLOW_SCENARIO_DELAY_MS;
  const reference = () => deps.ids.next('sbx');

  async function answer<T>(ctx: ProviderCallContext, lookup: () => T | undefined): Promise<ProviderOutcome<T>> {
    switch (ctx.scenario) {
      case 'provider_unavailable':
        return { kind: 'failure', code: 'PROVIDER_UNAVAILABLE' };
      case 'provider_timeout':
        return { kind: 'failure', code: 'PROVIDER_TIMEOUT' };
      case 'provider_error':
        return { kind: 'failure', code: 'PROVIDER_ERROR' };
      case 'provider_rate_limited':
        return { kind: 'failure', code: 'PROVIDER_RATE_LIMITED', retryAfterSeconds: 5 };
      case 'slow':
        await sleep(slowDelayMs);
        break;
      default:
        break;
    }
    const value = lookup();
    return value === undefined ? { kind: 'not_found', referenceId: reference() } : { kind: 'found', referenceId: reference(), value };
  }

  return {
    identity: {
      lookupNin: (nin, ctx) => answer(ctx, () => fixturePerson(nin)),
      lookupPhone: (phoneNumber, ctx) => answer(ctx, () => fixturePhoneLookup(phoneNumber)),
      faceMatch: (input, ctx) => answer(ctx, () => fixtureFaceMatch(input)),
    },
    bvn: {
      lookupBvn: (bvn, ctx) => answer(ctx, () => fixtureBvnPerson(bvn)),
      faceValidation: (input, ctx) => answer(ctx, () => fixtureFaceValidation(input)),
    },
    federalTax: {
      verifyTin: (tin, ctx) => answer(ctx, () => fixtureTaxpayerByTin(tin)),
      byPhone: (phoneNumber, ctx) => answer(ctx, () => fixtureTaxpayerByPhone(phoneNumber)),
      tinFromNin: (nin, ctx) => answer(ctx, () => fixtureTinFromNin(nin)),
    },
    jointTax: {
      validateTin: (input, ctx) => answer(ctx, () => fixtureValidation(input.tin, input.country)),
    },
    corporate: {
      basic: (query, ctx) => answer(ctx, () => fixtureCacBasic(query)),
      advance: (query, ctx) => answer(ctx, () => fixtureCacAdvance(query)),
    },
    phoneResolution: {
      resolve: (phoneNumber, ctx) => answer(ctx, () => fixtureResolve(phoneNumber)),
    },
  };
}
