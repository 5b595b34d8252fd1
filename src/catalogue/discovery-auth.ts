import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AuthService } from '../accounts/auth.service.js';
import { ANY_ROLE, apiKeyAsBearer, apiKeyHeader, checkUser, isApiKeyInAuthorization } from '../http/guards.js';
import type { ApiKeyService } from '../api-keys/api-keys.service.js';
import { AppError } from '../platform/errors.js';

/** Discovery routes take an API key or a bearer token of an organisation member (DESIGN.md §4). */
export function apiKeyOrUser(apiKeys: ApiKeyService, auth: AuthService): onRequestHookHandler {
  return async (req) => {
    const header = req.headers['x-api-key'];
    if (header === undefined && req.headers.authorization !== undefined) {
      // A key sent as a bearer token is a key in the wrong header, not a bad session.
      if (isApiKeyInAuthorization(req.headers.authorization)) throw apiKeyAsBearer();
      await checkUser(auth, { roles: ANY_ROLE }, req);
      return;
    }
    const { key, epoch } = await apiKeys.authenticate(apiKeyHeader(req));
    req.apiKey = key;
    req.cacheEpoch = epoch;
  };
}

/** The organisation a discovery request speaks for, whichever credential it came with. */
export function callerOrganisationId(req: FastifyRequest): string {
  const id = req.apiKey?.organisationId ?? req.user?.organisationId;
  if (!id) throw new AppError('UNAUTHENTICATED', 'A valid API key or bearer token is required');
  return id;
}
