import type { TUserRole, TUserStatus } from '@helpdesk/contracts';
import { Badge, roleLabel } from '@helpdesk/shared-ui';
import { roleBadgeVariant, statusBadge } from './user-labels.ts';

export function UserStatusBadge({ status, isInvited = false }: { status: TUserStatus; isInvited?: boolean }) {
  const { label, variant } = statusBadge(status, isInvited);
  return <Badge variant={variant}>{label}</Badge>;
}

export function UserRoleBadge({ role }: { role: TUserRole }) {
  return (
    <Badge variant={roleBadgeVariant(role)} className="capitalize">
      {roleLabel(role)}
    </Badge>
  );
}
