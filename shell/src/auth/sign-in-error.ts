import { ApiRequestError, loginErrorText, serverMessage } from '@helpdesk/shared-ui';
import type { TShellMessageId } from '../locales/shell-catalog.ts';

/**
 * The sign-in screen's failure text: the catalogue of docs/product.md#error-messages, except that throttling
 * (429, which the spec predates) says so, or a user with the right password would be told it is wrong.
 */
export function signInErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return serverMessage(error) ?? 'Too many attempts. Please try again later.';
  }
  return loginErrorText(error);
}

/**
 * signInErrorText's texts as ids of the shell's catalogue, keyed by the English text (docs/architecture.md#languages).
 * The API answers in English; the texts are pinned by docs/product.md#error-messages, so they are stable keys.
 */
const SIGN_IN_ERROR_IDS: Readonly<Record<string, TShellMessageId>> = {
  'Your account is pending approval. Please wait for admin approval.': 'signInError.pending',
  'Your account has been rejected. Please contact support.': 'signInError.rejected',
  'This account uses OAuth authentication. Please use the OAuth login.': 'signInError.oauth',
  'Invalid username or password.': 'signInError.invalidCredentials',
  'Too many attempts. Please try again later.': 'signInError.tooManyAttempts',
};

/** The catalogue id of a sign-in failure text; null for one the server wrote itself (shown as written). */
export function signInErrorId(text: string): TShellMessageId | null {
  return Object.hasOwn(SIGN_IN_ERROR_IDS, text) ? (SIGN_IN_ERROR_IDS[text] ?? null) : null;
}
