import { sql, type Kysely } from 'kysely';
import { EpochCache, type CacheEpoch } from '../platform/cache-epoch.js';
import type { Clock } from '../platform/clock.js';
import { AppError, notFound, validationError } from '../platform/errors.js';
import { koboToNaira } from '../platform/money.js';
import type { AccessLevel, DB, ServiceStatus } from '../platform/schema.js';
import { PERSON_FIELDS } from '../verifications/person.js';
import type { OrganisationContext, ProvisionedService } from '../verifications/subscriptions.js';
import {
  ACCESS_LEVELS,
  SERVICES,
  isServiceCode,
  serviceDefinition,
  type ServiceCode,
  type VerificationType,
} from './catalogue.js';

/** The view of a provisioned service (GET /v1/services, the CLI, the admin API). */
export interface ServiceView {
  code: ServiceCode;
  name: string;
  status: ServiceStatus;
  endpoints: string[];
  accessLevel: AccessLevel;
  price: number;
  currency: 'NGN';
  prices: Record<AccessLevel, number>;
}

/** Keeps the services table in step with the code's catalogue (run with the migrations). */
export async function syncCatalogue(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('services')
    .values(
      SERVICES.map((s, i) => ({
        code: s.code,
        name: s.name,
        sort_order: i,
        default_price_basic_kobo: s.defaultPricesKobo.BASIC,
        default_price_standard_kobo: s.defaultPricesKobo.STANDARD,
        default_price_premium_kobo: s.defaultPricesKobo.PREMIUM,
      })),
    )
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        sort_order: eb.ref('excluded.sort_order'),
        default_price_basic_kobo: eb.ref('excluded.default_price_basic_kobo'),
        default_price_standard_kobo: eb.ref('excluded.default_price_standard_kobo'),
        default_price_premium_kobo: eb.ref('excluded.default_price_premium_kobo'),
      })),
    )
    .execute();
}

