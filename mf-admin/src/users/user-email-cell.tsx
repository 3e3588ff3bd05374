import type { TUser } from '@helpdesk/contracts';
import { Badge } from '@helpdesk/shared-ui';
import { useUsersT } from './messages.ts';
import { pendingEmailLine } from './user-labels.ts';

/**
 * The Email column: the address, an Unconfirmed badge while its link has not been followed (the
 * desk mails it nothing else and files no ticket for it), and a new address the person asked for.
 */
export function UserEmailCell({ user }: { user: Pick<TUser, 'email' | 'emailVerified' | 'pendingEmail'> }) {
  const t = useUsersT();
  return (
    <div className="flex flex-col gap-0.5">
      <div className="flex flex-wrap items-center gap-1.5">
        <span>{user.email}</span>
        {user.emailVerified ? null : (
          <Badge variant="outline" className="text-muted-foreground" data-testid="email-unconfirmed">
            {t('users.unconfirmed')}
          </Badge>
        )}
      </div>
      {user.pendingEmail ? (
        <div className="break-all text-xs text-muted-foreground" data-testid="pending-email">
          {pendingEmailLine(user.pendingEmail, t)}
        </div>
      ) : null}
    </div>
  );
}
