import { ERROR_CODES, SERVER_MESSAGES } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { Config } from './config.ts';
import { ApiError } from './errors.ts';
import { pathOf } from './request-context.ts';

const API_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

// Swagger UI sets inline styles and shows data: images; its scripts come from 'self' like everything else.
const DOCS_CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const DOCS_PATH = '/swagger';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser marks where a request comes from. Unsafe methods are refused when it says another
 * site: `Sec-Fetch-Site: cross-site`, or an Origin not on the allowlist. A request with neither
 * header (a script, curl) carries no ambient browser credentials of a victim, so its session
 * alone decides.
 */
export function isCrossSiteRequest(request: Request, allowedOrigins: ReadonlySet<string>): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  return origin !== null && !allowedOrigins.has(origin);
}

/** Security headers on every response, and the cross-site refusal for unsafe methods. */
export function createSecurityPlugin(config: Config) {
  return new Elysia({ name: 'security' }).onRequest(({ request, set }) => {
    const pathname = pathOf(request);
    const isDocs = pathname === DOCS_PATH || pathname.startsWith(`${DOCS_PATH}/`);
    set.headers['content-security-policy'] = isDocs ? DOCS_CSP : API_CSP;
    set.headers['x-content-type-options'] = 'nosniff';
    set.headers['referrer-policy'] = 'no-referrer';
    set.headers['x-frame-options'] = 'DENY';
    set.headers['cross-origin-opener-policy'] = 'same-origin';
    set.headers['cache-control'] = 'no-store';
    if (config.isProduction) set.headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
    if (isCrossSiteRequest(request, config.allowedOrigins)) {
      throw new ApiError(403, ERROR_CODES.forbidden, SERVER_MESSAGES.crossSite);
    }
  });
}
