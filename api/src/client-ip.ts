import { isIP } from 'node:net';
import { LIMITS } from '@helpdesk/contracts';

type RequestIpSource = { requestIP: (request: Request) => { address: string } | null } | null;

/** '::ffff:10.0.0.1' and '10.0.0.1' are the same peer. */
function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * The client's IP: the socket peer, or, when that peer is a trusted proxy, the right-most
 * X-Forwarded-For hop that is not itself a trusted proxy. A client can write anything into
 * X-Forwarded-For, so only hops added by our own proxies are believed.
 */
export function clientIp(
  request: Request,
  server: RequestIpSource,
  trustedProxies: ReadonlySet<string>,
): string {
  const peerAddress = server?.requestIP(request)?.address;
  const peer = peerAddress ? normalizeIp(peerAddress) : 'unknown';
  if (!trustedProxies.has(peer)) return peer;
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => normalizeIp(hop.trim()))
    .filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] ?? '';
    if (trustedProxies.has(hop)) continue;
    return isIP(hop) && hop.length <= LIMITS.ipAddressMax ? hop : peer;
  }
  return peer;
}

/** Who is asking, as the audit log and the sessions table keep it. */
export type RequestMeta = { ipAddress: string; userAgent: string | null };

/** The client IP and a length-capped user agent of a request. */
export function requestMeta(
  request: Request,
  server: RequestIpSource,
  trustedProxies: ReadonlySet<string>,
): RequestMeta {
  return {
    ipAddress: clientIp(request, server, trustedProxies).slice(0, LIMITS.ipAddressMax),
    userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null,
  };
}
