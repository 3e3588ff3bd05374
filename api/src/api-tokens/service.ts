import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  ERROR_CODES,
  ROLE_TOKEN_SCOPES,
  type TAdminApiTokenListResponse,
  type TApiTokenListResponse,
  type TCreateApiTokenRequest,
  type TCreatedApiTokenResponse,
  TOKEN_SCOPE_REFUSALS,
  type TRevokedApiTokenResponse,
  type TUser,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { sql } from '../db.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import { isRoleAllowed, type RouteAccess } from '../route-access.ts';
import { randomToken, sha256Hex } from '../session.ts';
import {
  countLiveTokensForUpdate,
  insertApiToken,
  revokeToken,
  selectAllTokens,
  selectOwnTokens,
  selectTokenUser,
  type TokenUser,
  touchToken,
} from './queries.ts';
import { requiredTokenScope } from './route-scopes.ts';

/**
 * Personal API tokens (docs/product.md#api-tokens, docs/security.md#api-tokens). A token's secret
 * is `hd_` and 256 random bits; only its SHA-256 is stored, so the secret is shown once. A request
 * with a token reads the token and its owner from the database every time: a revoked or expired
 * token, or an owner no longer active, is refused on the very next request, and the owner's
 * current role bounds what the token's scopes allow.
 */

/** How many characters of the secret lists show: `hd_` and six more. */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Makes a token for the caller with scopes their role allows; the secret is in this answer only. */
export async function createApiToken(
  user: TUser,
  request: TCreateApiTokenRequest,
): Promise<TCreatedApiTokenResponse> {
  const allowed = ROLE_TOKEN_SCOPES[user.role];
  if (request.scopes.some((scope) => !allowed.includes(scope))) {
    throw badRequest(API_TOKEN_MESSAGES.scopeBeyondRole, { scopes: API_TOKEN_MESSAGES.scopeBeyondRole });
  }
  const secret = `${API_TOKEN_PREFIX}${randomToken()}`;
  const token = await sql.begin(async (tx) => {
    if ((await countLiveTokensForUpdate(tx, user.id)) >= API_TOKEN_LIMITS.perPersonMax) {
      throw conflict(API_TOKEN_MESSAGES.tooManyTokens);
    }
    return insertApiToken(tx, {
      userId: user.id,
      name: request.name,
      tokenHash: sha256Hex(secret),
      prefix: secret.slice(0, PREFIX_LENGTH),
      scopes: [...new Set(request.scopes)],
      expiresInDays: request.expiresInDays,
    });
  });
  return { token, secret };
}

/** The caller's tokens, newest first. */
export async function listOwnApiTokens(user: TUser): Promise<TApiTokenListResponse> {
  return { tokens: await selectOwnTokens(sql, user.id) };
}

/** Revokes one of the caller's tokens; someone else's and an unknown one are the same 404. */
export async function revokeOwnApiToken(user: TUser, tokenId: string): Promise<TRevokedApiTokenResponse> {
  if (!(await revokeToken(sql, tokenId, user.id))) throw notFound(API_TOKEN_MESSAGES.tokenNotFound);
  return { revoked: true };
}

/** Every person's tokens with their owner, for admins. */
export async function listAllApiTokens(): Promise<TAdminApiTokenListResponse> {
  return { tokens: await selectAllTokens(sql, API_TOKEN_LIMITS.adminListMax) };
}

/** Revokes anyone's token, audited ('api_token.revoked') in the same transaction. */
export async function revokeApiTokenAsAdmin(
  admin: TUser,
  tokenId: string,
  meta: RequestMeta,
): Promise<TRevokedApiTokenResponse> {
  await sql.begin(async (tx) => {
    const token = await revokeToken(tx, tokenId, null);
    if (!token) throw notFound(API_TOKEN_MESSAGES.tokenNotFound);
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: 'api_token.revoked',
      targetUserId: token.userId,
      details: { tokenId: token.id, name: token.name, prefix: token.prefix },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
  });
  return { revoked: true };
}

const invalidToken = () => new ApiError(401, ERROR_CODES.unauthenticated, API_TOKEN_MESSAGES.tokenInvalid);

/** The per-token budget: every API process spends the same one. */
const tokenBudget = (tokenId: string) => ({
  key: `api-token:${tokenId}`,
  limit: API_TOKEN_LIMITS.requestsPerMinute,
  windowMs: 60_000,
});

/**
 * Authenticates a request by its Bearer token for a route (method, path pattern, declared access).
 * Unknown, revoked or expired token, or an owner who is not active: 401. A route the owner's
 * current role may not call, a route no token may call, or a scope the token lacks (or the owner's
 * role no longer allows): 403. Then the token's rate budget is spent (429 when empty).
 */
export async function authenticateToken(
  secret: string | null,
  route: { method: string; path: string; access: RouteAccess },
  ipAddress: string | null,
): Promise<TokenUser> {
  const found = secret ? await selectTokenUser(sql, sha256Hex(secret)) : null;
  if (found?.user.status !== 'active') throw invalidToken();
  if (!isRoleAllowed(route.access, found.user.role)) throw forbidden();
  const needed = requiredTokenScope(route.method, route.path, route.access);
  if (needed === 'refused') throw forbidden(API_TOKEN_MESSAGES.tokenRefused);
  if (needed !== null) {
    const hasScope = found.scopes.includes(needed) && ROLE_TOKEN_SCOPES[found.user.role].includes(needed);
    if (!hasScope) throw forbidden(TOKEN_SCOPE_REFUSALS[needed]);
  }
  await enforceRateLimit(sql, [tokenBudget(found.tokenId)], API_TOKEN_MESSAGES.tooManyRequests);
  // At most once a minute per token (needsTouch), so a busy script costs no write per request.
  if (found.needsTouch) await touchToken(sql, found.tokenId, ipAddress);
  return found;
}
