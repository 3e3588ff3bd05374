import type { TUser, TUserRole } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, roleLabel, Spinner, useCurrentUser } from '@helpdesk/shared-ui';
import type { ReactNode } from 'react';

type TProps = {
  /** Roles the shell's guard would let through; the harness says so instead of showing 403s. */
  roles: readonly TUserRole[];
  children: (user: TUser) => ReactNode;
};

/**
 * The standalone harness has no sign-in screen of its own: it borrows the session of the shell
 * (cookies are per host, not per port, so signing in on the shell's localhost port counts here).
 */
export function CurrentUserGate({ roles, children }: TProps) {
  const { user, isLoading, error } = useCurrentUser();
  if (isLoading) return <Spinner aria-label="Loading the signed-in user" />;
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The API is not reachable</AlertTitle>
        <AlertDescription>
          This harness reads /api through its dev server, which forwards to {__API_ORIGIN__}. Start the API
          (run `bun dev` from the repository root), then reload this page.
        </AlertDescription>
      </Alert>
    );
  }
  if (!user) {
    return (
      <Alert>
        <AlertTitle>Not signed in</AlertTitle>
        <AlertDescription>
          Sign in at {__SHELL_ORIGIN__}/login (the session cookie is shared by every localhost port), then
          reload this page.
        </AlertDescription>
      </Alert>
    );
  }
  if (!roles.includes(user.role)) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Wrong role for these pages</AlertTitle>
        <AlertDescription>
          Signed in as @{user.username} ({roleLabel(user.role)}); these pages need{' '}
          {roles.map(roleLabel).join(' or ')}. Sign in as another user at {__SHELL_ORIGIN__}/login.
        </AlertDescription>
      </Alert>
    );
  }
  return children(user);
}
