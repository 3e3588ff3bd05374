import { RETURN_PATH_PARAM, safeReturnPath } from '@helpdesk/contracts/constants';
import { useLocation } from '@tanstack/react-router';

/**
 * The safe same-origin page a sign-in page was asked to return to (`?redirect=`), or null. Read from
 * the raw query string: the router's JSON search parsing could change a value before it is checked.
 */
export function useReturnPath(): string | null {
  return useLocation({
    select: (location) => safeReturnPath(new URLSearchParams(location.searchStr).get(RETURN_PATH_PARAM)),
  });
}
