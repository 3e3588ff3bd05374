import { KB_IMAGE_URL } from '@helpdesk/contracts';

/** Where a Markdown URL is used: a link's href or an image's src. */
export type TMarkdownUrlKind = 'link' | 'image';

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Browsers drop tabs and line breaks inside URLs and trim spaces and controls, so 'java\tscript:' is a scheme.
const CONTROL_OR_SPACE = /[\p{Cc}\s]/u;

/**
 * The URL an article may use, or null to drop it (docs/security.md#knowledge-base-articles).
 * Links: http, https, mailto and relative paths (not '//host', which leaves the site). Images:
 * https, or exactly one of our own image URLs (/api/kb/images/{id}). Everything else, such as
 * javascript:, data:, vbscript: or file:, is dropped.
 */
export function markdownUrl(url: string, kind: TMarkdownUrlKind): string | null {
  if (url === '' || CONTROL_OR_SPACE.test(url) || url.includes('\\')) return null;
  // A ':' before any '/', '?' or '#' means a scheme: one we know by name, else dropped ('java%09script:').
  const colon = url.indexOf(':');
  const pathStart = url.search(/[/?#]/);
  const hasScheme = colon !== -1 && (pathStart === -1 || colon < pathStart);
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (hasScheme && scheme === undefined) return null;
  if (kind === 'image') {
    if (scheme === undefined) return KB_IMAGE_URL.test(url) ? url : null;
    return scheme === 'https' && url.startsWith('https://') ? url : null;
  }
  if (scheme !== undefined) return LINK_SCHEMES.has(scheme) ? url : null;
  // No scheme before the first '/', '?' or '#': a path of this site, unless it names another host.
  return url.startsWith('//') ? null : url;
}

/** Whether a link leaves the desk (opened in a new tab without access to this one). */
export function isExternalLink(url: string): boolean {
  return /^https?:/i.test(url);
}
