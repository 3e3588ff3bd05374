const KEY = 'helpdesk.providerSignOut';

/** Where the identity provider ends its own session, kept from sign-out until the sign-in page offers it. */
export type TProviderSignOut = { url: string; label: string | null };

/** Keeps the sign-out answer's provider link for the next page; an answer without one clears it. */
export function rememberProviderSignOut(answer: unknown): void {
  try {
    const { providerLogoutUrl: url, providerLabel: label } = (answer ?? {}) as Record<string, unknown>;
    if (typeof url === 'string' && /^https?:\/\//.test(url)) {
      sessionStorage.setItem(KEY, JSON.stringify({ url, label: typeof label === 'string' ? label : null }));
    } else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the offer is a convenience, the desk's session is ended anyway.
  }
}

/** The provider link kept at sign-out, if any. */
export function keptProviderSignOut(): TProviderSignOut | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    return kept ? (JSON.parse(kept) as TProviderSignOut) : null;
  } catch {
    return null;
  }
}

/** Drops the kept link once offered: a reload of the sign-in page no longer shows it. */
export function forgetProviderSignOut(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
