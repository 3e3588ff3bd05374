import { z } from 'zod';
import { waitInWords } from './constants/wait-in-words.ts';
import type { TUserRole } from './users.ts';

/**
 * Personal API tokens (docs/product.md#api-tokens, docs/security.md#api-tokens): a person makes
 * tokens for scripts and other systems on their profile; an admin sees and revokes everyone's.
 * A token is sent as `Authorization: Bearer hd_...`, acts as its owner, and never goes beyond the
 * owner's current role.
 */
export const API_TOKEN_PATHS = {
  /** GET: the caller's tokens; POST: make one (the secret is answered once). */
  own: '/api/api-tokens',
  /** GET: every person's tokens, with their owner (admins). */
  admin: '/api/admin/api-tokens',
} as const;

/** `/api/api-tokens/{tokenId}` (DELETE: revoke one of the caller's own tokens). */
export const ownApiTokenPath = (tokenId: string) => `${API_TOKEN_PATHS.own}/${tokenId}`;

/** `/api/admin/api-tokens/{tokenId}` (DELETE: revoke anyone's token, audited). */
export const adminApiTokenPath = (tokenId: string) => `${API_TOKEN_PATHS.admin}/${tokenId}`;

/** What a token may do: read or write tickets, read or write the knowledge base, administer the desk. */
export const API_TOKEN_SCOPES = ['tickets:read', 'tickets:write', 'kb:read', 'kb:write', 'admin'] as const;
export const ZApiTokenScope = z.enum(API_TOKEN_SCOPES);
export type TApiTokenScope = z.infer<typeof ZApiTokenScope>;

/** The scopes each role may give a token; a request is allowed only what the owner's role allows now. */
export const ROLE_TOKEN_SCOPES: Readonly<Record<TUserRole, readonly TApiTokenScope[]>> = {
  admin: API_TOKEN_SCOPES,
  agent: ['tickets:read', 'tickets:write', 'kb:read', 'kb:write'],
  end_user: ['tickets:read', 'tickets:write', 'kb:read'],
};

/** What every token begins with, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'hd_';

/** `hd_` and 256 random bits in base64url: the shape the API checks before looking a token up. */
export const API_TOKEN_PATTERN = /^hd_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_LIMITS = {
  nameMax: 80,
  /** Live (neither revoked nor expired) tokens one person may keep. */
  perPersonMax: 25,
  /** The longest a token may live. */
  maxDays: 365,
  /** Requests one token may make per minute (RATE_LIMIT_SCALE applies). */
  requestsPerMinute: 600,
  /** The most tokens the admin list shows (the newest). */
  adminListMax: 500,
} as const;

/** The lifetimes the create dialog offers, in days. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const API_TOKEN_MESSAGES = {
  invalidTokenId: 'Invalid API token ID format',
  tokenNotFound: 'API token not found',
  nameRequired: 'Give the token a name',
  nameTooLong: 'A token name can be at most 80 characters',
  invalidExpiry: 'A token must expire within 1 to 365 days',
  scopesRequired: 'Choose at least one scope',
  invalidScope: 'Unknown scope: use tickets:read, tickets:write, kb:read, kb:write or admin',
  scopeBeyondRole: 'Your role cannot give a token one of these scopes',
  tooManyTokens: 'You already have as many active API tokens as one person can keep. Revoke one first.',
  tokenInvalid: 'This API token is not valid: it is unknown, expired or revoked',
  tokenRefused:
    'API tokens cannot be used here: passwords, two-factor, sessions and tokens are managed only when signed in',
  missingTicketsRead: 'This API token does not have the tickets:read scope',
  missingTicketsWrite: 'This API token does not have the tickets:write scope',
  missingKbRead: 'This API token does not have the kb:read scope',
  missingKbWrite: 'This API token does not have the kb:write scope',
  missingAdmin: 'This API token does not have the admin scope',
  tooManyRequests: (waitSeconds: number) =>
    `This API token has made too many requests. Please try again in ${waitInWords(waitSeconds)}.`,
} as const;

/** The refusal that names the scope a request lacked. */
export const TOKEN_SCOPE_REFUSALS: Readonly<Record<TApiTokenScope, string>> = {
  'tickets:read': API_TOKEN_MESSAGES.missingTicketsRead,
  'tickets:write': API_TOKEN_MESSAGES.missingTicketsWrite,
  'kb:read': API_TOKEN_MESSAGES.missingKbRead,
  'kb:write': API_TOKEN_MESSAGES.missingKbWrite,
  admin: API_TOKEN_MESSAGES.missingAdmin,
};

export const ZCreateApiTokenRequest = z.strictObject({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
    .max(API_TOKEN_LIMITS.nameMax, { error: API_TOKEN_MESSAGES.nameTooLong }),
  expiresInDays: z
    .number({ error: API_TOKEN_MESSAGES.invalidExpiry })
    .int({ error: API_TOKEN_MESSAGES.invalidExpiry })
    .min(1, { error: API_TOKEN_MESSAGES.invalidExpiry })
    .max(API_TOKEN_LIMITS.maxDays, { error: API_TOKEN_MESSAGES.invalidExpiry }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.invalidScope }), {
      error: API_TOKEN_MESSAGES.scopesRequired,
    })
    .min(1, { error: API_TOKEN_MESSAGES.scopesRequired })
    .max(API_TOKEN_SCOPES.length, { error: API_TOKEN_MESSAGES.invalidScope }),
});
export type TCreateApiTokenRequest = z.infer<typeof ZCreateApiTokenRequest>;

export const ZApiTokenIdParams = z.strictObject({
  tokenId: z.uuid({ error: API_TOKEN_MESSAGES.invalidTokenId }),
});

/** A token as lists show it: never its secret. Times are ISO strings. */
export const ZApiTokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the secret, e.g. `hd_a1B2c3`. */
  prefix: z.string(),
  scopes: z.array(ZApiTokenScope),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type TApiTokenSummary = z.infer<typeof ZApiTokenSummary>;

/** The caller's tokens that are not revoked, newest first (expired ones for a month after they expire). */
export const ZApiTokenListResponse = z.object({ tokens: z.array(ZApiTokenSummary) });
export type TApiTokenListResponse = z.infer<typeof ZApiTokenListResponse>;

/** A new token: the secret appears in this answer only. */
export const ZCreatedApiTokenResponse = z.object({ token: ZApiTokenSummary, secret: z.string() });
export type TCreatedApiTokenResponse = z.infer<typeof ZCreatedApiTokenResponse>;

export const ZApiTokenOwner = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** A token in the admin list, with whose it is. */
export const ZAdminApiTokenSummary = ZApiTokenSummary.extend({ owner: ZApiTokenOwner });
export type TAdminApiTokenSummary = z.infer<typeof ZAdminApiTokenSummary>;

export const ZAdminApiTokenListResponse = z.object({ tokens: z.array(ZAdminApiTokenSummary) });
export type TAdminApiTokenListResponse = z.infer<typeof ZAdminApiTokenListResponse>;

export const ZRevokedApiTokenResponse = z.object({ revoked: z.literal(true) });
export type TRevokedApiTokenResponse = z.infer<typeof ZRevokedApiTokenResponse>;
