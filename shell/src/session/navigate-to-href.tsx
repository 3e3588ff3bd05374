import { useNavigate } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';

/**
 * Replaces the current entry with a built href (path, query and hash), as `<Navigate>` does for a
 * route: the return paths a sign-in carries are plain same-origin hrefs, not typed routes.
 */
export function NavigateToHref({ href }: { href: string }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    void navigate({ href, replace: true });
  }, [navigate, href]);
  return null;
}
