/** Where the identity provider ends its own session, offered on the sign-in page after signing out. */
export type TProviderSignOut = { url: string; label: string | null };

/** The provider sign-out in a sign-out answer, if it holds one: only an http(s) address is offered as a link. */
export function providerSignOutOf(answer: unknown): TProviderSignOut | null {
  if (answer === null || typeof answer !== 'object') return null;
  const { providerLogoutUrl: url, providerLabel: label } = answer as Record<string, unknown>;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return null;
  return { url, label: typeof label === 'string' ? label : null };
}
