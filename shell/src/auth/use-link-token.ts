import { useLocation } from '@tanstack/react-router';

/** The `token` of a mailed link, from the raw query string: the router's JSON search parsing could turn an all-digit token into a number. */
export function useLinkToken(): string | null {
  return useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('token') });
}
