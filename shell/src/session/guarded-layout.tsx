import { useCurrentUser, useDisplaySettings, useLogout } from '@helpdesk/shared-ui';
import { Outlet, useLocation, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AppLayout } from '../layout/app-layout.tsx';
import { usePageMeta } from '../layout/use-page-meta.ts';
import { useActiveLocale, useOwnPreferences } from '../preferences/use-active-locale.ts';
import { GuardSkeleton } from './guard-states.tsx';
import { NavigateToHref } from './navigate-to-href.tsx';
import { isRoleAllowed, signInHrefFor } from './route-access.ts';
import { SignedInUserProvider } from './signed-in-user.tsx';

// A refused page or an inactive account is rare: their alerts, and their texts, load when one is shown.
const AccessDeniedAlert = lazy(() =>
  import('../access-denied/guard-alerts.tsx').then((alerts) => ({ default: alerts.AccessDeniedAlert })),
);
const InactiveAccountAlert = lazy(() =>
  import('../access-denied/guard-alerts.tsx').then((alerts) => ({ default: alerts.InactiveAccountAlert })),
);

/**
 * The guarded page flow (docs/product.md#roles) around every signed-in page: skeleton while the user
 * loads, sign-in when there is none, then the role check, then the status check, then the page.
 */
export function GuardedLayout() {
  const { user, isLoading, error } = useCurrentUser();
  const meta = usePageMeta();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  // While a navigation is under way the location already reads as its target: Log out clears the
  // user and then goes to /login, and a redirect built from that target would send the person to a
  // sign-in page for /login. The navigation settles first; then this page is either gone or asks.
  const isNavigating = useRouterState({
    select: (state) =>
      state.resolvedLocation !== undefined && state.location.href !== state.resolvedLocation.href,
  });
  const logout = useLogout(() => void navigate({ to: '/login' }));
  const isActive = user !== null && user.status === 'active';
  const own = useOwnPreferences(isActive);
  // The person's own zone, else the desk's (admin settings), decides how every app formats dates.
  const display = useDisplaySettings(isActive, own?.timeZone ?? null);
  useActiveLocale(
    isActive && !display.isLoading
      ? { own: own?.language ?? null, desk: display.settings?.language ?? null }
      : null,
  );

  if (isLoading || display.isLoading) return <GuardSkeleton />;
  // The page asked for (a mail's ticket link, a page whose session ended) comes back after sign-in.
  if (error !== null || user === null) {
    return isNavigating ? <GuardSkeleton /> : <NavigateToHref href={signInHrefFor(meta.roles, href)} />;
  }

  const isAllowed = isRoleAllowed(meta.roles, user.role);
  if (user.status !== 'active') {
    return (
      <Suspense fallback={<GuardSkeleton />}>
        {isAllowed ? (
          <InactiveAccountAlert status={user.status} onLogout={() => logout.mutate()} />
        ) : (
          <AccessDeniedAlert roles={meta.roles} />
        )}
      </Suspense>
    );
  }
  return (
    <SignedInUserProvider user={user}>
      <AppLayout user={user} title={meta.title} isNewTicketHidden={meta.isNewTicketHidden}>
        {/* Keyed by the timezone so every date on the page redraws when an admin changes it. */}
        <div key={display.timeZone ?? 'browser'} className="contents">
          {isAllowed ? (
            <Outlet />
          ) : (
            <Suspense fallback={null}>
              <AccessDeniedAlert roles={meta.roles} />
            </Suspense>
          )}
        </div>
      </AppLayout>
    </SignedInUserProvider>
  );
}
