import { SSO_ERROR_CODES, type TSsoErrorCode } from '@helpdesk/contracts';
import type { TSsoMessageId } from './messages.ts';

const SSO_ERROR_IDS = {
  state: 'sso.error.state',
  code: 'sso.error.code',
  id_token: 'sso.error.idToken',
  email_unverified: 'sso.error.emailUnverified',
  provider_unreachable: 'sso.error.providerUnreachable',
  provider_unknown: 'sso.error.providerUnknown',
  no_account: 'sso.error.noAccount',
  link_required: 'sso.error.linkRequired',
  pending: 'sso.error.pending',
  rejected: 'sso.error.rejected',
} as const satisfies Record<TSsoErrorCode, TSsoMessageId>;

const isSsoErrorCode = (code: string): code is TSsoErrorCode =>
  (SSO_ERROR_CODES as readonly string[]).includes(code);

/**
 * The message id for the `sso_error` of a sign-in page's address: null without one, and a general
 * message for a code this build does not know (a newer server, or an edited address).
 */
export function ssoErrorId(search: string): TSsoMessageId | null {
  const code = new URLSearchParams(search).get('sso_error');
  if (code === null) return null;
  return isSsoErrorCode(code) ? SSO_ERROR_IDS[code] : 'sso.error.other';
}
