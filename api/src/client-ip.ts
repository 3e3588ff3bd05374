import { BlockList, isIP } from 'node:net';
import { LIMITS } from '@helpdesk/contracts';

type RequestIpSource = { requestIP: (request: Request) => { address: string } | null } | null;

/** '::ffff:10.0.0.1' and '10.0.0.1' are the same peer. */
function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

const matchers = new WeakMap<ReadonlySet<string>, BlockList>();

/** TRUSTED_PROXIES (addresses and CIDR ranges, as config.ts checked them) as one lookup, made once per set. */
function proxyMatcher(trustedProxies: ReadonlySet<string>): BlockList {
  let matcher = matchers.get(trustedProxies);
  if (matcher) return matcher;
  matcher = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) matcher.addAddress(address, family);
    else matcher.addSubnet(address, Number(prefix), family);
  }
  matchers.set(trustedProxies, matcher);
  return matcher;
}

/** Whether an address is one of the trusted proxies; anything that is not an IP address is not. */
function isTrusted(matcher: BlockList, ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && matcher.check(ip, family === 6 ? 'ipv6' : 'ipv4');
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
  const matcher = proxyMatcher(trustedProxies);
  if (!isTrusted(matcher, peer)) return peer;
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => normalizeIp(hop.trim()))
    .filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] ?? '';
    if (isTrusted(matcher, hop)) continue;
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
