import type { TUser, TUserRole } from '@helpdesk/contracts';
// The package's own entry, not relative paths: in a remote it resolves to the shared singleton.
import { Alert, AlertDescription, AlertTitle, roleLabel, Spinner, useCurrentUser } from '@helpdesk/shared-ui';
import type { ReactNode } from 'react';
import { useStandaloneT } from './messages.ts';

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
  const t = useStandaloneT();
  if (isLoading) return <Spinner aria-label={t('standalone.loadingUser')} />;
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{t('standalone.apiUnreachable')}</AlertTitle>
        <AlertDescription>{t('standalone.apiUnreachableHelp', { apiOrigin })}</AlertDescription>
      </Alert>
    );
  }
  if (!user) {
    return (
      <Alert>
        <AlertTitle>{t('standalone.notSignedIn')}</AlertTitle>
        <AlertDescription>{t('standalone.notSignedInHelp', { shellOrigin })}</AlertDescription>
      </Alert>
    );
  }
  if (!roles.includes(user.role)) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{t('standalone.wrongRole')}</AlertTitle>
        <AlertDescription>
          {t('standalone.wrongRoleHelp', {
            username: user.username,
            role: roleLabel(user.role),
            roles: roles.map(roleLabel).join(' or '),
            shellOrigin,
          })}
        </AlertDescription>
      </Alert>
    );
  }
  return children(user);
}
