import { API_PATHS, type TUser, type TUserListResponse } from '@helpdesk/contracts';
import {
  Card,
  CardContent,
  formatShortDate,
  fullName,
  Input,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
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
  type TUserRoleFilter,
  type TUserStatusFilter,
  toRoleFilter,
  toStatusFilter,
  USER_ROLE_FILTER_OPTIONS,
  USER_STATUS_FILTER_OPTIONS,
  userCountsLine,
} from './filter-users.ts';
import { useIsWideScreen } from './use-is-wide-screen.ts';
import { UserRoleBadge, UserStatusBadge } from './user-badges.tsx';
import { UserEmailCell } from './user-email-cell.tsx';
import { UserRowMenu } from './user-row-menu.tsx';
import { UserStatusActions } from './user-status-actions.tsx';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];
const COLUMN_COUNT = 6;

/** A user's actions: Approve and Reject while pending (or the approval date), and the row menu. */
function UserActions({ user, currentUserId }: { user: TUser; currentUserId: string }) {
  return (
    <div className="flex items-center justify-end gap-2">
      {user.status === 'pending' ? (
        <UserStatusActions user={user} />
      ) : user.status === 'active' && user.approvedAt ? (
        <span className="text-sm text-muted-foreground">Approved {formatShortDate(user.approvedAt)}</span>
      ) : null}
      <UserRowMenu user={user} currentUserId={currentUserId} />
    </div>
  );
}

/**
 * The users as cards on a narrow screen (a phone): each keeps the name, email, role, status and
 * every action the table row has.
 */
function UserCards({
  users,
  currentUserId,
  emptyText,
}: {
  users: TUser[];
  currentUserId: string;
  emptyText: string;
}) {
  if (users.length === 0) {
    return <p className="py-10 text-center text-muted-foreground">{emptyText}</p>;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Users">
      {users.map((user) => (
        <li key={user.id} data-testid="user-card">
          <Card className="gap-3 py-4">
            <CardContent className="flex flex-col gap-3 px-4">
              <div className="min-w-0">
                <div className="font-medium">{fullName(user)}</div>
                <div className="text-sm text-muted-foreground">@{user.username}</div>
              </div>
              <div className="break-all text-sm">
                <UserEmailCell user={user} />
              </div>
              <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <div className="flex items-center gap-2">
                  <dt className="text-muted-foreground">Role</dt>
                  <dd>
                    <UserRoleBadge role={user.role} />
                  </dd>
                </div>
                <div className="flex items-center gap-2">
                  <dt className="text-muted-foreground">Status</dt>
                  <dd>
                    <UserStatusBadge status={user.status} isInvited={user.isInvited} />
                  </dd>
                </div>
              </dl>
              <UserActions user={user} currentUserId={currentUserId} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The Users tab: counts, Add User, search, filters, the approval table and each row's role menu. */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
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
  const isWide = useIsWideScreen();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {usersQuery.data ? (
          <p className="text-sm text-muted-foreground" data-testid="user-counts">
            {userCountsLine(usersQuery.data.counts)}
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
          placeholder="Search by name, username or email..."
          aria-label="Search users"
          className="sm:max-w-sm"
        />
        <Select value={status} onValueChange={(v) => setStatus(toStatusFilter(v))}>
          <SelectTrigger className="w-full sm:w-44" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectOptions options={USER_STATUS_FILTER_OPTIONS} />
          </SelectContent>
        </Select>
        <Select value={role} onValueChange={(v) => setRole(toRoleFilter(v))}>
          <SelectTrigger className="w-full sm:w-44" aria-label="Filter by role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectOptions options={USER_ROLE_FILTER_OPTIONS} />
          </SelectContent>
        </Select>
      </div>

      {usersQuery.isError ? (
        <LoadErrorAlert
          title="Failed to fetch users"
          message="Failed to load users. Please try again."
          query={usersQuery}
        />
      ) : !isWide && !usersQuery.isPending ? (
        <UserCards
          users={users}
          currentUserId={currentUserId}
          emptyText={emptyUsersText(isUserListNarrowed(search, status, role))}
        />
      ) : (
        <Card className="py-0">
          <CardContent className="px-0">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="pl-4">User</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Registration Date</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="pr-4 text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {usersQuery.isPending ? (
                  SKELETON_ROWS.map((key) => (
                    <TableRow key={key} data-testid="user-row-skeleton">
                      {Array.from({ length: COLUMN_COUNT }, (_, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells never reorder
                        <TableCell key={i} className="first:pl-4 last:pr-4">
                          <Skeleton className="h-5 w-full max-w-40" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                ) : users.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMN_COUNT} className="py-10 text-center text-muted-foreground">
                      {emptyUsersText(isUserListNarrowed(search, status, role))}
                    </TableCell>
                  </TableRow>
                ) : (
                  users.map((user) => (
                    <TableRow key={user.id} data-testid="user-row">
                      <TableCell className="pl-4">
                        <div className="font-medium">{fullName(user)}</div>
                        <div className="text-sm text-muted-foreground">@{user.username}</div>
                      </TableCell>
                      <TableCell>
                        <UserEmailCell user={user} />
                      </TableCell>
                      <TableCell>
                        <UserRoleBadge role={user.role} />
                      </TableCell>
                      <TableCell>{formatShortDate(user.createdAt)}</TableCell>
                      <TableCell>
                        <UserStatusBadge status={user.status} isInvited={user.isInvited} />
                      </TableCell>
                      <TableCell className="pr-4">
                        <UserActions user={user} currentUserId={currentUserId} />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}

      {usersQuery.data && usersQuery.data.total > usersQuery.data.users.length ? (
        <p className="text-sm text-muted-foreground">
          Showing the first {usersQuery.data.users.length} of {usersQuery.data.total} users; narrow the
          filters to find others.
        </p>
      ) : null}
    </div>
  );
}
