import type { AccountsService } from '../accounts/accounts.service.js';
import type { ApiKeyService } from '../api-keys/api-keys.service.js';
import type { AdjustmentService } from '../billing/adjustments.service.js';
import { SERVICES } from '../catalogue/catalogue.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { randomBase62 } from '../platform/crypto.js';

export interface DemoAccount {
  organisationId: string;
  ownerEmail: string;
  ownerPassword: string;
  platformAdminEmail: string;
  platformAdminPassword: string;
  testKey: string;
  liveKey: string;
}

export const DEMO_CREDIT_KOBO = 10_000 * 100;

/** What a demo organisation is made with. */
export interface DemoDeps {
  accounts: AccountsService;
  catalogue: CatalogueService;
  adjustments: AdjustmentService;
  apiKeys: ApiKeyService;
}

/**
 * A ready-to-call organisation (DESIGN.md §9 `idv demo`): an OWNER, a platform admin, every service
 * provisioned at the platform's default prices, STANDARD access, a ₦10,000 credit, and a test and a live key.
 * It lives with platform administration so the running server can make one for the CLI (local-control.routes.ts).
 */
export async function createDemo(services: DemoDeps): Promise<DemoAccount> {
  const tag = randomBase62(6).toLowerCase();
  const ownerEmail = `demo-owner-${tag}@example.com`;
  const ownerPassword = randomBase62(20);
  const platformAdminEmail = `demo-admin-${tag}@example.com`;
  const platformAdminPassword = randomBase62(20);

  const admin = await services.accounts.createPlatformAdmin({ email: platformAdminEmail, password: platformAdminPassword });
  const { organisationId, userId } = await services.accounts.createOrganisation({
    name: 'Demo Organisation',
    ownerEmail,
    ownerPassword,
    accessLevel: 'STANDARD',
  });
  for (const s of SERVICES) await services.catalogue.provision({ organisationId, service: s.code, status: 'ACTIVE' });
  // A demo credit, so the live key works at once (against the registry simulator in development).
  await services.adjustments.adjust({ organisationId, amountKobo: DEMO_CREDIT_KOBO, reason: 'Demo credit', adminId: admin.userId });
  const test = await services.apiKeys.create({ organisationId, type: 'test', name: 'Demo test key', createdBy: userId });
  const live = await services.apiKeys.create({ organisationId, type: 'live', name: 'Demo live key', createdBy: userId });
  return {
    organisationId,
    ownerEmail,
    ownerPassword,
    platformAdminEmail,
    platformAdminPassword,
    testKey: test.secret,
    liveKey: live.secret,
  };
}
