import { z } from 'zod';

/**
 * OpenID Connect single sign-on (docs/product.md#single-sign-on). Provider records are kept by admins;
 * their client secret is write-only (answers carry `hasSecret`).
 */

export const SSO_PATHS = {
  providers: '/api/auth/sso/providers',
  identities: '/api/auth/sso/identities',
  adminProviders: '/api/admin/sso/providers',
} as const;

/** GET /api/auth/sso/:provider/start: a full-page navigation, so it is a URL and not a fetch. */
export function ssoStartPath(providerId: string, options: { returnTo?: string; mode?: 'link' } = {}): string {
  const query = new URLSearchParams();
  if (options.returnTo) query.set('returnTo', options.returnTo);
  if (options.mode) query.set('mode', options.mode);
  const search = query.toString();
  return `/api/auth/sso/${encodeURIComponent(providerId)}/start${search ? `?${search}` : ''}`;
}

export function ssoProviderPath(providerId: string): string {
  return `${SSO_PATHS.adminProviders}/${encodeURIComponent(providerId)}`;
}

export function ssoIdentityPath(providerId: string): string {
  return `${SSO_PATHS.identities}/${encodeURIComponent(providerId)}`;
}

export const SSO_CREATE_ACCOUNTS = ['off', 'pending', 'active-end-users'] as const;

/** The codes of /login?sso_error=…, one per failure the callback can meet. */
export const SSO_ERROR_CODES = [
  'state',
  'code',
  'id_token',
  'email_unverified',
  'provider_unreachable',
  'provider_unknown',
  'no_account',
  'link_required',
  'pending',
  'rejected',
] as const;
export type TSsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const SSO_LIMITS = {
  idMax: 40,
  labelMax: 60,
  issuerMax: 500,
  clientIdMax: 255,
  clientSecretMax: 1024,
  claimMax: 100,
  valuesMax: 50,
  valueMax: 200,
  domainsMax: 50,
  domainMax: 253,
} as const;

/** An enabled provider as the sign-in page's button shows it: no issuer, no secret. */
export const ZSsoPublicProvider = z.object({ id: z.string(), label: z.string() });
export const ZSsoPublicProviderList = z.object({ providers: z.array(ZSsoPublicProvider) });
export type TSsoPublicProviderList = z.infer<typeof ZSsoPublicProviderList>;

export const ZSsoProvider = z.object({
  id: z.string(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  createAccounts: z.enum(SSO_CREATE_ACCOUNTS),
  roleClaim: z.string().nullable(),
  adminValues: z.array(z.string()),
  agentValues: z.array(z.string()),
});
export type TSsoProvider = z.infer<typeof ZSsoProvider>;
export const ZSsoProviderList = z.object({ providers: z.array(ZSsoProvider) });
export type TSsoProviderList = z.infer<typeof ZSsoProviderList>;

export const ZSsoProviderRequest = ZSsoProvider.omit({ hasSecret: true }).extend({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lowercase letters, digits and dashes')
    .max(SSO_LIMITS.idMax),
  label: z.string().trim().min(1).max(SSO_LIMITS.labelMax),
  issuer: z.url().max(SSO_LIMITS.issuerMax),
  clientId: z.string().trim().min(1).max(SSO_LIMITS.clientIdMax),
  clientSecret: z.string().max(SSO_LIMITS.clientSecretMax).optional(),
});
export type TSsoProviderRequest = z.infer<typeof ZSsoProviderRequest>;

/** A provider linked to the signed-in person. */
export const ZSsoIdentity = z.object({ providerId: z.string(), label: z.string(), linkedAt: z.string() });
export const ZSsoIdentityList = z.object({ identities: z.array(ZSsoIdentity) });
export type TSsoIdentityList = z.infer<typeof ZSsoIdentityList>;

/** POST /api/auth/logout's answer when the session began with a provider that can end its own. */
export const ZLogoutResponse = z.object({
  providerLogoutUrl: z.string().optional(),
  providerLabel: z.string().optional(),
});
export type TLogoutResponse = z.infer<typeof ZLogoutResponse>;
