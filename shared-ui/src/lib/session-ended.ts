import { API_PATHS, RETURN_PATH_PARAM, safeReturnPath } from '@helpdesk/contracts/constants';
import { isUnauthorizedError } from './api-client.ts';
import { toast } from './toast.ts';

/** How long the "logged out" toast stays before the browser goes to sign in again. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

const goTo = (url: string) => {
  window.location.href = url;
};

/** The page the browser is on (path, query and hash), or null outside a browser. */
const currentPath = () =>
  typeof window === 'undefined'
    ? null
    : `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** /api/login, carrying the page to come back to after signing in when it is a safe same-origin path. */
export function loginRedirectUrl(returnPath: string | null): string {
  const safe = safeReturnPath(returnPath);
  return safe === null
    ? API_PATHS.loginRedirect
    : `${API_PATHS.loginRedirect}?${new URLSearchParams({ [RETURN_PATH_PARAM]: safe })}`;
}

/**
 * The one way the shell and every remote handle a request refused because the session ended or
 * no longer allows it (401 and 403 alike): the 'Unauthorized' toast, then
 * the browser goes to /api/login, which sends it to the sign-in page with the current page as its
 * return path. Returns whether the error was such a refusal, so the caller shows its own failure
 * otherwise: `if (handleSessionEnded(error)) return;`. `redirect` and `returnPath` are replaceable
 * so tests need no browser.
 */
export function handleSessionEnded(
  error: unknown,
  redirect: (url: string) => void = goTo,
  returnPath: string | null = currentPath(),
): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => redirect(loginRedirectUrl(returnPath)), UNAUTHORIZED_REDIRECT_DELAY_MS);
  return true;
}
