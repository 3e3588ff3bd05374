import { z } from 'zod';
import { ZMessageResponse } from './auth.ts';
import { ANONYMOUS_MAIL_MESSAGES } from './constants/anonymous-mail.ts';
import { SERVER_MESSAGES } from './constants/errors.ts';
import { waitInWords } from './constants/wait-in-words.ts';
import { isAllowedTokenUrl, isMailDomain } from './mailboxes.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

/**
 * Single sign-on with OpenID Connect: the identity providers an admin registers, the public buttons of
 * the sign-in page, and the identities a person has linked. Rules in docs/product.md#single-sign-on and
 * docs/security.md#single-sign-on. A provider's client secret is write-only: answers carry
 * `hasClientSecret`, never the secret.
 */

/** The paths of single sign-on; kept out of API_PATHS, which the shell loads whole on start-up. */
export const SSO_PATHS = {
  /** GET, public: the enabled providers' buttons. */
  providers: '/api/auth/sso/providers',
  /** GET, public (`mode=link` needs a session): 302 to the provider. */
  start: '/api/auth/sso/:provider/start',
  /** GET, public: where the provider sends the browser back. */
  callback: '/api/auth/sso/:provider/callback',
  /** GET, signed in: the identities linked to one's own account. */
  identities: '/api/auth/sso/identities',
  /** DELETE, signed in: unlink one of one's own identities. */
  identity: '/api/auth/sso/identities/:id',
  /** GET / POST, admins only. */
  adminProviders: '/api/admin/sso-providers',
  /** GET / PATCH / DELETE, admins only. */
  adminProvider: '/api/admin/sso-providers/:id',
  /** POST, admins only: fetch the provider's discovery document now. */
  adminProviderTest: '/api/admin/sso-providers/:id/test',
} as const;

export const SSO_MODES = ['sign-in', 'link'] as const;
export type TSsoMode = (typeof SSO_MODES)[number];

/** Whether a sign-in may create an account: no, a pending end user awaiting approval, or an active end user. */
export const SSO_CREATE_ACCOUNTS = ['off', 'pending', 'active-end-users'] as const;
export type TSsoCreateAccounts = (typeof SSO_CREATE_ACCOUNTS)[number];

/** The start URL of a provider's button; `returnTo` is a path of the desk, `mode=link` links to the signed-in account. */
export function ssoStartPath(
  providerId: string,
  options: { returnTo?: string; mode?: TSsoMode } = {},
): string {
  const query = new URLSearchParams();
  if (options.returnTo) query.set('returnTo', options.returnTo);
  if (options.mode === 'link') query.set('mode', 'link');
  const search = query.toString();
  return `${SSO_PATHS.start.replace(':provider', encodeURIComponent(providerId))}${search ? `?${search}` : ''}`;
}

export const SSO_LIMITS = {
  idMax: 40,
  labelMax: 60,
  issuerMax: 500,
  clientIdMax: 255,
  clientSecretMax: 2048,
  domainsMax: 50,
  claimMax: 100,
  roleValuesMax: 50,
  roleValueMax: 200,
  returnToMax: 2000,
  callbackParamMax: 4096,
} as const;

/**
 * Why a single sign-on failed: the sign-in page reads `?sso_error=<code>` and shows SSO_ERROR_TEXTS[code].
 */
export const SSO_ERROR_CODES = [
  'invalid_state',
  'invalid_code',
  'invalid_id_token',
  'email_not_verified',
  'provider_unreachable',
  'provider_unavailable',
  'provider_denied',
  'no_account',
  'registrations_closed',
  'domain_not_allowed',
  'admin_link_required',
  'identity_in_use',
  'link_session_ended',
  'account_pending',
  'account_rejected',
  'account_inactive',
] as const;
export type TSsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** Whether a query value is one of the codes (the sign-in page shows nothing for anything else). */
export const isSsoErrorCode = (value: unknown): value is TSsoErrorCode =>
  typeof value === 'string' && (SSO_ERROR_CODES as readonly string[]).includes(value);

