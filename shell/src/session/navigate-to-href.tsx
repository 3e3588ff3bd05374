import { useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';

/**
 * Replaces the current entry with a built href (path, query and hash), as `<Navigate>` does for a
 * route: the return paths a sign-in carries are plain same-origin hrefs, not typed routes. Once per
 * mount: while the navigation is pending the location already reads as the target, and a caller
 * that builds the href from it would otherwise chase its own redirect.
 */
export function NavigateToHref({ href }: { href: string }) {
  const navigate = useNavigate();
  const hasNavigated = useRef(false);
  useLayoutEffect(() => {
    if (hasNavigated.current) return;
    hasNavigated.current = true;
    void navigate({ href, replace: true });
  }, [navigate, href]);
  return null;
}
