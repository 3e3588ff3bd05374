import type { TUser, TUserStatus } from '@helpdesk/contracts';
import {
  Avatar,
  AvatarFallback,
  Badge,
  Card,
  CardContent,
  formatDetailDate,
  formatShortDate,
  fullName,
  initials,
  roleLabel,
} from '@helpdesk/shared-ui';

const STATUS_VARIANT: Record<TUserStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  active: 'success',
  pending: 'warning',
  rejected: 'destructive',
  approved: 'secondary',
  inactive: 'secondary',
};

/** Initials, name, email, role and status badges and the last sign-in of the signed-in user. */
export function AccountOverview({ user }: { user: TUser }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <Avatar className="size-20">
          <AvatarFallback className="bg-primary/10 font-semibold text-2xl text-primary">
            {initials(user.firstName, user.lastName)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1 space-y-2">
          <div>
            <h2 className="truncate font-semibold text-xl">{fullName(user)}</h2>
            <p className="truncate text-muted-foreground text-sm">{user.email}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline" data-testid="profile-role">
              {roleLabel(user.role)}
            </Badge>
            <Badge variant={STATUS_VARIANT[user.status]} data-testid="profile-status">
              {user.status}
            </Badge>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-1 sm:text-right">
          <div>
            <dt className="text-muted-foreground">Username</dt>
            <dd className="font-medium">@{user.username}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last login</dt>
            <dd className="font-medium">{user.lastLoginAt ? formatDetailDate(user.lastLoginAt) : 'Never'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Member since</dt>
            <dd className="font-medium">{formatShortDate(user.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
