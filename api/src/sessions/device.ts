import type { TDeviceKind, TSessionDevice } from '@helpdesk/contracts';
import Bowser from 'bowser';

const KINDS: Readonly<Record<string, TDeviceKind>> = {
  desktop: 'desktop',
  mobile: 'mobile',
  tablet: 'tablet',
  tv: 'tv',
};

/**
 * The browser, system and kind of device a stored user agent names, read with bowser (a maintained
 * parser: user agents change every few months and hand-made patterns fall behind). What it cannot
 * tell is null or 'other'; the text itself never reaches the screen.
 */
export function deviceOf(userAgent: string | null): TSessionDevice {
  const text = userAgent?.trim();
  if (!text) return { browser: null, os: null, kind: 'other' };
  const parsed = Bowser.parse(text);
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    kind: KINDS[parsed.platform.type ?? ''] ?? 'other',
  };
}
