import { createHash } from 'node:crypto';

/**
 * XOAUTH2 for Microsoft 365 and Google (docs/operations.md#oauth2-for-microsoft-365-and-google): the stored refresh token is
 * exchanged at the provider's token URL for an access token, which signs in to IMAP. Access tokens
 * live about an hour; each is kept in this process's memory until shortly before it expires, so a
 * worker that checks every few seconds asks the provider about once an hour.
 */

export type OAuthClient = { tokenUrl: string; clientId: string; clientSecret: string; refreshToken: string };

/** A token request that failed, with what went wrong in words an admin can act on (no secret in it). */
export class OAuthError extends Error {
  override name = 'OAuthError';
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** A token this close to its expiry is renewed instead of used. */
const RENEW_BEFORE_MS = 2 * 60_000;
const MAX_ANSWER_BYTES = 64 * 1024;

type CachedToken = { accessToken: string; expiresAt: number };
const cache = new Map<string, CachedToken>();

// The refresh token is part of the key (hashed) so a new one saved by an admin never reuses the old token.
const cacheKey = (client: OAuthClient) =>
  createHash('sha256')
    .update(`${client.tokenUrl}\n${client.clientId}\n${client.refreshToken}`)
    .digest('base64url');

/** Forgets every cached access token (tests, and a process that wants to prove a fresh grant). */
export function clearAccessTokenCache(): void {
  cache.clear();
}

/** A provider's words, shortened and on one line: shown to an admin, never with control characters. */
const safeText = (value: unknown) =>
  typeof value === 'string'
    ? value
        .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
        .trim()
        .slice(0, 200)
    : '';

function describeRefusal(status: number, body: Record<string, unknown> | null): string {
  const code = safeText(body?.error);
  const description = safeText(body?.error_description).split(/\s+Trace ID:/)[0];
  const said = description ? ` The provider said: ${description}` : '';
  if (code === 'invalid_grant') {
    return `The refresh token was refused: it has expired, was revoked, or belongs to another app. Get a new refresh token and save it with the mailbox.${said}`;
  }
  if (code === 'invalid_client' || code === 'unauthorized_client') {
    return `The client ID or client secret was refused by the token endpoint.${said}`;
  }
  if (code === 'invalid_scope')
    return `The token endpoint refused the scope the refresh token was granted for.${said}`;
  return `The token endpoint refused the request (HTTP ${status}${code ? `, ${code}` : ''}).${said}`;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * An access token for the client: the cached one while it has more than two minutes left, else a
 * new one from a refresh-token grant (form-encoded POST, bounded by `timeoutMs`). Failures are
 * OAuthErrors in plain words.
 */
export async function getAccessToken(
  client: OAuthClient,
  options: { timeoutMs?: number; now?: () => number; signal?: AbortSignal } = {},
): Promise<{ accessToken: string; newRefreshToken: string | null }> {
  const now = options.now ?? Date.now;
  const key = cacheKey(client);
  const cached = cache.get(key);
  if (cached && cached.expiresAt - RENEW_BEFORE_MS > now()) {
    return { accessToken: cached.accessToken, newRefreshToken: null };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await fetch(client.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: client.refreshToken,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
      redirect: 'error',
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new OAuthError(
        `The token endpoint did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
      );
    }
    throw new OAuthError(`The token endpoint ${new URL(client.tokenUrl).host} could not be reached.`);
  }
  const body = await readJson(response).catch(() => null);
  if (!response.ok) throw new OAuthError(describeRefusal(response.status, body));
  const accessToken = body?.access_token;
  if (typeof accessToken !== 'string' || accessToken === '' || accessToken.length > 16_384) {
    throw new OAuthError('The token endpoint answered without an access token.');
  }
  const expiresIn = Number(body?.expires_in);
  const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 3600_000;
  const newRefreshToken =
    typeof body?.refresh_token === 'string' && body.refresh_token !== client.refreshToken
      ? body.refresh_token
      : null;
  cache.set(newRefreshToken ? cacheKey({ ...client, refreshToken: newRefreshToken }) : key, {
    accessToken,
    expiresAt: now() + lifetimeMs,
  });
  return { accessToken, newRefreshToken };
}
