// Generated from GET /openapi.json by `npm run console:types` (scripts/console-types.mjs). Do not edit.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 while the process runs; it reads nothing, so a load balancer can tell a live process from a dead one.
         */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers
         * @description Answers 200 when the database answers, 503 SERVICE_UNAVAILABLE when it does not: take the process out of rotation until it is ready.
         */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check email and password, and email a one-time sign-in code
         * @description First step of sign-in: a right email and password email a 6-digit code (valid 10 minutes, 5 attempts) and answer a `loginToken` for POST /v1/auth/confirm-login. A wrong email or password is the same 401. At most 5 attempts per email and 30 per client address per 15 minutes (429).
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/confirm-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the login token and the emailed code for tokens
         * @description Second step of sign-in: the `loginToken` and the emailed code give an access token (15 minutes) and a refresh token. A wrong, expired or exhausted code is 401.
         */
        post: operations["postAuthConfirmLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the refresh token and get a new access token
         * @description Exchanges a refresh token for a new pair; the old one stops working. Presenting an already rotated refresh token again (after a 10-second grace) ends its session: 401, sign in again.
         */
        post: operations["postAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the current session
         * @description Revokes the session of this access token: its access and refresh tokens stop working at once, on every server.
         */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user and their organisation
         * @description Who the access token speaks for: the user, their role, and their organisation (null for a platform admin, who belongs to none).
         */
        get: operations["getAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's active sessions
         * @description Every session of the signed-in user that has not ended, with where it was opened; `current` marks this one.
         */
        get: operations["getAuthSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of your sessions
         * @description Ends one of the caller's own sessions: its tokens stop working at once. Another user's session is 404.
         */
        delete: operations["deleteAuthSessionsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/accept-invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set your password from an invitation and activate your account
         * @description The `token` from the invitation email and a new password activate the invited member; then sign in. An invalid, used or expired invitation is 401; an email already active elsewhere is 409.
         */
        post: operations["postAuthAcceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organisation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your organisation
         * @description The caller's organisation and its access level. Any role.
         */
        get: operations["getOrganisation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organisation/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members and pending invitations
         * @description Every member of the organisation with their role, and invitations not yet accepted (status INVITED). Any role.
         */
        get: operations["getOrganisationMembers"];
        put?: never;
        /**
         * Invite a member by email
         * @description Emails an invitation to join with this role (OWNER or ADMIN; only an OWNER may invite an OWNER). An email already a member is 409.
         */
        post: operations["postOrganisationMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organisation/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member; their sessions end at once
         * @description OWNER or ADMIN; only an OWNER removes an OWNER, and the last OWNER cannot be removed (409). The member's sessions end at once.
         */
        delete: operations["deleteOrganisationMembersById"];
        options?: never;
        head?: never;
        /**
         * Change a member's role (OWNER only); applies from the member's next request
         * @description OWNER only. The last OWNER cannot be demoted (409). A member of another organisation is 404.
         */
        patch: operations["patchOrganisationMembersById"];
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's API keys (metadata only)
         * @description Every key of the organisation, revoked and expired ones included, without secrets. Any role.
         */
        get: operations["getApiKeys"];
        put?: never;
        /**
         * Create an API key; its secret is shown in this answer only
         * @description OWNER, ADMIN or DEVELOPER. `test` keys run the sandbox and are never charged; `live` keys reach the registries and are billed. Store `secret` now: only its hash is kept.
         */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key: refused from its next request on, on every server
         * @description OWNER, ADMIN or DEVELOPER. A revoked key is 401 on its next request, on every server. A key of another organisation is 404.
         */
        delete: operations["deleteApiKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/access-levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The levels, the person fields each returns, and this organisation's price for each service
         * @description BASIC, STANDARD and PREMIUM: the person fields each returns and what each service costs this organisation at each; `current` marks its level. Any role.
         */
        get: operations["getAccessLevels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/access-levels/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch the organisation's access level, from its next verification
         * @description OWNER or ADMIN. One level per organisation: it decides the fields returned and the price of every verification from the next one on.
         */
        post: operations["postAccessLevelsSubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/organisations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every organisation, newest first
         * @description Platform admins only. Paged: `limit` (1–100, default 20) and the `nextCursor` of the previous page.
         */
        get: operations["getAdminOrganisations"];
        put?: never;
        /**
         * Create an organisation; its owner is invited by email
         * @description Platform admins only. Creates the organisation with its wallet and emails its OWNER an invitation. An email that already has an account is 409.
         */
        post: operations["postAdminOrganisations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/organisations/{id}/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An organisation's provisioned services
         * @description Platform admins only: the services provisioned for the organisation, their status and prices per access level.
         */
        get: operations["getAdminOrganisationsByIdServices"];
        put?: never;
        /**
         * Provision a service, suspend it, or set its prices (naira per access level)
         * @description Platform admins only. Provisions the service (ACTIVE by default) or changes its status or prices; prices left out keep their value, or the platform default for a new service. Applies from the next verification, on every server.
         */
        post: operations["postAdminOrganisationsByIdServices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/organisations/{id}/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Override the organisation's concurrency and velocity limits (null restores the default)
         * @description Platform admins only. `concurrencyLimit`: provider calls in flight per endpoint; `velocityLimit`: live debits per minute. At least one field.
         */
        patch: operations["patchAdminOrganisationsByIdLimits"];
        trace?: never;
    };
    "/v1/wallet/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The wallet balance
         * @description The balance, what is available (the balance less the holds of live verifications in flight), and the low-balance threshold, in naira. Any role.
         */
        get: operations["getWalletBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/low-balance-threshold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The low-balance alert threshold
         * @description The balance, in naira, below which OWNERs and ADMINs are emailed once; 0 means off. Any role.
         */
        get: operations["getWalletLowBalanceThreshold"];
        put?: never;
        /**
         * Set the low-balance alert threshold (naira; 0 turns it off)
         * @description OWNER or ADMIN. A debit that takes the balance from at or above the threshold to below it emails the OWNERs and ADMINs once.
         */
        post: operations["postWalletLowBalanceThreshold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deposits, debits and adjustments, newest first
         * @description The journal of the wallet: signed amounts in naira and the balance after each. Paged by `limit` (1–100) and `cursor`. Any role.
         */
        get: operations["getPaymentsTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/adjustment-approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve another admin’s large adjustment: a single-use token bound to its values (15 minutes)
         * @description Platform admins only. An adjustment above ADJUSTMENT_APPROVAL_THRESHOLD needs a second platform admin: this answers the `secondApprover` token for exactly this organisation, amount and reason, usable once within 15 minutes by another admin. An unknown organisation is 404.
         */
        post: operations["postAdminAdjustmentApprovals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/admin/adjust/{organisationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Signed, audited wallet adjustment (the one sanctioned manual mutation)
         * @description Positive credits, negative debits. Above ADJUSTMENT_APPROVAL_THRESHOLD (naira, |amount|) a secondApprover token from another platform admin is required. Idempotency-Key, when sent, becomes the reference: a retry returns the first result.
         */
        post: operations["postPaymentsAdminAdjustByOrganisationId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/initialize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a funding payment in naira; complete it at authorizationUrl, then verify
         * @description OWNER or ADMIN. Opens a payment with the gateway (at least 100 naira): send the payer to `authorizationUrl`, then call GET /v1/payments/verify/{reference}. With an Idempotency-Key, it becomes the reference and a retry returns the same payment. An unavailable gateway is 503.
         */
        post: operations["postPaymentsInitialize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/verify/{reference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm a payment with the gateway; the wallet is credited once
         * @description Any role. Asks the gateway for the payment and, once it succeeded, credits the wallet with the confirmed amount, exactly once whichever of this and the webhook comes first. A reference of another organisation is 404; an unavailable gateway is 503.
         */
        get: operations["getPaymentsVerifyByReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The services on the caller's account
         * @description Every service provisioned for the organisation, ACTIVE or SUSPENDED, with its endpoints and its price at the organisation's access level and at each level. An API key or a bearer token.
         */
        get: operations["getServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/verification-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The verification types the caller can call now
         * @description The verification types with at least one ACTIVE service, and their endpoints. An API key or a bearer token.
         */
        get: operations["getListsVerificationTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nin/request-reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The valid requestReason values of a NIN lookup
         * @description The codes `requestReason` takes on the NIN lookup, NIN face match and enhanced phone lookup, with what each means. An API key or a bearer token.
         */
        get: operations["getNinRequestReasons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verification records, newest first, filtered and paged
         * @description Any role. Every call that reached the provider stage, with test and live keys (`environment`, default live; the two never mix), newest first by `createdAt` then `id`. Filters: `type` and `status` (VERIFIED, NOT_VERIFIED, FAILED = no verdict) comma-separated, `apiKeyId`, `from` (inclusive) and `to` (exclusive) as ISO 8601 date-times with Z or an offset. Paged by `limit` (1–100, default 20) and the opaque `cursor` (the previous page's `nextCursor`, null when nothing follows). An unknown parameter or a value outside its rules is 400 naming it.
         */
        get: operations["getVerifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One verification record, of either environment
         * @description Any role. The record of one call (`ver_…`, the `verificationId` of its answer), live or test. An id of another organisation is 404, exactly as one that does not exist.
         */
        get: operations["getVerificationsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's exports, newest first
         * @description Any role. Every status, newest first, paged by `limit` (1–100, default 20) and the opaque `cursor` of the previous page.
         */
        get: operations["getVerificationsExports"];
        put?: never;
        /**
         * Request an export of verification records as CSV or XLSX
         * @description Any role. Starts a durable job (202, `Location` the export) that writes every record matching `filters` (the names and rules of GET /v1/verifications, with type and status as arrays; omitted: every live record) as of the request: an absent or future `to` becomes the request time. At most 1,000,000 rows (more: 400 on `filters` with the count); at most 2 exports PENDING or RUNNING per organisation (one more: 429 with Retry-After 30). Poll GET /v1/verifications/exports/{id} until COMPLETED, then download.
         */
        post: operations["postVerificationsExports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/export-estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many records an export with these filters would hold, and whether it is allowed
         * @description Any role. `rowCount` is exact now, counted as the export would count it; `estimatedBytes` is indicative only. `format` csv (default) or xlsx; the other parameters are the filters of GET /v1/verifications. `exceedsLimit` is true when such an export would be refused.
         */
        get: operations["getVerificationsExportEstimate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One export: its status, progress and, once COMPLETED, its download path
         * @description Any role. Another organisation's export id is 404 exactly as a missing one.
         */
        get: operations["getVerificationsExportsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the file of a COMPLETED export
         * @description Any role. The file itself, not the envelope: `text/csv; charset=utf-8` or the XLSX type, `Content-Disposition: attachment`, `Content-Length`, `Cache-Control: no-store`. PENDING, RUNNING or FAILED: 409 EXPORT_NOT_READY; EXPIRED (7 days after completion): 410 EXPORT_EXPIRED. Errors keep the envelope.
         */
        get: operations["getVerificationsExportsByIdDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Volume, outcomes, success rate and spend over a range, in total and by type
         * @description Any role. Counted from the verification records committed before the request (nothing cached). Defaults: `to` now, `from` 30 days before `to`; at most 366 days (else 400 on `from`). `environment` live (default) or test (test spend is always 0); `type` comma-separated; `apiKeyId`.
         */
        get: operations["getAnalyticsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The same figures per hour or day, every bucket present
         * @description Any role. `interval` hour or day (default); `timezone` Africa/Lagos (default, UTC+01:00: a day starts at 23:00Z) or UTC. `from` is rounded down and `to` up to bucket boundaries and echoed; defaults: `to` the end of the current day or hour, `from` 30 days or 24 hours before. At most 366 day or 744 hour buckets (else 400 on `from`). Buckets are contiguous and zero-filled; `groupBy=type` adds per-type `groups` to each.
         */
        get: operations["getAnalyticsTimeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's webhook endpoints, newest first
         * @description Any role. A plain array (at most 20), unpaged; secrets are never shown.
         */
        get: operations["getWebhooksEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint; its signing secret is shown only in this answer
         * @description OWNER, ADMIN or DEVELOPER. `url` must be https:// (at most 2,048 characters, no user-info, no fragment, not a loopback, private, link-local or metadata address); `eventTypes` a non-empty list of event types or ["*"]; `environment` live (default) or test, fixed at creation. At most 20 endpoints per organisation and one per url and environment (409 CONFLICT). The answer carries `secret` (`whsec_…`), never shown again.
         */
        post: operations["postWebhooksEndpoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description Any role. Another organisation's endpoint id is 404 exactly as a missing one.
         */
        get: operations["getWebhooksEndpointsById"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint and its deliveries
         * @description OWNER, ADMIN or DEVELOPER. Its pending attempts stop and its deliveries are deleted.
         */
        delete: operations["deleteWebhooksEndpointsById"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint's url, description, event types or status
         * @description OWNER, ADMIN or DEVELOPER; at least one field. `status: "DISABLED"` sets disabledReason MANUAL and fails its pending deliveries; `"ENABLED"` clears disabledReason and failingSince. Changes apply to events raised afterwards. The url rules of the create apply; a url taken in this environment is 409.
         */
        patch: operations["patchWebhooksEndpointsById"];
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret; the new one is shown only in this answer
         * @description OWNER, ADMIN or DEVELOPER. The previous secret signs alongside the new one (two webhook-signature entries, the new first) until `previousSecretExpiresAt`: `overlapSeconds` 0–604800, default 86400 (send `{}`); 0 ends it at once. At most two secrets: rotating during an overlap drops the older one.
         */
        post: operations["postWebhooksEndpointsByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's deliveries, newest first
         * @description Any role. Filters: `status` (PENDING, SUCCEEDED, FAILED) and `eventType`, comma-separated; `from` (inclusive) and `to` (exclusive) on createdAt. Paged by `limit` (1–100, default 20) and the opaque `cursor` of the previous page. Deliveries are kept 30 days with their events.
         */
        get: operations["getWebhooksEndpointsByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend what an endpoint missed: one MANUAL attempt per event since a time
         * @description OWNER, ADMIN or DEVELOPER. For every event in [`since`, `until`) raised after the endpoint was created, matching it, and with no SUCCEEDED delivery to it: one MANUAL attempt, oldest first. `since` within the last 30 days; at most 10,000 per call, and `nextSince` (else null) is where to call again. A DISABLED endpoint is 409 CONFLICT: re-enable it first. `Location`: the endpoint's deliveries.
         */
        post: operations["postWebhooksEndpointsByIdRecover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now (one MANUAL attempt)
         * @description OWNER, ADMIN or DEVELOPER. One MANUAL attempt now, whatever the status (after SUCCEEDED it resends); a PENDING delivery keeps its schedule; while a manual attempt waits, another call adds none. The endpoint not ENABLED: 409 CONFLICT. `Location`: the delivery.
         */
        post: operations["postWebhooksDeliveriesByIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery with its attempts, oldest first
         * @description Any role. The last 50 attempts are kept. Another organisation's delivery id is 404 exactly as a missing one.
         */
        get: operations["getWebhooksDeliveriesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event's deliveries, one per endpoint
         * @description Any role. A plain array, unpaged. Another organisation's event id is 404 exactly as a missing one.
         */
        get: operations["getEventsByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Raise a test event with sample data and deliver it now
         * @description A test API key (x-api-key) or a bearer token of an OWNER, ADMIN or DEVELOPER; a live key is 403 FORBIDDEN. Raises an event of `type` with `environment: "test"` and sample data built from the sandbox fixtures (fresh ids that name no stored resource), delivered to every ENABLED test endpoint subscribed to the type, or with `endpointId` to that endpoint alone whatever its environment and subscriptions (DISABLED: 409 CONFLICT). `*` is not a type here.
         */
        post: operations["postEventsTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events, newest first, filtered and paged
         * @description Any role. The events of the last 30 days (`environment`, default live; the two never mix), newest first by `createdAt` then `id`, each exactly as its deliveries send it. Filters: `type` (event types, comma-separated), `from` (inclusive) and `to` (exclusive) as ISO 8601 date-times with Z or an offset. Paged by `limit` (1–100, default 20) and the opaque `cursor` (the previous page's `nextCursor`, null when nothing follows). An unknown parameter or a value outside its rules is 400 naming it.
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event, of either environment
         * @description Any role. One event (`evt_…`) exactly as its deliveries send it. An id of another organisation, or of an event older than 30 days, is 404.
         */
        get: operations["getEventsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event types a webhook endpoint can subscribe to
         * @description Any role. The six event types of DESIGN.md §11.2, with what raises each and its `data`.
         */
        get: operations["getWebhooksEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The notification channels and how this server delivers each
         * @description Any role. Always email (SMTP or OUTBOX), sms (SMS_GATEWAY or OUTBOX) and webhook (HTTPS), in this order.
         */
        get: operations["getNotificationsChannels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The built-in templates and the organisation’s own
         * @description Any role. A plain array: built-ins first in their fixed order, then the organisation’s by name; `channel` filters.
         */
        get: operations["getNotificationsTemplates"];
        put?: never;
        /**
         * Create a template of the organisation
         * @description OWNER, ADMIN or DEVELOPER. `name` lower-case words joined by hyphens (2–64 characters); `subject` email only (1–200 characters, required there); `body` 1–20,000 characters (sms 1–480); placeholders `{{name}}`, and a `{{` that opens none is 400. A built-in or taken name, or a 101st template, is 409 CONFLICT.
         */
        post: operations["postNotificationsTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/templates/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One template, built-in or the organisation’s
         * @description Any role. An unknown name, or one of another organisation, is 404.
         */
        get: operations["getNotificationsTemplatesByName"];
        put?: never;
        post?: never;
        /**
         * Delete one of the organisation’s templates
         * @description OWNER, ADMIN or DEVELOPER. A built-in is 403 FORBIDDEN; an unknown name 404.
         */
        delete: operations["deleteNotificationsTemplatesByName"];
        options?: never;
        head?: never;
        /**
         * Change the subject or body of one of the organisation’s templates
         * @description OWNER, ADMIN or DEVELOPER. Name and channel are fixed; at least one of `subject` and `body`, with the rules of creation. A built-in is 403 FORBIDDEN.
         */
        patch: operations["patchNotificationsTemplatesByName"];
        trace?: never;
    };
    "/v1/notifications/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message from a sendable template
         * @description OWNER, ADMIN or DEVELOPER. Every error is reported at once (400, the fields named): `channel` email, sms or webhook; `to` an email address (lower-cased), a Nigerian mobile number or E.164 (normalised to E.164), or the url of an ENABLED webhook endpoint; `templateName` a sendable template of that channel; `templateVariables` every variable of the template as strings of at most 2,000 characters, and no other key. A rendered sms over 918 characters is 400. At most 60 sends a minute per organisation (429). The message is stored QUEUED before the answer; its status in the message log tracks delivery.
         */
        post: operations["postNotificationsSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation’s messages of the last 30 days, newest first
         * @description Any role. Filters `channel` and `status`; paged by `limit` (1–100, default 20) and `cursor`. Phone numbers are masked; bodies are never shown.
         */
        get: operations["getNotificationsMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One message and its delivery status
         * @description Any role. Another organisation’s id is 404 exactly as a missing one.
         */
        get: operations["getNotificationsMessagesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages written to the outbox (development and test only, to clients on the same machine; absent in production)
         * @description Where sign-in codes and invitations go when no SMTP server is configured: newest first, `to` filters by recipient. Outside production, and to clients on this machine only (anyone else gets 404); absent in production.
         */
        get: operations["getNotificationsOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nin/raw/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look up a NIN
         * @description Returns the person the national identity register holds for this NIN, with the fields of the organisation's access level. A NIN the register does not hold is 404 RECORD_NOT_FOUND (billable on live keys).
         */
        post: operations["postNinRawLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nin/face-match/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Match a face against a NIN
         * @description Compares the selfie (and liveliness frames) with the photo the identity register holds for the NIN. MATCH returns the person at the organisation's access level; NO_MATCH is NOT_VERIFIED, billed on live keys, with no person. An unknown NIN is 404 RECORD_NOT_FOUND. Images are never stored nor logged.
         */
        post: operations["postNinFaceMatchLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bvn/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look up a BVN
         * @description Returns the person the BVN service holds for this BVN, with the fields of the organisation's access level (STANDARD adds enrollmentBank, enrollmentBranch and registrationDate). A BVN it does not hold is 404 RECORD_NOT_FOUND (billable on live keys).
         */
        post: operations["postBvnLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bvn/face-validation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a face against a BVN
         * @description Compares the image with the photo the BVN service holds. consentGranted must be true. MATCH returns the person at the access level; NO_MATCH is NOT_VERIFIED, billed on live keys, with no person. Images are never stored nor logged.
         */
        post: operations["postBvnFaceValidation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tin/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a TIN
         * @description Returns the taxpayer the federal tax registry holds for this TIN (NNNNNNNN-NNNN). Every taxpayer field is present, null where the registry holds nothing. 404 is final (billable on live keys). Live keys must send an Idempotency-Key; every upstream failure is 503.
         */
        post: operations["postTinVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tin/by-phone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find a taxpayer by phone number
         * @description Returns the taxpayer the federal tax registry holds for this Nigerian mobile number. Same answer shape and rules as /v1/tin/verify.
         */
        post: operations["postTinByPhone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tin/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a TIN
         * @description Asks the joint tax registry whether this TIN (10 to 13 bare digits) is a well-formed, issued number. A 200 means the registry answered: the verdict is `result`. INVALID is a billed answer with verificationStatus NOT_VERIFIED; 404 (no record held) is a different answer.
         */
        post: operations["postTinValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tin/from-nin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find the TIN of a NIN
         * @description Returns the tax number, name, date of birth (DD/MM/YYYY) and tax residency the federal tax registry holds for this NIN. The result is personal data: the TIN is stored and logged like a NIN (encrypted, never in clear).
         */
        post: operations["postTinFromNin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cac/basic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a business (Basic)
         * @description Returns the company the corporate registry holds for this registration number and company type (RC by default). Leading zeros are significant: a number missing one is a valid request and a billable 404. Live keys must send an Idempotency-Key. X-Correlation-ID is passed to the registry.
         */
        post: operations["postCacBasic"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cac/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a business (Advance)
         * @description Returns every company the corporate registry holds for this registration number and company type, with their directors as recorded (affiliateType says the role: secretaries and lawyers appear too). When matchCount is above 1 the number belongs to several entities and companies[0] is not the answer. Every director field is nullable. Live keys must send an Idempotency-Key; the full answer is kept 24 hours against it, a redacted copy durably.
         */
        post: operations["postCacAdvance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/enhanced-lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look up a person by phone number
         * @description Resolves a Nigerian mobile number to the NIN identity record: through the phone-number resolution provider and the register’s NIN lookup, or, when the provider cannot resolve the number, the register’s own phone lookup. `resolvedBy` says which path answered. One call is billed once, whatever path answered; a number whose NIN the register does not hold is a billable 404; an unavailable register is 503, not billed.
         */
        post: operations["postPhoneEnhancedLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The payment gateway’s webhook (x-paystack-signature: HMAC-SHA512 of the raw body); signed with the simulator’s public secret, accepted only from this machine
         * @description For the payment gateway, not for clients: accepted only with a valid `x-paystack-signature` (401 otherwise). It credits the payment's organisation once, with the amount and currency the gateway confirmed. A webhook signed with the simulator's public secret is refused (403) unless it comes from this machine.
         */
        post: operations["postPaymentsWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * ErrorEnvelope
         * @description Every failure: a machine-readable code, and field errors on a 400.
         */
        ErrorEnvelope: {
            /** @enum {boolean} */
            success: false;
            /** @example 400 */
            statusCode: number;
            message: string;
            /** Format: date-time */
            timestamp: string;
            /** @example /v1/nin/raw/lookup */
            path: string;
            /**
             * @description Machine-readable: branch on it (see the error table)
             * @example VALIDATION_ERROR
             */
            code: string;
            /** @description VALIDATION_ERROR only: one entry per invalid field */
            errors?: components["schemas"]["FieldError"][];
            /** @description Details of some failures: the verification id and charge of a billable 404 or an upstream failure, the price of a 402 */
            data?: unknown;
        };
        /** @description The registry answered and holds no record: billed on live keys. */
        RecordNotFoundData: {
            /** @constant */
            verificationStatus: "NOT_VERIFIED";
            /** @description Quote it in support requests */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Always false on test keys */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
        };
        /** TokenPair */
        TokenPair: {
            /** @description Send as `Authorization: Bearer <accessToken>` */
            accessToken: string;
            /** @description Single use: POST /v1/auth/refresh exchanges it for a new pair */
            refreshToken: string;
            /** @enum {string} */
            tokenType: "Bearer";
            /** @description Seconds the access token lives (900) */
            expiresIn: number;
            sessionId: string;
        };
        /** Organisation */
        Organisation: {
            id: string;
            name: string;
            /** @enum {string} */
            accessLevel: "BASIC" | "STANDARD" | "PREMIUM";
            /** Format: date-time */
            createdAt: string;
        };
        /** Session */
        Session: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUsedAt: string;
            userAgent: string | null;
            ip: string | null;
            current: boolean;
        };
        /** Member */
        Member: {
            id: string;
            email: string;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "DEVELOPER" | "VIEWER";
            /** @enum {string} */
            status: "ACTIVE" | "INVITED";
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * ApiKey
         * @description Metadata only: the secret is shown once, when the key is created.
         */
        ApiKey: {
            id: string;
            name: string;
            /** @enum {string} */
            type: "test" | "live";
            prefix: string;
            last4: string;
            /** @description Requests per minute */
            rateLimit: number;
            expiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
        };
        /** Service */
        Service: {
            /** @enum {string} */
            code: "NIN_LOOKUP" | "NIN_FACE_MATCH" | "BVN_LOOKUP" | "BVN_FACE_VALIDATION" | "TIN_VERIFICATION" | "TIN_VALIDATION" | "TIN_FROM_NIN" | "CAC_BASIC" | "CAC_ADVANCE" | "ENHANCED_PHONE_LOOKUP";
            name: string;
            /** @enum {string} */
            status: "ACTIVE" | "SUSPENDED";
            endpoints: string[];
            /** @enum {string} */
            accessLevel: "BASIC" | "STANDARD" | "PREMIUM";
            /** @description Naira per verification at the organisation's access level */
            price: number;
            /** @enum {string} */
            currency: "NGN";
            /** @description Naira per verification at each access level */
            prices: {
                BASIC: number;
                STANDARD: number;
                PREMIUM: number;
            };
        };
        /** WalletBalance */
        WalletBalance: {
            /** @description Naira */
            balance: number;
            /** @description Balance less the holds of verifications in flight */
            availableBalance: number;
            /** @enum {string} */
            currency: "NGN";
            /** @description Naira; 0 = off */
            lowBalanceThreshold: number;
        };
        /** LowBalanceThreshold */
        LowBalanceThreshold: {
            /** @description Naira; 0 = off */
            threshold: number;
            /** @enum {string} */
            currency: "NGN";
        };
        /** Transaction */
        Transaction: {
            id: string;
            /** @enum {string} */
            type: "DEPOSIT" | "DEBIT" | "ADJUSTMENT";
            /** @description Signed naira, negative for debits */
            amount: number;
            /** @enum {string} */
            direction: "CREDIT" | "DEBIT";
            balanceAfter: number;
            reference: string;
            description: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** Adjustment */
        Adjustment: {
            transactionId: string;
            reference: string;
            /** @description adj:<reference> */
            operationId: string;
            amount: number;
            /** @enum {string} */
            direction: "CREDIT" | "DEBIT";
            /** @enum {string} */
            currency: "NGN";
            /** @enum {string} */
            status: "SUCCESS";
            newBalance: number;
            organisationId: string;
            /** Format: date-time */
            adjustedAt: string;
        };
        /**
         * VerificationRecord
         * @description One verification call that reached the provider stage (DESIGN.md §10.1). No name, clear identifier, image or registry field is ever part of it.
         */
        VerificationRecord: {
            /**
             * @description `ver_…`: the verificationId of the answer
             * @example ver_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            /**
             * @description Service code (GET /v1/services)
             * @example NIN_LOOKUP
             */
            type: string;
            /**
             * @description The path called
             * @example /v1/nin/raw/lookup
             */
            endpoint: string;
            /**
             * @description The type of the API key
             * @enum {string}
             */
            environment: "live" | "test";
            /** @description Null when no verdict came back */
            verificationStatus: ("VERIFIED" | "NOT_VERIFIED") | null;
            errorCode: string | null;
            /**
             * @description The status returned to the caller
             * @example 200
             */
            httpStatus: number;
            /** @description Always false on test keys */
            charged: boolean;
            /**
             * @description Naira; 0 when not charged
             * @example 150
             */
            chargeAmount: number;
            referenceId: string | null;
            /** @enum {string} */
            identifierType: "NIN" | "BVN" | "TIN" | "PHONE" | "RC_NUMBER";
            /**
             * @description Normalised (phone in E.164) and masked but for the last four characters
             * @example *******1111
             */
            identifier: string;
            purpose: string | null;
            requestReason: string | null;
            /** @description The `key_…` that made the call */
            apiKeyId: string;
            /** @description The call's X-Request-Id */
            requestId: string;
            /** @description From the request's arrival to its settlement */
            durationMs: number;
            replayOf: string | null;
            /**
             * Format: date-time
             * @description The settlement instant, ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /**
             * @description Enhanced phone lookup only (an addition to DESIGN.md §10.1): the path that answered; absent on other records
             * @enum {string}
             */
            resolvedBy?: "RESOLUTION_PROVIDER" | "REGISTER_PHONE_LOOKUP";
        };
        /**
         * VerificationExport
         * @description An export of verification records (DESIGN.md §10.2).
         */
        VerificationExport: {
            /**
             * @description `exp_…`
             * @example exp_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            /** @enum {string} */
            status: "PENDING" | "RUNNING" | "COMPLETED" | "FAILED" | "EXPIRED";
            /**
             * @description csv or xlsx
             * @enum {string}
             */
            format: "csv" | "xlsx";
            /** @description The filters, normalised: absent ones null; environment and to always set */
            filters: {
                type: string[] | null;
                status: ("VERIFIED" | "NOT_VERIFIED" | "FAILED")[] | null;
                /** @enum {string} */
                environment: "live" | "test";
                apiKeyId: string | null;
                /** @description Inclusive */
                from: string | null;
                /**
                 * Format: date-time
                 * @description Exclusive: the request time when absent or in the future (the snapshot)
                 * @example 2026-11-22T09:00:00.000Z
                 */
                to: string;
            };
            /**
             * @description Matching records, counted at the request and again when the job starts; from then on the data rows of the file
             * @example 1250
             */
            rowCount: number;
            /** @description Data rows written so far */
            processedRows: number;
            /** @description floor(100 × processedRows / rowCount), at most 99 while RUNNING; 100 when COMPLETED */
            progress: number;
            fileName: string | null;
            /** @description Bytes; from COMPLETED on */
            fileSize: number | null;
            downloadUrl: string | null;
            /** @description FAILED only */
            error: {
                /** @example INTERNAL_ERROR */
                code: string;
                message: string;
            } | null;
            /** @description The `usr_…` who asked for it */
            requestedBy: string;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            createdAt: string;
            /** @description When a worker first claimed it */
            startedAt: string | null;
            /** @description When it was COMPLETED or FAILED */
            completedAt: string | null;
            /** @description completedAt + 7 days, COMPLETED and EXPIRED only */
            expiresAt: string | null;
        };
        /** AnalyticsSummary */
        AnalyticsSummary: {
            /**
             * Format: date-time
             * @description Inclusive
             * @example 2026-10-22T09:15:02.123Z
             */
            from: string;
            /**
             * Format: date-time
             * @description Exclusive
             * @example 2026-11-21T09:15:02.123Z
             */
            to: string;
            /** @enum {string} */
            environment: "live" | "test";
            /** @enum {string} */
            currency: "NGN";
            /** @description Records (replays included) */
            volume: number;
            verified: number;
            notVerified: number;
            /** @description Records without a verdict */
            failed: number;
            /** @description verified / (verified + notVerified), 4 decimals; null when nothing was answered */
            successRate: number | null;
            /** @description Naira charged (replays included) */
            spend: number;
            /** @description Records that replayed an earlier answer (already inside the counts) */
            replays: number;
            chargedCount: number;
            /** @description One entry per type with volume above 0, in catalogue order */
            byType: {
                /** @example NIN_LOOKUP */
                type: string;
                /** @description Records (replays included) */
                volume: number;
                verified: number;
                notVerified: number;
                /** @description Records without a verdict */
                failed: number;
                /** @description verified / (verified + notVerified), 4 decimals; null when nothing was answered */
                successRate: number | null;
                /** @description Naira charged (replays included) */
                spend: number;
            }[];
        };
        /** AnalyticsTimeseries */
        AnalyticsTimeseries: {
            /** @enum {string} */
            interval: "hour" | "day";
            /** @enum {string} */
            timezone: "Africa/Lagos" | "UTC";
            /** @enum {string} */
            environment: "live" | "test";
            /** @enum {string} */
            currency: "NGN";
            /**
             * Format: date-time
             * @description The first bucket's start
             * @example 2026-10-22T23:00:00.000Z
             */
            from: string;
            /**
             * Format: date-time
             * @description The last bucket's end
             * @example 2026-11-21T23:00:00.000Z
             */
            to: string;
            buckets: {
                /**
                 * Format: date-time
                 * @description Inclusive, ISO UTC
                 * @example 2026-11-20T23:00:00.000Z
                 */
                start: string;
                /**
                 * Format: date-time
                 * @description Exclusive, ISO UTC
                 * @example 2026-11-21T23:00:00.000Z
                 */
                end: string;
                /**
                 * @description The bucket in the chosen zone: 2026-11-21 or 2026-11-21T09:00
                 * @example 2026-11-21
                 */
                label: string;
                /** @description Records (replays included) */
                volume: number;
                verified: number;
                notVerified: number;
                /** @description Records without a verdict */
                failed: number;
                /** @description verified / (verified + notVerified), 4 decimals; null when nothing was answered */
                successRate: number | null;
                /** @description Naira charged (replays included) */
                spend: number;
                /** @description With groupBy=type: every type with a record in the range, catalogue order */
                groups?: {
                    /** @example NIN_LOOKUP */
                    type: string;
                    /** @description Records (replays included) */
                    volume: number;
                    verified: number;
                    notVerified: number;
                    /** @description Records without a verdict */
                    failed: number;
                    /** @description verified / (verified + notVerified), 4 decimals; null when nothing was answered */
                    successRate: number | null;
                    /** @description Naira charged (replays included) */
                    spend: number;
                }[];
            }[];
        };
        /**
         * WebhookEndpointWithSecret
         * @description The endpoint and its signing secret, shown once.
         */
        WebhookEndpointWithSecret: {
            /**
             * @description `whk_…`
             * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            /** @example https://example.com/webhooks/idv */
            url: string;
            description: string | null;
            eventTypes: string[];
            /** @enum {string} */
            environment: "live" | "test";
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            /** @description Why it is DISABLED, else null */
            disabledReason: ("MANUAL" | "GONE" | "FAILING") | null;
            /** @description The first failed attempt since the last success */
            failingSince: string | null;
            /** @description The last successful attempt */
            lastSuccessAt: string | null;
            /** @description The end of a rotation overlap, during which the previous secret signs too */
            previousSecretExpiresAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            updatedAt: string;
            /**
             * @description `whsec_…`: shown only here; verify signatures with it
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        /**
         * WebhookEndpoint
         * @description A webhook endpoint (DESIGN.md §11.3).
         */
        WebhookEndpoint: {
            /**
             * @description `whk_…`
             * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            /** @example https://example.com/webhooks/idv */
            url: string;
            description: string | null;
            eventTypes: string[];
            /** @enum {string} */
            environment: "live" | "test";
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            /** @description Why it is DISABLED, else null */
            disabledReason: ("MANUAL" | "GONE" | "FAILING") | null;
            /** @description The first failed attempt since the last success */
            failingSince: string | null;
            /** @description The last successful attempt */
            lastSuccessAt: string | null;
            /** @description The end of a rotation overlap, during which the previous secret signs too */
            previousSecretExpiresAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * WebhookDelivery
         * @description One event to one endpoint (DESIGN.md §11.4).
         */
        WebhookDelivery: {
            /**
             * @description `dlv_…`
             * @example dlv_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            /**
             * @description `evt_…`: the webhook-id header
             * @example evt_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            eventId: string;
            /** @example verification.completed */
            eventType: string;
            /** @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa */
            endpointId: string;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attemptCount: number;
            /** @description When the next attempt is due */
            nextAttemptAt: string | null;
            /** @description When the last attempt started */
            lastAttemptAt: string | null;
            /** @description The HTTP status of the last answer; null when none came */
            lastResponseStatus: number | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            createdAt: string;
        };
        /**
         * WebhookAttempt
         * @description One request of a delivery.
         */
        WebhookAttempt: {
            /**
             * @description `att_…`
             * @example att_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            number: number;
            /** @enum {string} */
            trigger: "SCHEDULED" | "MANUAL";
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            startedAt: string;
            durationMs: number;
            /** @description null when no answer came */
            responseStatus: number | null;
            /** @description The first 1 KiB of the answer as text */
            responseBody: string | null;
            error: ("TIMEOUT" | "CONNECTION_ERROR" | "TLS_ERROR" | "DNS_ERROR" | "BLOCKED_ADDRESS") | null;
            succeeded: boolean;
        };
        /** WebhookDeliveryWithAttempts */
        WebhookDeliveryWithAttempts: {
            /**
             * @description `dlv_…`
             * @example dlv_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            /**
             * @description `evt_…`: the webhook-id header
             * @example evt_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            eventId: string;
            /** @example verification.completed */
            eventType: string;
            /** @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa */
            endpointId: string;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attemptCount: number;
            /** @description When the next attempt is due */
            nextAttemptAt: string | null;
            /** @description When the last attempt started */
            lastAttemptAt: string | null;
            /** @description The HTTP status of the last answer; null when none came */
            lastResponseStatus: number | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            createdAt: string;
            /** @description The last 50 attempts, oldest first */
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        /**
         * Event
         * @description An event (DESIGN.md §11.2), kept 30 days.
         */
        Event: {
            /**
             * @description `evt_…`, stable
             * @example evt_01jdq8w2y3n4p5r6s7t8v9w0xa
             */
            id: string;
            /**
             * @description One of GET /v1/webhooks/event-types
             * @enum {string}
             */
            type: "verification.completed" | "wallet.low_balance" | "wallet.funded" | "api_key.created" | "api_key.revoked" | "auth.new_session";
            /**
             * Format: date-time
             * @description The instant of the change, ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /**
             * @description test for verifications by test keys and triggered events; live otherwise
             * @enum {string}
             */
            environment: "live" | "test";
            /** @description The type's data (DESIGN.md §11.2); amounts in naira */
            data: {
                [key: string]: unknown;
            };
        };
        /** EventType */
        EventType: {
            /** @example verification.completed */
            type: string;
            description: string;
        };
        /** NotificationChannel */
        NotificationChannel: {
            /**
             * @description email, sms or webhook
             * @enum {string}
             */
            channel: "email" | "sms" | "webhook";
            /** @example Email */
            name: string;
            /**
             * @description How this server hands the channel’s messages over
             * @enum {string}
             */
            delivery: "SMTP" | "OUTBOX" | "SMS_GATEWAY" | "HTTPS";
        };
        /**
         * NotificationTemplate
         * @description A message template (DESIGN.md §11.1).
         */
        NotificationTemplate: {
            /** @example order-shipped */
            name: string;
            /**
             * @description email, sms or webhook
             * @enum {string}
             */
            channel: "email" | "sms" | "webhook";
            /** @description Email only; null on sms and webhook */
            subject: string | null;
            /** @example Hello {{firstName}}, your order {{orderId}} has shipped. */
            body: string;
            /** @description The distinct placeholders, in order of first appearance (subject, then body); each is required at send */
            variables: string[];
            builtIn: boolean;
            /** @description Whether POST /v1/notifications/send may use it */
            sendable: boolean;
            /** @description null for built-ins */
            createdAt: string | null;
            /** @description null for built-ins */
            updatedAt: string | null;
        };
        /**
         * NotificationMessage
         * @description A message of the log (DESIGN.md §11.1); never its body.
         */
        NotificationMessage: {
            /** @example ntf_01jdq8w2y3n4p5r6s7t8v9w0xa */
            id: string;
            /**
             * @description email, sms or webhook
             * @enum {string}
             */
            channel: "email" | "sms" | "webhook";
            /**
             * @description As normalised; phone numbers masked
             * @example ada@example.com
             */
            to: string;
            /** @example verification-completed */
            templateName: string;
            /** @enum {string} */
            status: "QUEUED" | "SENT" | "FAILED";
            attempts: number;
            /** @description A short reason of the last failure, or null */
            lastError: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            createdAt: string;
            /** @description null until SENT */
            sentAt: string | null;
        };
        /**
         * PersonRecord
         * @description Fields the access level does not include, or the registry does not hold, are omitted.
         */
        PersonRecord: {
            /** @description BASIC and above */
            firstName?: string;
            /** @description BASIC and above */
            middleName?: string;
            /** @description BASIC and above */
            lastName?: string;
            /**
             * @description YYYY-MM-DD; BASIC and above
             * @example 1990-04-12
             */
            dateOfBirth?: string;
            /** @description BASIC and above */
            gender?: "MALE" | "FEMALE";
            /** @description Echoes the NIN looked up */
            nin?: string;
            /** @description STANDARD and above */
            phoneNumber?: string;
            /** @description STANDARD and above */
            email?: string;
            /** @description STANDARD and above */
            address?: string;
            /** @description STANDARD and above */
            stateOfOrigin?: string;
            /** @description STANDARD and above */
            lgaOfOrigin?: string;
            /** @description STANDARD and above */
            nationality?: string;
            /** @description Base64 JPEG; PREMIUM only */
            photo?: string;
        };
        /**
         * BvnRecord
         * @description Fields the access level does not include, or the register does not hold, are omitted.
         */
        BvnRecord: {
            /** @description BASIC and above */
            firstName?: string;
            /** @description BASIC and above */
            middleName?: string;
            /** @description BASIC and above */
            lastName?: string;
            /**
             * @description YYYY-MM-DD; BASIC and above
             * @example 1990-04-12
             */
            dateOfBirth?: string;
            /** @description BASIC and above */
            gender?: "MALE" | "FEMALE";
            /** @description STANDARD and above */
            phoneNumber?: string;
            /** @description STANDARD and above */
            email?: string;
            /** @description STANDARD and above */
            address?: string;
            /** @description STANDARD and above */
            stateOfOrigin?: string;
            /** @description STANDARD and above */
            lgaOfOrigin?: string;
            /** @description STANDARD and above */
            nationality?: string;
            /** @description Base64 JPEG; PREMIUM only */
            photo?: string;
            /** @description Echoes the BVN looked up */
            bvn?: string;
            /** @description STANDARD and above */
            enrollmentBank?: string;
            /** @description STANDARD and above */
            enrollmentBranch?: string;
            /** @description YYYY-MM-DD; STANDARD and above */
            registrationDate?: string;
        };
        /**
         * Taxpayer
         * @description Every field is present; null means the registry holds nothing (SPEC.md §2.4).
         */
        Taxpayer: {
            /** @description Federal-registry TIN, NNNNNNNN-NNNN */
            firsTin: string | null;
            /** @description The joint registry's TIN for the same taxpayer, where held */
            jtbTin: string | null;
            /** @description Registered name */
            taxpayerName: string | null;
            /** @description Corporate registration number, for a registered company */
            cacRegNumber: string | null;
            /** @description Administering tax office */
            taxOffice: string | null;
            /** @description As held */
            phoneNumber: string | null;
            /** @description As held */
            email: string | null;
            /** @description As held */
            address: string | null;
        };
        /** CacCompany */
        CacCompany: {
            /** @description Leading zeros significant */
            rcNumber: string;
            companyName: string;
            /** @enum {string} */
            entityType: "RC" | "BN" | "IT" | "LP" | "LLP";
            companyStatus: string;
            companyAddress: string;
            branchAddress: string | null;
            state: string;
            city: string;
            lga: string;
            /** @description YYYY-MM-DD */
            registrationDate: string;
            emailAddress: string | null;
            /** @description Match score */
            searchScore: string;
            /** @description Always null on Basic */
            companyId: null;
        };
        /**
         * CacDirector
         * @description Every field is nullable: null means the registry does not hold the value.
         */
        CacDirector: {
            id: number | null;
            surname: string | null;
            firstName: string | null;
            otherName: string | null;
            email: string | null;
            phoneNumber: string | null;
            gender: string | null;
            dateOfBirth: string | null;
            dateOfAppointment: string | null;
            status: string | null;
            occupation: string | null;
            nationality: string | null;
            address: string | null;
            city: string | null;
            state: string | null;
            lga: string | null;
            identityNumber: string | null;
            numSharesAlloted: string | null;
            typeOfShares: string | null;
            isChairman: boolean | null;
            isDesignated: boolean | null;
            isCorporate: boolean | null;
            affiliateType: string | null;
        };
        /** CacAdvanceCompany */
        CacAdvanceCompany: {
            companyId: number;
            rcNumber: string;
            companyName: string;
            /** @enum {string} */
            entityType: "RC" | "BN" | "IT" | "LP" | "LLP";
            companyStatus: string;
            companyAddress: string;
            state: string;
            city: string;
            lga: string;
            /** @description YYYY-MM-DD */
            registrationDate: string;
            directors: components["schemas"]["CacDirector"][];
        };
        FieldError: {
            field: string;
            message: string;
        };
        NinLookupResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            record: components["schemas"]["PersonRecord"];
        };
        NinFaceMatchResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            /** @description MATCH is VERIFIED; NO_MATCH is NOT_VERIFIED and billed */
            matchResult: "MATCH" | "NO_MATCH";
            /** @description How alike the faces are, 0–100 */
            confidence: number;
            record?: components["schemas"]["PersonRecord"];
        };
        BvnLookupResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            record: components["schemas"]["BvnRecord"];
        };
        BvnFaceValidationResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            /** @description MATCH is VERIFIED; NO_MATCH is NOT_VERIFIED and billed */
            matchResult: "MATCH" | "NO_MATCH";
            /** @description How alike the faces are, 0–100 */
            confidence: number;
            record?: components["schemas"]["BvnRecord"];
        };
        TinVerificationResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            taxpayer: components["schemas"]["Taxpayer"];
        };
        TinValidationResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            /** @description The verdict */
            result: "VALID" | "INVALID";
            /** @description The number as the registry recognises it */
            format: string | null;
            /** @description Which registry issued the number */
            tinType: string | null;
            /** @description The resolved country */
            country: string;
        };
        TinFromNinResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            tin: string;
            firstName: string;
            lastName: string;
            /**
             * @description DD/MM/YYYY
             * @example 12/04/1990
             */
            dateOfBirth: string;
            /** @description Echoes the NIN sent */
            nin: string;
            /** @description The state the person is registered to for tax purposes */
            taxResidency: string;
        };
        CacBasicResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            company: components["schemas"]["CacCompany"];
            rcNumber: string;
            /** @enum {string} */
            companyType: "RC" | "BN" | "IT" | "LP" | "LLP";
        };
        CacAdvanceResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            matchCount: number;
            companies: components["schemas"]["CacAdvanceCompany"][];
        };
        EnhancedPhoneLookupResult: {
            /** @enum {string} */
            verificationStatus: "VERIFIED" | "NOT_VERIFIED";
            /**
             * @description Quote it in support requests
             * @example ver_01jd…
             */
            verificationId: string;
            /** @description The upstream registry's reference */
            referenceId: string;
            /** @description Whether this call was billed (always false on test keys) */
            charged: boolean;
            /** @description Naira; 0 when not charged */
            chargeAmount: number;
            resolvedBy: "RESOLUTION_PROVIDER" | "REGISTER_PHONE_LOOKUP";
            record: components["schemas"]["PersonRecord"];
        };
    };
    responses: never;
    parameters: {
        /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
        RequestId: string;
        /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
        IdempotencyKey: string;
        /** @description **Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` (billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. */
        IdempotencyKeyRequiredLive: string;
        /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
        SandboxScenario: "provider_unavailable" | "provider_timeout" | "provider_error" | "provider_rate_limited" | "slow";
        /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
        CorrelationId: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's id (yours when you sent a valid one): quote it in support requests. */
        "X-Request-Id": string;
        /** @description Seconds to wait before sending the request again. */
        "Retry-After": number;
        /** @description The API key's allowance: requests per minute, all of which may be spent in one burst. */
        "RateLimit-Limit": number;
        /** @description Requests left now. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the allowance is whole again. */
        "RateLimit-Reset": number;
        /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key, byte for byte. On live keys a replayed verification is billed again. */
        "Idempotent-Replayed": "true";
        /** @description A replayed verification's own record (`ver_…`); the body keeps the original's verificationId. */
        "X-Verification-Id": string;
        /** @description The X-Correlation-ID the request sent, echoed. */
        "X-Correlation-ID": string;
        /** @description The path of the resource the request created, to poll for its state. */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealthz: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /healthz */
                        path: string;
                        data: {
                            status: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /readyz */
                        path: string;
                        data: {
                            status: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/login */
                        path: string;
                        data: {
                            /** @enum {boolean} */
                            otpRequired: true;
                            loginToken: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAuthConfirmLogin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    loginToken: string;
                    otp: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/confirm-login */
                        path: string;
                        data: components["schemas"]["TokenPair"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAuthRefresh: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/refresh */
                        path: string;
                        data: components["schemas"]["TokenPair"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/logout */
                        path: string;
                        data: {
                            sessionId: string;
                            /** @enum {boolean} */
                            revoked: true;
                        };
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getAuthMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/me */
                        path: string;
                        data: {
                            user: {
                                id: string;
                                email: string;
                                role: ("OWNER" | "ADMIN" | "DEVELOPER" | "VIEWER") | null;
                                isPlatformAdmin: boolean;
                                organisationId: string | null;
                            };
                            organisation: components["schemas"]["Organisation"] | null;
                        };
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getAuthSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/sessions */
                        path: string;
                        data: components["schemas"]["Session"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    deleteAuthSessionsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example ses_01jdq8w2y3n4p5r6s7t8v9w0xa */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/sessions/ses_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            revoked: true;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAuthAcceptInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/auth/accept-invite */
                        path: string;
                        data: {
                            userId: string;
                            email: string;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `CONFLICT`: The action conflicts with the current state: a taken name or email, a limit reached, the last OWNER.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getOrganisation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/organisation */
                        path: string;
                        data: components["schemas"]["Organisation"];
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getOrganisationMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/organisation/members */
                        path: string;
                        data: components["schemas"]["Member"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postOrganisationMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "OWNER" | "ADMIN" | "DEVELOPER" | "VIEWER";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 201 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/organisation/members */
                        path: string;
                        data: components["schemas"]["Member"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `CONFLICT`: The action conflicts with the current state: a taken name or email, a limit reached, the last OWNER.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    deleteOrganisationMembersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example usr_01jdq8w2y3n4p5r6s7t8v9w0xa */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/organisation/members/usr_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            removed: true;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `CONFLICT`: The action conflicts with the current state: a taken name or email, a limit reached, the last OWNER.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    patchOrganisationMembersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example usr_01jdq8w2y3n4p5r6s7t8v9w0xa */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "OWNER" | "ADMIN" | "DEVELOPER" | "VIEWER";
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/organisation/members/usr_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["Member"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `CONFLICT`: The action conflicts with the current state: a taken name or email, a limit reached, the last OWNER.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/api-keys */
                        path: string;
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "test" | "live";
                    /** @description Requests per minute (default 600) */
                    rateLimit?: number;
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 201 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/api-keys */
                        path: string;
                        data: components["schemas"]["ApiKey"] & {
                            secret: string;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    deleteApiKeysById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example key_01jdq8w2y3n4p5r6s7t8v9w0xa */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/api-keys/key_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getAccessLevels: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/access-levels */
                        path: string;
                        data: {
                            /** @enum {string} */
                            level: "BASIC" | "STANDARD" | "PREMIUM";
                            current: boolean;
                            fields: string[];
                            prices: {
                                /** @enum {string} */
                                service: "NIN_LOOKUP" | "NIN_FACE_MATCH" | "BVN_LOOKUP" | "BVN_FACE_VALIDATION" | "TIN_VERIFICATION" | "TIN_VALIDATION" | "TIN_FROM_NIN" | "CAC_BASIC" | "CAC_ADVANCE" | "ENHANCED_PHONE_LOOKUP";
                                name: string;
                                /** @enum {string} */
                                status: "ACTIVE" | "SUSPENDED";
                                price: number;
                                /** @enum {string} */
                                currency: "NGN";
                            }[];
                        }[];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAccessLevelsSubscribe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    accessLevel: "BASIC" | "STANDARD" | "PREMIUM";
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/access-levels/subscribe */
                        path: string;
                        data: {
                            /** @enum {string} */
                            accessLevel: "BASIC" | "STANDARD" | "PREMIUM";
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getAdminOrganisations: {
        parameters: {
            query?: {
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/admin/organisations */
                        path: string;
                        data: {
                            items: components["schemas"]["Organisation"][];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAdminOrganisations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    ownerEmail: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 201 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/admin/organisations */
                        path: string;
                        data: {
                            organisation: components["schemas"]["Organisation"];
                            owner: components["schemas"]["Member"];
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `CONFLICT`: The action conflicts with the current state: a taken name or email, a limit reached, the last OWNER.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getAdminOrganisationsByIdServices: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example org_01jdq8w2y3n4p5r6s7t8v9w0xa */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/admin/organisations/org_01jdq8w2y3n4p5r6s7t8v9w0xa/services */
                        path: string;
                        data: components["schemas"]["Service"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAdminOrganisationsByIdServices: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example org_01jdq8w2y3n4p5r6s7t8v9w0xa */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    service: "NIN_LOOKUP" | "NIN_FACE_MATCH" | "BVN_LOOKUP" | "BVN_FACE_VALIDATION" | "TIN_VERIFICATION" | "TIN_VALIDATION" | "TIN_FROM_NIN" | "CAC_BASIC" | "CAC_ADVANCE" | "ENHANCED_PHONE_LOOKUP";
                    /** @enum {string} */
                    status?: "ACTIVE" | "SUSPENDED";
                    prices?: {
                        /** @description Naira, at most two decimals */
                        BASIC?: number;
                        /** @description Naira, at most two decimals */
                        STANDARD?: number;
                        /** @description Naira, at most two decimals */
                        PREMIUM?: number;
                    };
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/admin/organisations/org_01jdq8w2y3n4p5r6s7t8v9w0xa/services */
                        path: string;
                        data: components["schemas"]["Service"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    patchAdminOrganisationsByIdLimits: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example org_01jdq8w2y3n4p5r6s7t8v9w0xa */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    concurrencyLimit?: number | null;
                    velocityLimit?: number | null;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/admin/organisations/org_01jdq8w2y3n4p5r6s7t8v9w0xa/limits */
                        path: string;
                        data: {
                            organisationId: string;
                            concurrencyLimit: number | null;
                            velocityLimit: number | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getWalletBalance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/wallet/balance */
                        path: string;
                        data: components["schemas"]["WalletBalance"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getWalletLowBalanceThreshold: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/wallet/low-balance-threshold */
                        path: string;
                        data: components["schemas"]["LowBalanceThreshold"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postWalletLowBalanceThreshold: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    threshold: number;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/wallet/low-balance-threshold */
                        path: string;
                        data: components["schemas"]["LowBalanceThreshold"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPaymentsTransactions: {
        parameters: {
            query?: {
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/payments/transactions */
                        path: string;
                        data: {
                            items: components["schemas"]["Transaction"][];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postAdminAdjustmentApprovals: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    organisationId: string;
                    /** @description Naira, at most two decimals */
                    amount: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 201 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/admin/adjustment-approvals */
                        path: string;
                        data: {
                            id: string;
                            secondApprover: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postPaymentsAdminAdjustByOrganisationId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example org_01jdq8w2y3n4p5r6s7t8v9w0xa */
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Naira, at most two decimals */
                    amount: number;
                    reason: string;
                    secondApprover?: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/payments/admin/adjust/org_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["Adjustment"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postPaymentsInitialize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Naira, at least 100 */
                    amount: number;
                    /** Format: uri */
                    callbackUrl?: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/payments/initialize */
                        path: string;
                        data: {
                            reference: string;
                            authorizationUrl: string;
                            accessCode: string;
                            amount: number;
                            /** @enum {string} */
                            currency: "NGN";
                            /** @enum {string} */
                            status: "PENDING" | "SUCCESS" | "FAILED" | "ABANDONED";
                        };
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPaymentsVerifyByReference: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @example pay_01jdq8w2y3n4p5r6s7t8v9w0xa */
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/payments/verify/pay_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: {
                            reference: string;
                            /** @enum {string} */
                            status: "PENDING" | "SUCCESS" | "FAILED" | "ABANDONED";
                            amount: number;
                            credited: boolean;
                            newBalance: number | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getServices: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/services */
                        path: string;
                        data: components["schemas"]["Service"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getListsVerificationTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/lists/verification-types */
                        path: string;
                        data: {
                            type: string;
                            name: string;
                            endpoints: string[];
                        }[];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getNinRequestReasons: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/nin/request-reasons */
                        path: string;
                        data: {
                            code: string;
                            description: string;
                        }[];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getVerifications: {
        parameters: {
            query?: {
                /**
                 * @description Service codes (GET /v1/services), comma-separated
                 * @example NIN_LOOKUP,BVN_LOOKUP
                 */
                type?: string;
                /**
                 * @description VERIFIED, NOT_VERIFIED, FAILED (no verdict), comma-separated
                 * @example VERIFIED,FAILED
                 */
                status?: string;
                /** @description live (default) or test */
                environment?: "live" | "test";
                /** @description The key that made the call (`key_…`) */
                apiKeyId?: string;
                /**
                 * @description Inclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Exclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                to?: string;
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/verifications */
                        path: string;
                        data: {
                            items: components["schemas"]["VerificationRecord"][];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getVerificationsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The `ver_…` id
                 * @example ver_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/verifications/ver_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["VerificationRecord"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getVerificationsExports: {
        parameters: {
            query?: {
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/verifications/exports */
                        path: string;
                        data: {
                            items: components["schemas"]["VerificationExport"][];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postVerificationsExports: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description csv or xlsx
                     * @enum {string}
                     */
                    format: "csv" | "xlsx";
                    /** @description The filters of GET /v1/verifications, with type and status as arrays */
                    filters?: {
                        type?: string[];
                        status?: ("VERIFIED" | "NOT_VERIFIED" | "FAILED")[];
                        /**
                         * @description live (default) or test
                         * @enum {string}
                         */
                        environment?: "live" | "test";
                        apiKeyId?: string;
                        /** @description Inclusive */
                        from?: string;
                        /** @description Exclusive */
                        to?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Accepted: still in progress. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 202 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/verifications/exports */
                        path: string;
                        data: components["schemas"]["VerificationExport"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "CONCURRENCY_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getVerificationsExportEstimate: {
        parameters: {
            query?: {
                /** @description csv (default) or xlsx */
                format?: "csv" | "xlsx";
                /**
                 * @description Service codes (GET /v1/services), comma-separated
                 * @example NIN_LOOKUP,BVN_LOOKUP
                 */
                type?: string;
                /**
                 * @description VERIFIED, NOT_VERIFIED, FAILED (no verdict), comma-separated
                 * @example VERIFIED,FAILED
                 */
                status?: string;
                /** @description live (default) or test */
                environment?: "live" | "test";
                /** @description The key that made the call (`key_…`) */
                apiKeyId?: string;
                /**
                 * @description Inclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Exclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                to?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/verifications/export-estimate */
                        path: string;
                        data: {
                            /**
                             * @description Exact at the moment of the call, counted as the export would count it
                             * @example 1250
                             */
                            rowCount: number;
                            /** @description Indicative only: rowCount × an average row size for the format, plus the header */
                            estimatedBytes: number;
                            /** @example 1000000 */
                            maxRows: number;
                            /** @description rowCount > maxRows: such an export is refused (400) */
                            exceedsLimit: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getVerificationsExportsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The export id (`exp_…`)
                 * @example exp_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/verifications/exports/exp_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["VerificationExport"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getVerificationsExportsByIdDownload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The export id (`exp_…`)
                 * @example exp_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `EXPORT_NOT_READY`: The export has no file to download yet (PENDING or RUNNING: poll GET /v1/verifications/exports/{id} until COMPLETED) or will never have one (FAILED: request a new export).
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "EXPORT_NOT_READY";
                    };
                };
            };
            /**
             * @description Gone.
             *
             *     - `EXPORT_EXPIRED`: The export's file was deleted 7 days after it completed; request a new export.
             */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 410;
                        /** @enum {string} */
                        code?: "EXPORT_EXPIRED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getAnalyticsSummary: {
        parameters: {
            query?: {
                /**
                 * @description Service codes (GET /v1/services), comma-separated
                 * @example NIN_LOOKUP,BVN_LOOKUP
                 */
                type?: string;
                /** @description live (default) or test */
                environment?: "live" | "test";
                /** @description The key that made the call (`key_…`) */
                apiKeyId?: string;
                /**
                 * @description Inclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Exclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                to?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/analytics/summary */
                        path: string;
                        data: components["schemas"]["AnalyticsSummary"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getAnalyticsTimeseries: {
        parameters: {
            query?: {
                /**
                 * @description Service codes (GET /v1/services), comma-separated
                 * @example NIN_LOOKUP,BVN_LOOKUP
                 */
                type?: string;
                /** @description live (default) or test */
                environment?: "live" | "test";
                /** @description The key that made the call (`key_…`) */
                apiKeyId?: string;
                /**
                 * @description Inclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Exclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                to?: string;
                /** @description Default day */
                interval?: "hour" | "day";
                /** @description Default Africa/Lagos */
                timezone?: "Africa/Lagos" | "UTC";
                groupBy?: "type";
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/analytics/timeseries */
                        path: string;
                        data: components["schemas"]["AnalyticsTimeseries"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getWebhooksEndpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints */
                        path: string;
                        data: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postWebhooksEndpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description https://, at most 2,048 characters, no user-info, no fragment, not a private address
                     * @example https://example.com/webhooks/idv
                     */
                    url: string;
                    /** @description A non-empty list of event types, or ["*"] */
                    eventTypes: ("verification.completed" | "wallet.low_balance" | "wallet.funded" | "api_key.created" | "api_key.revoked" | "auth.new_session" | "*")[];
                    /** @description At most 500 characters, or null */
                    description?: string | null;
                    /**
                     * @description live (default) or test; fixed at creation
                     * @enum {string}
                     */
                    environment?: "live" | "test";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 201 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints */
                        path: string;
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getWebhooksEndpointsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The endpoint id (`whk_…`)
                 * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints/whk_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    deleteWebhooksEndpointsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The endpoint id (`whk_…`)
                 * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints/whk_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: {
                            /** @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    patchWebhooksEndpointsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The endpoint id (`whk_…`)
                 * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description https://, at most 2,048 characters, no user-info, no fragment, not a private address
                     * @example https://example.com/webhooks/idv
                     */
                    url?: string;
                    /** @description At most 500 characters, or null */
                    description?: string | null;
                    /** @description A non-empty list of event types, or ["*"] */
                    eventTypes?: ("verification.completed" | "wallet.low_balance" | "wallet.funded" | "api_key.created" | "api_key.revoked" | "auth.new_session" | "*")[];
                    /**
                     * @description DISABLED sets disabledReason MANUAL; ENABLED clears disabledReason and failingSince
                     * @enum {string}
                     */
                    status?: "ENABLED" | "DISABLED";
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints/whk_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postWebhooksEndpointsByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The endpoint id (`whk_…`)
                 * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description How long the previous secret keeps signing too (default 86400; 0 ends it at once) */
                    overlapSeconds?: number;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints/whk_01jdq8w2y3n4p5r6s7t8v9w0xa/rotate-secret */
                        path: string;
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getWebhooksEndpointsByIdDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description PENDING, SUCCEEDED, FAILED, comma-separated
                 * @example FAILED
                 */
                status?: string;
                /**
                 * @description Event types, comma-separated
                 * @example verification.completed
                 */
                eventType?: string;
                /**
                 * @description Inclusive, on createdAt
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Exclusive, on createdAt
                 * @example 2026-11-01T00:00:00Z
                 */
                to?: string;
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The endpoint id (`whk_…`)
                 * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints/whk_01jdq8w2y3n4p5r6s7t8v9w0xa/deliveries */
                        path: string;
                        data: {
                            items: components["schemas"]["WebhookDelivery"][];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postWebhooksEndpointsByIdRecover: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The endpoint id (`whk_…`)
                 * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Inclusive; within the last 30 days
                     * @example 2026-11-01T00:00:00Z
                     */
                    since: string;
                    /**
                     * @description Exclusive; default: now
                     * @example 2026-11-01T00:00:00Z
                     */
                    until?: string;
                };
            };
        };
        responses: {
            /** @description Accepted: still in progress. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 202 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/endpoints/whk_01jdq8w2y3n4p5r6s7t8v9w0xa/recover */
                        path: string;
                        data: {
                            /**
                             * @description Events given one MANUAL attempt (at most 10,000)
                             * @example 12
                             */
                            queued: number;
                            /** @description Where to call again when more remain, else null */
                            nextSince: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postWebhooksDeliveriesByIdRedeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The delivery id (`dlv_…`)
                 * @example dlv_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: still in progress. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 202 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/deliveries/dlv_01jdq8w2y3n4p5r6s7t8v9w0xa/redeliver */
                        path: string;
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getWebhooksDeliveriesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The delivery id (`dlv_…`)
                 * @example dlv_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/deliveries/dlv_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["WebhookDeliveryWithAttempts"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getEventsByIdDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The event id (`evt_…`)
                 * @example evt_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/events/evt_01jdq8w2y3n4p5r6s7t8v9w0xa/deliveries */
                        path: string;
                        data: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postEventsTrigger: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description One of the six event types (`*` is not one)
                     * @example verification.completed
                     * @enum {string}
                     */
                    type: "verification.completed" | "wallet.low_balance" | "wallet.funded" | "api_key.created" | "api_key.revoked" | "auth.new_session";
                    /**
                     * @description Deliver to this endpoint alone (`whk_…`)
                     * @example whk_01jdq8w2y3n4p5r6s7t8v9w0xa
                     */
                    endpointId?: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 201 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/events/trigger */
                        path: string;
                        data: {
                            event: components["schemas"]["Event"];
                            deliveries: components["schemas"]["WebhookDelivery"][];
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /**
                 * @description Event types, comma-separated
                 * @example wallet.funded,api_key.created
                 */
                type?: string;
                /** @description live (default) or test */
                environment?: "live" | "test";
                /**
                 * @description Inclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Exclusive, on createdAt: ISO 8601 with Z or an offset
                 * @example 2026-11-01T00:00:00Z
                 */
                to?: string;
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/events */
                        path: string;
                        data: {
                            items: components["schemas"]["Event"][];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getEventsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The `evt_…` id
                 * @example evt_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/events/evt_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["Event"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getWebhooksEventTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/webhooks/event-types */
                        path: string;
                        data: components["schemas"]["EventType"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getNotificationsChannels: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/channels */
                        path: string;
                        data: components["schemas"]["NotificationChannel"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getNotificationsTemplates: {
        parameters: {
            query?: {
                /** @description email, sms or webhook */
                channel?: "email" | "sms" | "webhook";
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/templates */
                        path: string;
                        data: components["schemas"]["NotificationTemplate"][];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postNotificationsTemplates: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Lower-case words joined by hyphens, 2–64 characters
                     * @example order-shipped
                     */
                    name: string;
                    /**
                     * @description email, sms or webhook
                     * @enum {string}
                     */
                    channel: "email" | "sms" | "webhook";
                    /**
                     * @description Email only: 1–200 characters, `{{name}}` placeholders
                     * @example Your order {{orderId}}
                     */
                    subject?: string;
                    /**
                     * @description Plain text with `{{name}}` placeholders: email and webhook 1–20,000 characters, sms 1–480
                     * @example Hello {{firstName}}, your order {{orderId}} has shipped.
                     */
                    body: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 201 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/templates */
                        path: string;
                        data: components["schemas"]["NotificationTemplate"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `CONFLICT`: The action conflicts with the current state: a taken name or email, a limit reached, the last OWNER.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getNotificationsTemplatesByName: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The template’s name
                 * @example order-shipped
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/templates/tpl_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["NotificationTemplate"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    deleteNotificationsTemplatesByName: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The template’s name
                 * @example order-shipped
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/templates/tpl_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: {
                            /** @example order-shipped */
                            name: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    patchNotificationsTemplatesByName: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The template’s name
                 * @example order-shipped
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Email only: 1–200 characters, `{{name}}` placeholders
                     * @example Your order {{orderId}}
                     */
                    subject?: string;
                    /**
                     * @description Plain text with `{{name}}` placeholders: email and webhook 1–20,000 characters, sms 1–480
                     * @example Hello {{firstName}}, your order {{orderId}} has shipped.
                     */
                    body?: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/templates/tpl_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["NotificationTemplate"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postNotificationsSend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description email, sms or webhook
                     * @example email
                     */
                    channel: string;
                    /**
                     * @description email: an address; sms: a Nigerian mobile number or E.164; webhook: the url of an ENABLED endpoint
                     * @example ada@example.com
                     */
                    to: string;
                    /** @example verification-completed */
                    templateName: string;
                    /**
                     * @description Every variable of the template, as strings of at most 2,000 characters, and no other key
                     * @example {
                     *       "organisationName": "Acme Ltd",
                     *       "verificationId": "ver_01jdq8w2y3n4p5r6s7t8v9w0xa",
                     *       "type": "NIN_LOOKUP",
                     *       "verificationStatus": "VERIFIED"
                     *     }
                     */
                    templateVariables?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/send */
                        path: string;
                        data: {
                            /** @enum {boolean} */
                            success: true;
                            /** @enum {string} */
                            message: "Accepted for delivery";
                            /** @example ntf_01jdq8w2y3n4p5r6s7t8v9w0xa */
                            notificationId: string;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getNotificationsMessages: {
        parameters: {
            query?: {
                /** @description email, sms or webhook */
                channel?: "email" | "sms" | "webhook";
                /** @description QUEUED, SENT or FAILED */
                status?: "QUEUED" | "SENT" | "FAILED";
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/messages */
                        path: string;
                        data: {
                            items: components["schemas"]["NotificationMessage"][];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getNotificationsMessagesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description The message id (`ntf_…`)
                 * @example ntf_01jdq8w2y3n4p5r6s7t8v9w0xa
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/messages/ntf_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        path: string;
                        data: components["schemas"]["NotificationMessage"];
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getNotificationsOutbox: {
        parameters: {
            query?: {
                to?: string;
                /** @description 1–100, default 20 */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/notifications/outbox */
                        path: string;
                        data: {
                            items: {
                                id: string;
                                channel: string;
                                to: string;
                                subject: string | null;
                                body: string;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `NOT_FOUND`: No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postNinRawLookup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description National Identification Number: 11 digits
                     * @example 11111111111
                     */
                    nin: string;
                    /**
                     * @description Why the lookup is made; one of the codes of GET /v1/nin/request-reasons
                     * @enum {string}
                     */
                    requestReason: "ACCOUNT_OPENING" | "KYC_UPDATE" | "LOAN_APPLICATION" | "EMPLOYMENT_SCREENING" | "TENANCY_SCREENING" | "FRAUD_INVESTIGATION" | "REGULATORY_COMPLIANCE";
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/nin/raw/lookup */
                        path: string;
                        data: components["schemas"]["NinLookupResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Bad Gateway.
             *
             *     - `PROVIDER_ERROR`: The upstream registry answered with an error. Retry with backoff; not charged.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 502;
                        /** @enum {string} */
                        code?: "PROVIDER_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
            /**
             * @description Gateway Timeout.
             *
             *     - `PROVIDER_TIMEOUT`: The upstream registry did not answer in time. Retry with backoff; not charged.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 504;
                        /** @enum {string} */
                        code?: "PROVIDER_TIMEOUT";
                    };
                };
            };
        };
    };
    postNinFaceMatchLookup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description National Identification Number: 11 digits
                     * @example 11111111111
                     */
                    nin: string;
                    /** @description The caller's own id for this check */
                    enterpriseId: string;
                    /**
                     * @description Why the lookup is made; one of the codes of GET /v1/nin/request-reasons
                     * @enum {string}
                     */
                    requestReason: "ACCOUNT_OPENING" | "KYC_UPDATE" | "LOAN_APPLICATION" | "EMPLOYMENT_SCREENING" | "TENANCY_SCREENING" | "FRAUD_INVESTIGATION" | "REGULATORY_COMPLIANCE";
                    /** @description The selfie, base64 (JPEG or PNG); passed to the register, never stored. A data URL (data:image/jpeg;base64,…) is accepted: its prefix is stripped */
                    selfieImage: string;
                    /** @description 1 to 10 liveliness frames, base64; never stored */
                    livelinessImages: string[];
                    provisionalId?: string;
                    provisionalIdName?: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/nin/face-match/lookup */
                        path: string;
                        data: components["schemas"]["NinFaceMatchResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Bad Gateway.
             *
             *     - `PROVIDER_ERROR`: The upstream registry answered with an error. Retry with backoff; not charged.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 502;
                        /** @enum {string} */
                        code?: "PROVIDER_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
            /**
             * @description Gateway Timeout.
             *
             *     - `PROVIDER_TIMEOUT`: The upstream registry did not answer in time. Retry with backoff; not charged.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 504;
                        /** @enum {string} */
                        code?: "PROVIDER_TIMEOUT";
                    };
                };
            };
        };
    };
    postBvnLookup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Bank Verification Number: 11 digits
                     * @example 22222222222
                     */
                    bvn: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/bvn/lookup */
                        path: string;
                        data: components["schemas"]["BvnLookupResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Bad Gateway.
             *
             *     - `PROVIDER_ERROR`: The upstream registry answered with an error. Retry with backoff; not charged.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 502;
                        /** @enum {string} */
                        code?: "PROVIDER_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
            /**
             * @description Gateway Timeout.
             *
             *     - `PROVIDER_TIMEOUT`: The upstream registry did not answer in time. Retry with backoff; not charged.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 504;
                        /** @enum {string} */
                        code?: "PROVIDER_TIMEOUT";
                    };
                };
            };
        };
    };
    postBvnFaceValidation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Bank Verification Number: 11 digits
                     * @example 22222222222
                     */
                    number: string;
                    /** @description The face image, base64 (JPEG or PNG); passed to the BVN service, never stored. A data URL (data:image/jpeg;base64,…) is accepted: its prefix is stripped */
                    image: string;
                    /**
                     * @description Must be true: the person consented to this check
                     * @enum {boolean}
                     */
                    consentGranted: true;
                    /** @description The caller's reference of the person's consent */
                    consentReference: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/bvn/face-validation */
                        path: string;
                        data: components["schemas"]["BvnFaceValidationResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Bad Gateway.
             *
             *     - `PROVIDER_ERROR`: The upstream registry answered with an error. Retry with backoff; not charged.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 502;
                        /** @enum {string} */
                        code?: "PROVIDER_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
            /**
             * @description Gateway Timeout.
             *
             *     - `PROVIDER_TIMEOUT`: The upstream registry did not answer in time. Retry with backoff; not charged.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 504;
                        /** @enum {string} */
                        code?: "PROVIDER_TIMEOUT";
                    };
                };
            };
        };
    };
    postTinVerify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description **Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` (billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyRequiredLive"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Federal-registry TIN: 8 digits, a hyphen, 4 digits
                     * @example 12345678-0001
                     */
                    tin: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/tin/verify */
                        path: string;
                        data: components["schemas"]["TinVerificationResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Unprocessable Content.
             *
             *     - `IDEMPOTENCY_KEY_REQUIRED`: Live keys must send an Idempotency-Key on /v1/tin/* and /v1/cac/*. Not charged.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 422;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REQUIRED";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postTinByPhone: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description **Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` (billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyRequiredLive"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Nigerian mobile number: 0XXXXXXXXXX, +234XXXXXXXXXX or 234XXXXXXXXXX (normalised to E.164)
                     * @example 08000000001
                     */
                    phoneNumber: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/tin/by-phone */
                        path: string;
                        data: components["schemas"]["TinVerificationResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Unprocessable Content.
             *
             *     - `IDEMPOTENCY_KEY_REQUIRED`: Live keys must send an Idempotency-Key on /v1/tin/* and /v1/cac/*. Not charged.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 422;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REQUIRED";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postTinValidate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description **Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` (billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyRequiredLive"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A TIN of 10 to 13 bare digits, no hyphen
                     * @example 1234567890
                     */
                    tin: string;
                    /**
                     * @description Two-letter country code; default ng
                     * @example ng
                     */
                    country?: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/tin/validate */
                        path: string;
                        data: components["schemas"]["TinValidationResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Unprocessable Content.
             *
             *     - `IDEMPOTENCY_KEY_REQUIRED`: Live keys must send an Idempotency-Key on /v1/tin/* and /v1/cac/*. Not charged.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 422;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REQUIRED";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postTinFromNin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description **Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` (billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyRequiredLive"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description National Identification Number: 11 digits
                     * @example 11111111111
                     */
                    nin: string;
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/tin/from-nin */
                        path: string;
                        data: components["schemas"]["TinFromNinResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Unprocessable Content.
             *
             *     - `IDEMPOTENCY_KEY_REQUIRED`: Live keys must send an Idempotency-Key on /v1/tin/* and /v1/cac/*. Not charged.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 422;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REQUIRED";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    postCacBasic: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description **Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` (billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyRequiredLive"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The registration number as issued; leading zeros are significant; not format-checked. A prefix naming the company type (RC1234567 with companyType RC, the default, as the tax registry shows cacRegNumber; BN… with BN; IT… with IT) is stripped; another type's prefix is 400
                     * @example 1234567
                     */
                    rcNumber: string;
                    /**
                     * @description Why the business is verified; recorded against the verification
                     * @enum {string}
                     */
                    purpose: "KYB_ONBOARDING" | "CREDIT_ASSESSMENT" | "PROCUREMENT_DUE_DILIGENCE" | "AML_SCREENING" | "PARTNER_VERIFICATION";
                    /**
                     * @description The classification the number was issued under: RC (default), BN, IT, LP, LLP
                     * @enum {string}
                     */
                    companyType?: "RC" | "BN" | "IT" | "LP" | "LLP";
                    /** @description Narrows the match when several candidates are returned */
                    companyName?: string;
                } & (unknown & unknown & unknown & unknown & unknown);
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/cac/basic */
                        path: string;
                        data: components["schemas"]["CacBasicResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Unprocessable Content.
             *
             *     - `IDEMPOTENCY_KEY_REQUIRED`: Live keys must send an Idempotency-Key on /v1/tin/* and /v1/cac/*. Not charged.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 422;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REQUIRED";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Bad Gateway.
             *
             *     - `PROVIDER_ERROR`: The upstream registry answered with an error. Retry with backoff; not charged.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 502;
                        /** @enum {string} */
                        code?: "PROVIDER_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
            /**
             * @description Gateway Timeout.
             *
             *     - `PROVIDER_TIMEOUT`: The upstream registry did not answer in time. Retry with backoff; not charged.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 504;
                        /** @enum {string} */
                        code?: "PROVIDER_TIMEOUT";
                    };
                };
            };
        };
    };
    postCacAdvance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description **Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` (billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyRequiredLive"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The registration number as issued; leading zeros are significant; not format-checked. A prefix naming the company type (RC1234567 with companyType RC, the default, as the tax registry shows cacRegNumber; BN… with BN; IT… with IT) is stripped; another type's prefix is 400
                     * @example 1234567
                     */
                    rcNumber: string;
                    /**
                     * @description Why the business is verified; recorded against the verification
                     * @enum {string}
                     */
                    purpose: "KYB_ONBOARDING" | "CREDIT_ASSESSMENT" | "PROCUREMENT_DUE_DILIGENCE" | "AML_SCREENING" | "PARTNER_VERIFICATION";
                    /**
                     * @description The classification the number was issued under: RC (default), BN, IT, LP, LLP
                     * @enum {string}
                     */
                    companyType?: "RC" | "BN" | "IT" | "LP" | "LLP";
                    /** @description Narrows the match when several candidates are returned */
                    companyName?: string;
                } & (unknown & unknown & unknown & unknown & unknown);
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/cac/advance */
                        path: string;
                        data: components["schemas"]["CacAdvanceResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Unprocessable Content.
             *
             *     - `IDEMPOTENCY_KEY_REQUIRED`: Live keys must send an Idempotency-Key on /v1/tin/* and /v1/cac/*. Not charged.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 422;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REQUIRED";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Bad Gateway.
             *
             *     - `PROVIDER_ERROR`: The upstream registry answered with an error. Retry with backoff; not charged.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 502;
                        /** @enum {string} */
                        code?: "PROVIDER_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
            /**
             * @description Gateway Timeout.
             *
             *     - `PROVIDER_TIMEOUT`: The upstream registry did not answer in time. Retry with backoff; not charged.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 504;
                        /** @enum {string} */
                        code?: "PROVIDER_TIMEOUT";
                    };
                };
            };
        };
    };
    postPhoneEnhancedLookup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, `provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400. */
                "X-Sandbox-Scenario"?: components["parameters"]["SandboxScenario"];
                /** @description Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry. */
                "X-Correlation-ID"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Nigerian mobile number: 0XXXXXXXXXX, +234XXXXXXXXXX or 234XXXXXXXXXX (normalised to E.164)
                     * @example 08000000001
                     */
                    phoneNumber: string;
                    /**
                     * @description Why the lookup is made; one of the codes of GET /v1/nin/request-reasons
                     * @enum {string}
                     */
                    requestReason: "ACCOUNT_OPENING" | "KYC_UPDATE" | "LOAN_APPLICATION" | "EMPLOYMENT_SCREENING" | "TENANCY_SCREENING" | "FRAUD_INVESTIGATION" | "REGULATORY_COMPLIANCE";
                };
            };
        };
        responses: {
            /** @description OK. With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/phone/enhanced-lookup */
                        path: string;
                        data: components["schemas"]["EnhancedPhoneLookupResult"];
                    };
                };
            };
            /**
             * @description Accepted: still in progress.
             *
             *     - `REQUEST_IN_PROGRESS`: A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 202;
                        /** @enum {string} */
                        code?: "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Payment Required.
             *
             *     - `INSUFFICIENT_BALANCE`: The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 402;
                        /** @enum {string} */
                        code?: "INSUFFICIENT_BALANCE";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `SERVICE_NOT_SUBSCRIBED`: The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "SERVICE_NOT_SUBSCRIBED";
                    };
                };
            };
            /**
             * @description Not Found.
             *
             *     - `RECORD_NOT_FOUND`: The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-Verification-Id": components["headers"]["X-Verification-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 404;
                        /** @enum {string} */
                        code?: "RECORD_NOT_FOUND";
                        data?: components["schemas"]["RecordNotFoundData"];
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 409;
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Too Many Requests.
             *
             *     - `RATE_LIMITED`: The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.
             *     - `CONCURRENCY_LIMITED`: Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.
             *     - `WALLET_VELOCITY_LIMITED`: The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.
             *     - `PROVIDER_RATE_LIMITED`: The upstream registry is rate limiting. Retry after `Retry-After`; not charged.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 429;
                        /** @enum {string} */
                        code?: "RATE_LIMITED" | "CONCURRENCY_LIMITED" | "WALLET_VELOCITY_LIMITED" | "PROVIDER_RATE_LIMITED";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Bad Gateway.
             *
             *     - `PROVIDER_ERROR`: The upstream registry answered with an error. Retry with backoff; not charged.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 502;
                        /** @enum {string} */
                        code?: "PROVIDER_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `PROVIDER_UNAVAILABLE`: The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "PROVIDER_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
            /**
             * @description Gateway Timeout.
             *
             *     - `PROVIDER_TIMEOUT`: The upstream registry did not answer in time. Retry with backoff; not charged.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Correlation-ID": components["headers"]["X-Correlation-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 504;
                        /** @enum {string} */
                        code?: "PROVIDER_TIMEOUT";
                    };
                };
            };
        };
    };
    postPaymentsWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA512 of the raw body with the gateway secret */
                "x-paystack-signature": string;
                /** @description Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The gateway event, as sent: `charge.success` credits the wallet once; `charge.failed` marks the payment failed; others are ignored. */
        requestBody: {
            content: {
                "application/json": {
                    /** @example charge.success */
                    event: string;
                    data: {
                        /** @example pay_01jdq8w2y3n4p5r6s7t8v9w0xa */
                        reference: string;
                        /** @example success */
                        status: string;
                        /**
                         * @description Kobo
                         * @example 500000
                         */
                        amount: number;
                        /** @example NGN */
                        currency: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 200 */
                        statusCode: number;
                        message: string;
                        /** Format: date-time */
                        timestamp: string;
                        /** @example /v1/payments/webhook */
                        path: string;
                        data: {
                            /** @enum {boolean} */
                            received: true;
                        };
                    };
                };
            };
            /**
             * @description Bad Request.
             *
             *     - `VALIDATION_ERROR`: The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 400;
                        /** @enum {string} */
                        code?: "VALIDATION_ERROR";
                    };
                };
            };
            /**
             * @description Unauthorized.
             *
             *     - `UNAUTHENTICATED`: The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 401;
                        /** @enum {string} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
            /**
             * @description Forbidden.
             *
             *     - `FORBIDDEN`: The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 403;
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /**
             * @description Content Too Large.
             *
             *     - `PAYLOAD_TOO_LARGE`: The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 413;
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /**
             * @description Unsupported Media Type.
             *
             *     - `UNSUPPORTED_MEDIA_TYPE`: A body was sent with a Content-Type other than `application/json`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 415;
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /**
             * @description Internal Server Error.
             *
             *     - `INTERNAL_ERROR`: An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 500;
                        /** @enum {string} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
            /**
             * @description Service Unavailable.
             *
             *     - `SERVICE_UNAVAILABLE`: This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        /** @constant */
                        statusCode?: 503;
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
}
