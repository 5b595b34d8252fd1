import { CircuitBreaker, type CircuitBreakerOptions } from '../circuit-breaker.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import { UPSTREAMS, type Providers, type Upstream } from '../ports.js';
import { createHttpBvnService } from './bvn.http.js';
import { createHttpCorporateRegistry } from './corporate.http.js';
import { createHttpFederalTaxRegistry } from './federal-tax.http.js';
import { createHttpIdentityRegister } from './identity.http.js';
import { createHttpJointTaxRegistry } from './joint-tax.http.js';
import { createHttpPhoneResolution } from './phone-resolution.http.js';

/** Where each upstream is mounted on the registry simulator (docs/simulator.md). */
export const SIMULATOR_MOUNTS: Readonly<Record<Upstream, string>> = Object.freeze({
  identity: '/identity',
  bvn: '/bvn',
  federalTax: '/firs',
  jointTax: '/jtb',
  corporate: '/cac',
  phoneResolution: '/resolution',
});

/** Every upstream's base URL on a simulator at `simulatorUrl`. */
export const simulatorUrls = (simulatorUrl: string): Record<Upstream, string> =>
  Object.fromEntries(UPSTREAMS.map((u) => [u, `${simulatorUrl.replace(/\/+$/, '')}${SIMULATOR_MOUNTS[u]}`])) as Record<Upstream, string>;

export interface HttpProvidersOptions {
  /** Each upstream's base URL: its mount root, e.g. http://127.0.0.1:4010/identity. */
  urls: Record<Upstream, string>;
  /** Timeout of one call (PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** PROVIDER_API_KEY, sent as a bearer token to every registry when set. */
  apiKey?: string | null;
  /** The breakers' clock (tests pin it). */
  clock?: Clock;
  /** Keep-alive connections per upstream (default 512). */
  connections?: number;
  /** The breakers' thresholds (DESIGN.md §8 by default) and their state-change listener. */
  breaker?: Omit<CircuitBreakerOptions, 'clock'>;
}

export type HttpProviders = Providers & {
  /** One circuit breaker per upstream, per process (DESIGN.md §8). */
  breakers: Readonly<Record<Upstream, CircuitBreaker>>;
  /** Closes every upstream's connection pool. */
  close(): Promise<void>;
};

/** The live providers: one HTTP adapter per upstream, each with its own pool and circuit breaker. */
export function createHttpProviders(options: HttpProvidersOptions): HttpProviders {
  const clock = options.clock ?? systemClock;
  const adapter = (upstream: Upstream) => ({
    baseUrl: options.urls[upstream],
    timeoutMs: options.timeoutMs,
    apiKey: options.apiKey ?? null,
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    clock,
    breaker: new CircuitBreaker(upstream, { ...options.breaker, clock }),
  });
  const identity = createHttpIdentityRegister(adapter('identity'));
  const bvn = createHttpBvnService(adapter('bvn'));
  const federalTax = createHttpFederalTaxRegistry(adapter('federalTax'));
  const jointTax = createHttpJointTaxRegistry(adapter('jointTax'));
  const corporate = createHttpCorporateRegistry(adapter('corporate'));
  const phoneResolution = createHttpPhoneResolution(adapter('phoneResolution'));
  const all = { identity, bvn, federalTax, jointTax, corporate, phoneResolution };
  return {
    ...all,
    breakers: Object.freeze({
      identity: identity.breaker,
      bvn: bvn.breaker,
      federalTax: federalTax.breaker,
      jointTax: jointTax.breaker,
      corporate: corporate.breaker,
      phoneResolution: phoneResolution.breaker,
    }),
    close: async () => {
      await Promise.all(Object.values(all).map((a) => a.close()));
    },
  };
}
