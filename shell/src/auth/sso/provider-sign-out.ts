import { SIGN_OUT_ANSWER_KEY } from '@helpdesk/shared-ui';

/** Where the identity provider ends its own session, kept from sign-out until the sign-in page offers it. */
export type TProviderSignOut = { url: string; label: string | null };

/**
 * The provider sign-out kept by useLogout (the sign-out answer as it came), if it holds one: only an
 * http(s) address is offered as a link.
 */
export function keptProviderSignOut(): TProviderSignOut | null {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(SIGN_OUT_ANSWER_KEY) ?? 'null');
    if (kept === null || typeof kept !== 'object') return null;
    const { providerLogoutUrl: url, providerLabel: label } = kept as Record<string, unknown>;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return null;
    return { url, label: typeof label === 'string' ? label : null };
  } catch {
    return null;
  }
}

/** Drops the kept answer once offered: a reload of the sign-in page no longer shows it. */
export function forgetProviderSignOut(): void {
  try {
    sessionStorage.removeItem(SIGN_OUT_ANSWER_KEY);
  } catch {
    // Nothing was kept.
  }
}
