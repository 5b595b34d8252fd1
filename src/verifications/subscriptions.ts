import type { AccessLevel, ServiceStatus } from '../platform/schema.js';

/** An organisation's terms for one service (src/catalogue/ provisions them). */
export interface ProvisionedService {
  status: ServiceStatus;
  pricesKobo: Record<AccessLevel, number>;
}

/** What a verification needs to know about the calling organisation. */
export interface OrganisationContext {
  id: string;
  accessLevel: AccessLevel;
  /** By service code (a CatalogueEntry's code). */
  services: ReadonlyMap<string, ProvisionedService>;
  concurrencyLimit: number | null;
  velocityLimit: number | null;
}

/**
 * The port verify() asks for an organisation's subscriptions; the catalogue implements it
 * (src/catalogue/catalogue.service.ts), so verifications never import the catalogue.
 */
export interface Subscriptions {
  /** `observedEpoch`: the cache epoch read when the key was authenticated (null: read it again). */
  context(organisationId: string, observedEpoch?: number | null): Promise<OrganisationContext>;
}