export const SSO_MESSAGES = {
  oauthAccount: 'This account uses OAuth authentication',
  invalidState: 'The sign-in took too long or was started in another browser. Please try again.',
  invalidCode: 'The identity provider did not confirm the sign-in. Please try again.',
  invalidIdToken: 'The identity provider sent an identity that could not be verified. Please try again.',
  emailNotVerified:
    'Your identity provider has not verified your email address, so it cannot be linked to your account.',
  providerUnreachable: 'The identity provider could not be reached. Please try again later.',
  providerUnavailable: 'This sign-in option is not available.',
  providerDenied: 'The identity provider did not sign you in.',
  noAccount: 'There is no account for you on this desk. Please ask an administrator.',
  domainNotAllowed: 'Your email address is not one this sign-in option is for.',
  adminLinkRequired:
    'An administrator account is linked only by its owner: sign in with your password, then link the provider from your profile.',
  identityInUse: 'This identity is already linked to another account.',
  linkSessionEnded: 'Your session ended before the link was made. Please sign in and try again.',
  providerNotFound: 'Identity provider not found',
  providerExists: 'An identity provider with this ID already exists',
  identityNotFound: 'Linked identity not found',
  lastWayIn: 'This is your only way to sign in: set a password or link another provider first.',
  nothingToChange: 'Nothing to change',
  issuer: 'Issuer must be an https:// address (http:// only on this machine)',
  providerId: 'ID must be lower-case letters, digits and dashes',
  domain: 'Each domain must look like example.com',
  claim: 'Claim name must be letters, digits and _ : . / -',
  returnTo: 'Return address must be a path of this desk',
  enabled: 'Enabled must be true or false',
  createAccounts: 'Create accounts must be off, pending or active-end-users',
  mode: 'Mode must be sign-in or link',
  providerReachable: 'The identity provider answered: sign-in with it can work.',
  secretUnreadable: 'The stored client secret cannot be read with the current key; enter it again.',
  tooManyChanges: (waitSeconds: number) =>
    `You have changed sign-in providers too many times in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
} as const;

/** What the sign-in page shows for each code: pending and rejected read as the password sign-in does. */
export const SSO_ERROR_TEXTS: Readonly<Record<TSsoErrorCode, string>> = {
  invalid_state: SSO_MESSAGES.invalidState,
  invalid_code: SSO_MESSAGES.invalidCode,
  invalid_id_token: SSO_MESSAGES.invalidIdToken,
  email_not_verified: SSO_MESSAGES.emailNotVerified,
  provider_unreachable: SSO_MESSAGES.providerUnreachable,
  provider_unavailable: SSO_MESSAGES.providerUnavailable,
  provider_denied: SSO_MESSAGES.providerDenied,
  no_account: SSO_MESSAGES.noAccount,
  registrations_closed: ANONYMOUS_MAIL_MESSAGES.registrationsClosed,
  domain_not_allowed: SSO_MESSAGES.domainNotAllowed,
  admin_link_required: SSO_MESSAGES.adminLinkRequired,
  identity_in_use: SSO_MESSAGES.identityInUse,
  link_session_ended: SSO_MESSAGES.linkSessionEnded,
  account_pending: SERVER_MESSAGES.accountPending,
  account_rejected: SERVER_MESSAGES.accountRejected,
  account_inactive: SERVER_MESSAGES.accountInactive,
};

const PROVIDER_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const CLAIM = /^[A-Za-z0-9_:./-]+$/;

/** Whether an issuer is https, or http on a loopback address (a local test provider), with no query or fragment. */
export function isAllowedIssuer(value: string): boolean {
  if (!isAllowedTokenUrl(value)) return false;
  const url = new URL(value);
  return url.search === '' && url.hash === '';
}

const visibleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(VISIBLE_LINE, invisibleCharactersMessage(label));

const secretText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} is too long`)
    .regex(/^[^\r\n\0]*$/, `${label} must be one line`);

const list = <T extends z.ZodType>(label: string, item: T, max: number) =>
  z.array(item, { error: `${label} must be a list` }).max(max, `${label} must have at most ${max} items`);

export const ZSsoProviderId = z
  .string({ error: SSO_MESSAGES.providerId })
  .min(1, SSO_MESSAGES.providerId)
  .max(SSO_LIMITS.idMax, SSO_MESSAGES.providerId)
  .regex(PROVIDER_ID, SSO_MESSAGES.providerId);

const roleValues = (label: string) =>
  list(label, visibleLine(label, SSO_LIMITS.roleValueMax), SSO_LIMITS.roleValuesMax);

