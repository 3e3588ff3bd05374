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
import { useProfileT } from './messages.ts';

const STATUS_VARIANT: Record<TUserStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  active: 'success',
  pending: 'warning',
  rejected: 'destructive',
  approved: 'secondary',
  inactive: 'secondary',
};

const STATUS_LABEL = {
  active: 'profile.statusActive',
  pending: 'profile.statusPending',
  rejected: 'profile.statusRejected',
  approved: 'profile.statusApproved',
  inactive: 'profile.statusInactive',
} as const satisfies Record<TUserStatus, string>;

/** Initials, name, email, role and status badges and the last sign-in of the signed-in user. */
export function AccountOverview({ user }: { user: TUser }) {
  const t = useProfileT();
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
              {t(STATUS_LABEL[user.status])}
            </Badge>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-1 sm:text-right">
          <div>
            <dt className="text-muted-foreground">{t('profile.username')}</dt>
            <dd className="font-medium">@{user.username}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('profile.lastLogin')}</dt>
            <dd className="font-medium">
              {user.lastLoginAt ? formatDetailDate(user.lastLoginAt) : t('profile.never')}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('profile.memberSince')}</dt>
            <dd className="font-medium">{formatShortDate(user.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
