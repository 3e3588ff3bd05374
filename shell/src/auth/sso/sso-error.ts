import { isSsoErrorCode, SSO_ERROR_TEXTS, type TSsoErrorCode } from '@helpdesk/contracts';

// Pending and rejected read exactly as after a password (signInErrorId knows these texts).
const SIGN_IN_TEXTS: Partial<Record<TSsoErrorCode, string>> = {
  account_pending: 'Your account is pending approval. Please wait for admin approval.',
  account_rejected: 'Your account has been rejected. Please contact support.',
};

/**
 * The text (English, translated where shown) for the `sso_error` of a sign-in page's address:
 * null without one, 'unknown' for a code this build does not know (a newer server, an edited address),
 * which is never shown as written.
 */
export function ssoErrorText(search: string): string | 'unknown' | null {
  const code = new URLSearchParams(search).get('sso_error');
  if (code === null) return null;
  if (!isSsoErrorCode(code)) return 'unknown';
  return SIGN_IN_TEXTS[code] ?? SSO_ERROR_TEXTS[code];
}