const settingsFields = {
  label: visibleLine('Label', SSO_LIMITS.labelMax),
  issuer: z
    .string({ error: SSO_MESSAGES.issuer })
    .trim()
    .max(SSO_LIMITS.issuerMax, SSO_MESSAGES.issuer)
    .refine(isAllowedIssuer, SSO_MESSAGES.issuer),
  clientId: visibleLine('Client ID', SSO_LIMITS.clientIdMax),
  /** Write-only. On a change: absent keeps the stored one, null removes it (a public client). */
  clientSecret: secretText('Client secret', SSO_LIMITS.clientSecretMax).nullable(),
  domains: list(
    'Domains',
    z.string({ error: SSO_MESSAGES.domain }).trim().toLowerCase().refine(isMailDomain, SSO_MESSAGES.domain),
    SSO_LIMITS.domainsMax,
  ),
  enabled: z.boolean({ error: SSO_MESSAGES.enabled }),
  createAccounts: z.enum(SSO_CREATE_ACCOUNTS, { error: SSO_MESSAGES.createAccounts }),
  roleClaim: z
    .string({ error: SSO_MESSAGES.claim })
    .trim()
    .min(1, SSO_MESSAGES.claim)
    .max(SSO_LIMITS.claimMax, SSO_MESSAGES.claim)
    .regex(CLAIM, SSO_MESSAGES.claim)
    .nullable(),
  adminValues: roleValues('Admin values'),
  agentValues: roleValues('Agent values'),
};

/** POST /api/admin/sso-providers. */
export const ZSsoProviderCreate = z.strictObject({
  id: ZSsoProviderId,
  ...settingsFields,
  clientSecret: settingsFields.clientSecret.default(null),
  domains: settingsFields.domains.default([]),
  enabled: settingsFields.enabled.default(true),
  createAccounts: settingsFields.createAccounts.default('off'),
  roleClaim: settingsFields.roleClaim.default(null),
  adminValues: settingsFields.adminValues.default([]),
  agentValues: settingsFields.agentValues.default([]),
});
export type TSsoProviderCreate = z.infer<typeof ZSsoProviderCreate>;

/** PATCH /api/admin/sso-providers/:id: only the fields sent change. */
export const ZSsoProviderUpdate = z.strictObject(settingsFields).partial();
export type TSsoProviderUpdate = z.infer<typeof ZSsoProviderUpdate>;

export const ZSsoProviderParams = z.strictObject({ id: ZSsoProviderId });

/** One provider as admins see it. */
export const ZSsoProvider = z.object({
  id: z.string(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored; the secret itself never leaves the server. */
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  createAccounts: z.enum(SSO_CREATE_ACCOUNTS),
  roleClaim: z.string().nullable(),
  adminValues: z.array(z.string()),
  agentValues: z.array(z.string()),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSsoProvider = z.infer<typeof ZSsoProvider>;

export const ZSsoProviderList = z.object({ providers: z.array(ZSsoProvider) });
export const ZSsoProviderResponse = z.object({ provider: ZSsoProvider });

/** POST /api/admin/sso-providers/:id/test: whether the discovery document could be read. */
export const ZSsoProviderTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type TSsoProviderTestResult = z.infer<typeof ZSsoProviderTestResult>;

/** GET /api/auth/sso/providers: the sign-in buttons (no issuer, no client details). */
export const ZSsoPublicProviderList = z.object({
  providers: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type TSsoPublicProviderList = z.infer<typeof ZSsoPublicProviderList>;

/** GET /api/auth/sso/:provider/start. */
export const ZSsoStartQuery = z.strictObject({
  returnTo: z
    .string({ error: SSO_MESSAGES.returnTo })
    .max(SSO_LIMITS.returnToMax, SSO_MESSAGES.returnTo)
    .optional(),
  mode: z.enum(SSO_MODES, { error: SSO_MESSAGES.mode }).optional(),
});
export const ZSsoProviderPathParams = z.strictObject({ provider: z.string().max(200) });

/** One identity linked to one's own account. */
export const ZSsoIdentity = z.object({
  id: z.uuid(),
  providerId: z.string(),
  providerLabel: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TSsoIdentity = z.infer<typeof ZSsoIdentity>;
export const ZSsoIdentityList = z.object({ identities: z.array(ZSsoIdentity) });
export const ZSsoIdentityParams = z.strictObject({ id: z.uuid({ error: 'Invalid ID format' }) });

/**
 * POST /api/auth/logout: `providerLogoutUrl` and the provider's button label when the session began at a
 * provider that offers sign-out.
 */
export const ZSignOutResponse = ZMessageResponse.extend({
  providerLogoutUrl: z.string().optional(),
  providerLabel: z.string().optional(),
});
export type TSignOutResponse = z.infer<typeof ZSignOutResponse>;
