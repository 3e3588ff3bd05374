/** The shell server's API processes: whom to send a request to, and how to tell them who asked. */

// How long an API process that refused a connection is passed over before it is tried again in turn.
const UPSTREAM_DOWN_MS = 5000;
// Errors that mean the request never reached the upstream, so another one may safely take it.
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ConnectionRefused', 'FailedToOpenSocket', 'EHOSTUNREACH']);

export const isConnectFailure = (error: unknown) =>
  error instanceof Error && 'code' in error && CONNECT_FAILURES.has(String(error.code));

/**
 * Round robin over the API processes. One that refused a connection leaves the rotation for a few
 * seconds (it is still tried last, when every other one fails too), so a dead process costs one
 * failed connect, not every Nth request.
 */
export function createUpstreamPool(origins: readonly string[], downMs = UPSTREAM_DOWN_MS) {
  let turn = 0;
  const downUntil = new Map<string, number>();
  return {
    size: origins.length,
    /** The origins to try for one request, in order: the next live one in turn first, those marked down last. */
    order(): string[] {
      const now = Date.now();
      const isDown = (origin: string) => (downUntil.get(origin) ?? 0) > now;
      const up = origins.filter((origin) => !isDown(origin));
      const start = up.length === 0 ? 0 : turn % up.length;
      turn = (turn + 1) % 1_000_000_007;
      return [...up.slice(start), ...up.slice(0, start), ...origins.filter(isDown)];
    },
    markDown(origin: string) {
      downUntil.set(origin, Date.now() + downMs);
    },
    markUp(origin: string) {
      downUntil.delete(origin);
    },
  };
}

/** Adds the client to X-Forwarded-For, as the API's TRUSTED_PROXIES expects of this server. */
export function forwardFor(headers: Headers, clientIp: string | undefined): void {
  const forwarded = headers.get('x-forwarded-for');
  if (clientIp) headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${clientIp}` : clientIp);
}

export type TUpstreamPool = ReturnType<typeof createUpstreamPool>;
