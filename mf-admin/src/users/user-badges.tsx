import type { TUserRole, TUserStatus } from '@helpdesk/contracts';
import { Badge } from '@helpdesk/shared-ui';
import { useUsersT } from './messages.ts';
import { roleBadgeVariant, statusBadge, USER_ROLE_BADGE_IDS } from './user-labels.ts';

export function UserStatusBadge({ status, isInvited = false }: { status: TUserStatus; isInvited?: boolean }) {
  const t = useUsersT();
  const { label, variant } = statusBadge(status, isInvited, t);
  return <Badge variant={variant}>{label}</Badge>;
}

export function UserRoleBadge({ role }: { role: TUserRole }) {
  const t = useUsersT();
  return (
    <Badge variant={roleBadgeVariant(role)} className="capitalize">
      {t(USER_ROLE_BADGE_IDS[role])}
    </Badge>
  );
}
