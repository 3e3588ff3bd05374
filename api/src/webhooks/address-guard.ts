import { lookup } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { WEBHOOK_MESSAGES, webhookUrlProblem } from '@helpdesk/contracts';

/**
 * The SSRF guard of webhooks (docs/security.md#webhooks): a webhook's host is resolved, every address
 * it resolves to must be a public one unless the webhook allows private networks, and the delivery
 * connects to the address that was checked, so a second lookup (DNS rebinding) cannot send it elsewhere.
 */

/** A URL the guard refuses, with the reason in the admin's words. */
export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

// [first address, prefix length] of every IPv4 range that is not the public internet.
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function isPrivateV4(address: string): boolean {
  const value = v4Number(address);
  return PRIVATE_V4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(first);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail becomes two groups). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const value = v4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...new Array(8 - start.length - end.length).fill(0), ...end];
}

function embeddedV4(groups: readonly number[]): string {
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function isPrivateV6(address: string): boolean {
  const groups = v6Groups(address);
  const [first = 0] = groups;
  const isZeroUntil = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // :: and ::1, and the IPv4-compatible form ::a.b.c.d.
  if (isZeroUntil(6))
    return groups[6] === 0 && (groups[7] ?? 0) <= 1 ? true : isPrivateV4(embeddedV4(groups));
  // IPv4-mapped ::ffff:a.b.c.d: the IPv4 address is what is reached.
  if (isZeroUntil(5) && groups[5] === 0xffff) return isPrivateV4(embeddedV4(groups));
  // NAT64 64:ff9b::a.b.c.d reaches the embedded IPv4 address.
  if (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return isPrivateV4(embeddedV4(groups));
  }
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // site-local fec0::/10 (deprecated, still routed by some)
  if ((first & 0xff00) === 0xff00) return true; // multicast ff00::/8
  if (first === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether an IP address is loopback, private, link-local, CGNAT, multicast, reserved (or maps to one); anything unparsable counts as private. */
export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return isPrivateV4(address);
  if (isIPv6(address)) return isPrivateV6(address);
  return true;
}

/** Where a delivery connects: the URL with the checked address in place of the host name. */
export type WebhookTarget = { url: URL; address: string; family: 4 | 6 };

export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Checks a webhook URL and resolves its host: refuses a URL of the wrong form, a host that does not
 * resolve, and (unless `allowPrivateNetwork`) one with ANY address that is not public. Answers the
 * first address, which the delivery then connects to.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  allowPrivateNetwork: boolean,
  resolve: ResolveHost = systemResolve,
): Promise<WebhookTarget> {
  const problem = webhookUrlProblem(rawUrl);
  if (problem) throw new WebhookAddressError(problem);
  const url = new URL(rawUrl);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  try {
    addresses =
      isIPv4(hostname) || isIPv6(hostname)
        ? [{ address: hostname, family: isIPv4(hostname) ? 4 : 6 }]
        : await resolve(hostname);
  } catch {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlUnresolvable);
  }
  const [first] = addresses;
  if (!first) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlUnresolvable);
  if (!allowPrivateNetwork && addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlPrivate);
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The URL a delivery fetches: the checked address as host, so nothing is looked up again. */
export function addressedUrl(target: WebhookTarget): string {
  const pinned = new URL(target.url.href);
  pinned.hostname = target.family === 6 ? `[${target.address}]` : target.address;
  return pinned.href;
}