export function createCatalogueService(deps: { db: Kysely<DB>; clock: Clock; epoch: CacheEpoch; cacheMaxAgeMs?: number }) {
  const { db, clock, epoch } = deps;
  const contexts = new EpochCache<OrganisationContext | null>(20_000, deps.cacheMaxAgeMs ?? 60_000);

  async function loadContext(organisationId: string): Promise<OrganisationContext | null> {
    const org = await db
      .selectFrom('organisations')
      .select(['id', 'access_level', 'concurrency_limit', 'velocity_limit'])
      .where('id', '=', organisationId)
      .executeTakeFirst();
    if (!org) return null;
    const rows = await db
      .selectFrom('organisation_services')
      .select(['service_code', 'status', 'price_basic_kobo', 'price_standard_kobo', 'price_premium_kobo'])
      .where('organisation_id', '=', organisationId)
      .execute();
    const services = new Map<ServiceCode, ProvisionedService>();
    for (const r of rows) {
      if (!isServiceCode(r.service_code)) continue;
      services.set(r.service_code, {
        status: r.status,
        pricesKobo: { BASIC: r.price_basic_kobo, STANDARD: r.price_standard_kobo, PREMIUM: r.price_premium_kobo },
      });
    }
    return {
      id: org.id,
      accessLevel: org.access_level,
      services,
      concurrencyLimit: org.concurrency_limit,
      velocityLimit: org.velocity_limit,
    };
  }

  function view(code: ServiceCode, svc: ProvisionedService, accessLevel: AccessLevel): ServiceView {
    const def = serviceDefinition(code);
    return {
      code,
      name: def.name,
      status: svc.status,
      endpoints: [...def.endpoints],
      accessLevel,
      price: koboToNaira(svc.pricesKobo[accessLevel]),
      currency: 'NGN',
      prices: {
        BASIC: koboToNaira(svc.pricesKobo.BASIC),
        STANDARD: koboToNaira(svc.pricesKobo.STANDARD),
        PREMIUM: koboToNaira(svc.pricesKobo.PREMIUM),
      },
    };
  }

  const service = {
    /**
     * The organisation's access level and provisioned services, cached until the next change anywhere.
     * `observedEpoch` is the cache epoch this request already read (at authentication).
     */
    async context(organisationId: string, observedEpoch?: number | null): Promise<OrganisationContext> {
      const current = observedEpoch === undefined ? await epoch.read() : observedEpoch;
      const nowMs = clock.now().getTime();
      let ctx = contexts.get(organisationId, current, nowMs);
      if (ctx === undefined) {
        ctx = await loadContext(organisationId);
        contexts.set(organisationId, ctx, current, nowMs);
      }
      // A key always names an existing organisation (foreign key); this is a broken invariant.
      if (!ctx) throw new AppError('INTERNAL_ERROR', 'Organisation of the key not found');
      return ctx;
    },

    /** GET /v1/services: every provisioned service, in catalogue order. */
    async listServices(organisationId: string, observedEpoch?: number | null): Promise<ServiceView[]> {
      const ctx = await service.context(organisationId, observedEpoch);
      return SERVICES.filter((s) => ctx.services.has(s.code)).map((s) => view(s.code, ctx.services.get(s.code)!, ctx.accessLevel));
    },

    /** GET /v1/lists/verification-types: the types with at least one ACTIVE service, and their callable endpoints. */
    async verificationTypes(
      organisationId: string,
      observedEpoch?: number | null,
    ): Promise<Array<{ type: VerificationType; name: string; endpoints: string[] }>> {
      const ctx = await service.context(organisationId, observedEpoch);
      const byType = new Map<VerificationType, { type: VerificationType; name: string; endpoints: string[] }>();
      for (const s of SERVICES) {
        if (ctx.services.get(s.code)?.status !== 'ACTIVE') continue;
        const { code, name } = s.verificationType;
        const entry = byType.get(code) ?? { type: code, name, endpoints: [] };
        entry.endpoints.push(...s.endpoints);
        byType.set(code, entry);
      }
      return [...byType.values()];
    },

    /**
     * Provisions (or updates) a service for an organisation. Prices are in kobo; those not given keep
     * their current value, or the platform default for a new provisioning.
     */
    async provision(input: {
      organisationId: string;
      service: string;
      status?: ServiceStatus | undefined;
      pricesKobo?: Partial<Record<AccessLevel, number>> | undefined;
    }): Promise<ServiceView> {
      if (!isServiceCode(input.service)) {
        throw validationError([{ field: 'service', message: `must be one of: ${SERVICES.map((s) => s.code).join(', ')}` }]);
      }
      const code = input.service;
      for (const level of ACCESS_LEVELS) {
        const p = input.pricesKobo?.[level];
        if (p !== undefined && (!Number.isSafeInteger(p) || p < 0)) {
          throw validationError([{ field: `prices.${level}`, message: 'must be a non-negative amount in naira with at most two decimals' }]);
        }
      }
      const def = serviceDefinition(code);
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const org = await trx
          .selectFrom('organisations')
          .select(['id', 'access_level'])
          .where('id', '=', input.organisationId)
          .forUpdate()
          .executeTakeFirst();
        if (!org) throw notFound('Organisation not found');
        const existing = await trx
          .selectFrom('organisation_services')
          .selectAll()
          .where('organisation_id', '=', org.id)
          .where('service_code', '=', code)
          .executeTakeFirst();
        const prices = {
          BASIC: input.pricesKobo?.BASIC ?? existing?.price_basic_kobo ?? def.defaultPricesKobo.BASIC,
          STANDARD: input.pricesKobo?.STANDARD ?? existing?.price_standard_kobo ?? def.defaultPricesKobo.STANDARD,
          PREMIUM: input.pricesKobo?.PREMIUM ?? existing?.price_premium_kobo ?? def.defaultPricesKobo.PREMIUM,
        };
        const status = input.status ?? existing?.status ?? 'ACTIVE';
        await trx
          .insertInto('organisation_services')
          .values({
            organisation_id: org.id,
            service_code: code,
            status,
            price_basic_kobo: prices.BASIC,
            price_standard_kobo: prices.STANDARD,
            price_premium_kobo: prices.PREMIUM,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['organisation_id', 'service_code']).doUpdateSet({
              status,
              price_basic_kobo: prices.BASIC,
              price_standard_kobo: prices.STANDARD,
              price_premium_kobo: prices.PREMIUM,
              updated_at: now,
            }),
          )
          .execute();
        await epoch.bump(trx);
        return { accessLevel: org.access_level, svc: { status, pricesKobo: prices } };
      });
      await epoch.publish();
      return view(code, result.svc, result.accessLevel);
    },

    /**
     * GET /v1/access-levels: each level, the person fields it returns, and this organisation's price
     * for each provisioned service at that level.
     */
    async accessLevels(organisationId: string, observedEpoch?: number | null) {
      const ctx = await service.context(organisationId, observedEpoch);
      return ACCESS_LEVELS.map((level) => ({
        level,
        current: ctx.accessLevel === level,
        fields: [...PERSON_FIELDS[level]],
        prices: SERVICES.filter((s) => ctx.services.has(s.code)).map((s) => ({
          service: s.code,
          name: s.name,
          status: ctx.services.get(s.code)!.status,
          price: koboToNaira(ctx.services.get(s.code)!.pricesKobo[level]),
          currency: 'NGN' as const,
        })),
      }));
    },

    /** Switches the organisation's access level, effective from its next verification. */
    async setAccessLevel(organisationId: string, accessLevel: AccessLevel): Promise<void> {
      if (!ACCESS_LEVELS.includes(accessLevel)) {
        throw validationError([{ field: 'accessLevel', message: `must be one of: ${ACCESS_LEVELS.join(', ')}` }]);
      }
      const changed = await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('organisations')
          .set({ access_level: accessLevel, updated_at: sql`now()` })
          .where('id', '=', organisationId)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) return false;
        await epoch.bump(trx);
        return true;
      });
      if (!changed) throw notFound('Organisation not found');
      await epoch.publish();
    },
  };
  return service;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
