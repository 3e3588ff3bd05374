import { lazy, Suspense } from 'react';

// An unknown URL is rare: the page and its texts load when one is met, not with the start-up.
const NotFoundPage = lazy(() =>
  import('./not-found-page.tsx').then((page) => ({ default: page.NotFoundPage })),
);

/** The router's screen for every URL it does not know. */
export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
