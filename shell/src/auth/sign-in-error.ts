import { ApiRequestError, loginErrorText, serverMessage } from '@helpdesk/shared-ui';
import { knownTextId, type TKnownTexts } from '../locales/known-texts.ts';
import type { TAuthMessageId } from './messages.ts';

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

/** signInErrorText's texts as ids of the shell's catalogue (docs/architecture.md#languages). */
const SIGN_IN_ERROR_IDS: TKnownTexts = {
  'Your account is pending approval. Please wait for admin approval.': 'signInError.pending',
  'Your account has been rejected. Please contact support.': 'signInError.rejected',
  'This account uses OAuth authentication. Please use the OAuth login.': 'signInError.oauth',
  'Invalid username or password.': 'signInError.invalidCredentials',
  'Too many attempts. Please try again later.': 'signInError.tooManyAttempts',
};

/** The catalogue id of a sign-in failure text; null for one the server wrote itself (shown as written). */
export function signInErrorId(text: string): TAuthMessageId | null {
  return knownTextId(SIGN_IN_ERROR_IDS, text);
}
