import { API_PATHS } from '@helpdesk/contracts/constants';
import { isUnauthorizedError } from './api-client.ts';
import { toast } from './toast.ts';

/** How long the "logged out" toast stays before the browser goes to sign in again. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

const goTo = (url: string) => {
  window.location.href = url;
};

/**
 * The one way the shell and every remote handle a request refused because the session ended or
 * no longer allows it (401 and 403 alike): the 'Unauthorized' toast, then
 * the browser goes to /api/login, which sends it to the sign-in page. Returns whether the error
 * was such a refusal, so the caller shows its own failure otherwise:
 * `if (handleSessionEnded(error)) return;`. `redirect` is replaceable so tests need no browser.
 */
export function handleSessionEnded(error: unknown, redirect: (url: string) => void = goTo): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => redirect(API_PATHS.loginRedirect), UNAUTHORIZED_REDIRECT_DELAY_MS);
  return true;
}
