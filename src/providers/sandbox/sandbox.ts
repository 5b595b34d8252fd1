import { setTimeout as sleep } from 'node:timers/promises';
import type { IdGenerator } from '../../platform/ids.js';
import type { PersonRecord, ProviderCallContext, ProviderOutcome, Providers } from '../ports.js';
import { FIXTURE_NIN_FOUND, FIXTURE_NIN_PERSON } from './fixtures.js';

export const SLOW_SCENARIO_DELAY_MS = 2_000;

/**
 * The providers test keys use: fixtures, no network. X-Sandbox-Scenario forces each kind of upstream
 * failure so clients can rehearse their handling of every status.
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
      lookupNin: (nin, ctx) =>
        answer<PersonRecord>(ctx, () => (nin === FIXTURE_NIN_FOUND ? { ...FIXTURE_NIN_PERSON } : undefined)),
    },
  };
}
