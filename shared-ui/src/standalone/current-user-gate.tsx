import type { TUser, TUserRole } from '@helpdesk/contracts';
// The package's own entry, not relative paths: in a remote it resolves to the shared singleton.
import { Alert, AlertDescription, AlertTitle, roleLabel, Spinner, useCurrentUser } from '@helpdesk/shared-ui';
import type { ReactNode } from 'react';

export type TDevServerOrigins = {
  /** Where the remote's dev server forwards /api to. */
  apiOrigin: string;
  /** Where the shell (and its sign-in screen) runs. */
  shellOrigin: string;
};

type TProps = TDevServerOrigins & {
  /** Roles the shell's guard would let through; the harness says so instead of showing 403s. */
  roles: readonly TUserRole[];
  children: (user: TUser) => ReactNode;
};

/**
 * The standalone harness has no sign-in screen of its own: it borrows the session of the shell
 * (cookies are per host, not per port, so signing in on the shell's localhost port counts here).
 */
export function CurrentUserGate({ roles, apiOrigin, shellOrigin, children }: TProps) {
  const { user, isLoading, error } = useCurrentUser();
  if (isLoading) return <Spinner aria-label="Loading the signed-in user" />;
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The API is not reachable</AlertTitle>
        <AlertDescription>
          This harness reads /api through its dev server, which forwards to {apiOrigin}. Start the API (run
          `bun dev` from the repository root), then reload this page.
        </AlertDescription>
      </Alert>
    );
  }
  if (!user) {
    return (
      <Alert>
        <AlertTitle>Not signed in</AlertTitle>
        <AlertDescription>
          Sign in at {shellOrigin}/login (the session cookie is shared by every localhost port), then reload
          this page.
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
          {roles.map(roleLabel).join(' or ')}. Sign in as another user at {shellOrigin}/login.
        </AlertDescription>
      </Alert>
    );
  }
  return children(user);
}
