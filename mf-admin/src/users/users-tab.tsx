import { API_PATHS, type TUser, type TUserListResponse } from '@helpdesk/contracts';
import {
  Card,
  CardContent,
  CardTable,
  CardTableBody,
  CardTableCell,
  CardTableHeader,
  CardTableRow,
  formatShortDate,
  fullName,
  Input,
  Skeleton,
  TableHead,
  TableRow,
} from '@helpdesk/shared-ui';
import { Select, SelectContent, SelectOptions, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { AddUserDialog } from './add-user-dialog.tsx';
import {
  emptyUsersText,
  filterUsers,
  isUserListNarrowed,
  roleFilterChoices,
  statusFilterChoices,
  type TUserRoleFilter,
  type TUserStatusFilter,
  toRoleFilter,
  toStatusFilter,
  userCountsLine,
} from './filter-users.ts';
import { type TUsersT, useUsersT } from './messages.ts';
import { UserRoleBadge, UserStatusBadge } from './user-badges.tsx';
import { UserEmailCell } from './user-email-cell.tsx';
import { UserRowMenu } from './user-row-menu.tsx';
import { UserStatusActions } from './user-status-actions.tsx';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];
// The column names, also each field's name on a phone, where every user is a card.
const COLUMNS = {
  user: 'users.column.user',
  email: 'users.column.email',
  role: 'users.column.role',
  registered: 'users.column.registered',
  status: 'users.column.status',
  actions: 'users.column.actions',
} as const;
const COLUMN_COUNT = Object.keys(COLUMNS).length;

/** A user's actions: Approve and Reject while pending (or the approval date), and the row menu. */
function UserActions({ user, currentUserId }: { user: TUser; currentUserId: string }) {
  const t = useUsersT();
  return (
    <div className="flex items-center justify-end gap-2">
      {user.status === 'pending' ? (
        <UserStatusActions user={user} />
      ) : user.status === 'active' && user.approvedAt ? (
        <span className="text-sm text-muted-foreground">
          {t('users.approvedOn', { date: formatShortDate(user.approvedAt) })}
        </span>
      ) : null}
      <UserRowMenu user={user} currentUserId={currentUserId} />
    </div>
  );
}

/** The Users tab: counts, Add User, search, filters, the approval table and each row's role menu. */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const t = useUsersT();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TUserStatusFilter>('all');
  const [role, setRole] = useState<TUserRoleFilter>('all');
  // The filters go to the server (the shared query function drops 'all'); the search stays local.
  const usersQuery = useQuery<TUserListResponse>({
    queryKey: [API_PATHS.adminUsers, { status, role }],
    // Changing a filter keeps the current rows on screen until the new list arrives.
    placeholderData: keepPreviousData,
  });
  const users = usersQuery.data ? filterUsers(usersQuery.data.users, search) : [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {usersQuery.data ? (
          <p className="text-sm text-muted-foreground" data-testid="user-counts">
            {userCountsLine(usersQuery.data.counts, t)}
          </p>
        ) : usersQuery.isPending ? (
          <Skeleton className="h-5 w-56" />
        ) : (
          <span />
        )}
        <AddUserDialog />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchLabel')}
          className="sm:max-w-sm"
        />
        <Select value={status} onValueChange={(v) => setStatus(toStatusFilter(v))}>
          <SelectTrigger className="w-full sm:w-44" aria-label={t('users.filterStatusLabel')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectOptions options={statusFilterChoices(t)} />
          </SelectContent>
        </Select>
        <Select value={role} onValueChange={(v) => setRole(toRoleFilter(v))}>
          <SelectTrigger className="w-full sm:w-44" aria-label={t('users.filterRoleLabel')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectOptions options={roleFilterChoices(t)} />
          </SelectContent>
        </Select>
      </div>

      {usersQuery.isError ? (
        <LoadErrorAlert
          title={t('users.loadErrorTitle')}
          message={t('users.loadErrorMessage')}
          query={usersQuery}
        />
      ) : (
        <Card className="py-0 max-md:border-0 max-md:bg-transparent max-md:shadow-none">
          <CardContent className="px-0">
            <CardTable>
              <CardTableHeader>
                <TableRow>
                  <TableHead className="pl-4">{t(COLUMNS.user)}</TableHead>
                  <TableHead>{t(COLUMNS.email)}</TableHead>
                  <TableHead>{t(COLUMNS.role)}</TableHead>
                  <TableHead>{t(COLUMNS.registered)}</TableHead>
                  <TableHead>{t(COLUMNS.status)}</TableHead>
                  <TableHead className="pr-4 text-right">{t(COLUMNS.actions)}</TableHead>
                </TableRow>
              </CardTableHeader>
              <CardTableBody>
                {usersQuery.isPending ? (
                  SKELETON_ROWS.map((key) => (
                    <CardTableRow key={key} data-testid="user-row-skeleton">
                      {Array.from({ length: COLUMN_COUNT }, (_, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells never reorder
                        <CardTableCell key={i} className="first:pl-4 last:pr-4">
                          <Skeleton className="h-5 w-full max-w-40" />
                        </CardTableCell>
                      ))}
                    </CardTableRow>
                  ))
                ) : users.length === 0 ? (
                  <CardTableRow>
                    <CardTableCell colSpan={COLUMN_COUNT} className="py-10 text-center text-muted-foreground">
                      {emptyUsersText(isUserListNarrowed(search, status, role), t)}
                    </CardTableCell>
                  </CardTableRow>
                ) : (
                  users.map((user) => (
                    <UserRow key={user.id} user={user} currentUserId={currentUserId} t={t} />
                  ))
                )}
              </CardTableBody>
            </CardTable>
          </CardContent>
        </Card>
      )}

      {usersQuery.data && usersQuery.data.total > usersQuery.data.users.length ? (
        <p className="text-sm text-muted-foreground">
          {t('users.truncated', { shown: usersQuery.data.users.length, total: usersQuery.data.total })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One user: a table row from md up; below md a card with the name as its title, the email, the role,
 * registration date and status named on shared lines, then the actions.
 */
function UserRow({ user, currentUserId, t }: { user: TUser; currentUserId: string; t: TUsersT }) {
  return (
    <CardTableRow data-testid="user-row">
      <CardTableCell className="pl-4">
        <div className="font-medium">{fullName(user)}</div>
        <div className="text-sm text-muted-foreground">@{user.username}</div>
      </CardTableCell>
      <CardTableCell>
        <UserEmailCell user={user} />
      </CardTableCell>
      <CardTableCell label={t(COLUMNS.role)} labelBeside>
        <UserRoleBadge role={user.role} />
      </CardTableCell>
      <CardTableCell label={t(COLUMNS.registered)} labelBeside>
        {formatShortDate(user.createdAt)}
      </CardTableCell>
      <CardTableCell label={t(COLUMNS.status)} labelBeside>
        <UserStatusBadge status={user.status} isInvited={user.isInvited} />
      </CardTableCell>
      <CardTableCell className="pr-4 max-md:pt-2">
        <UserActions user={user} currentUserId={currentUserId} />
      </CardTableCell>
    </CardTableRow>
  );
}
