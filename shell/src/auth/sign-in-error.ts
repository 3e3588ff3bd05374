import { ApiRequestError, loginErrorText, serverMessage } from '@helpdesk/shared-ui';

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
