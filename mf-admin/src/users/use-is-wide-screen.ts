import { useSyncExternalStore } from 'react';

// Tailwind's `md`: below it the users table has no room for its columns and becomes cards.
const WIDE_SCREEN = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is wide enough for the users table. One layout is rendered, never both with
 * one hidden by CSS: the other's copies of every name and button would still be in the page.
 */
export function useIsWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => true,
  );
}
