import {
  API_PATHS,
  LIMITS,
  TEAM_LIMITS,
  type TTeam,
  type TTeamMemberListResponse,
  type TUserListResponse,
} from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  fullName,
  Input,
  Skeleton,
  Spinner,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UserRoleBadge } from '../users/user-badges.tsx';
import {
  availableMembers,
  availableMembersEmptyText,
  selectedIds,
  toggleSelected,
} from './available-members.ts';
import { useTeamsT } from './messages.ts';
import { useAddTeamMembers } from './use-team-mutations.ts';

const SKELETON_ROWS = ['a', 'b', 'c'];

/** Every active user in one page; the role and membership filter is applied here. */
export const ACTIVE_USERS_QUERY_KEY = [
  API_PATHS.adminUsers,
  { status: 'active', limit: LIMITS.userListLimitMax },
] as const;

/**
 * Add Members: active agents and admins not yet in the team, with search and multi-select. The
 * server refuses anyone else as well; this list only saves the admin a refusal.
 */
export function AddMembersDialog({
  team,
  isOpen,
  onOpenChange,
}: {
  team: TTeam;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const t = useTeamsT();
  const add = useAddTeamMembers(team.id);

  function handleOpenChange(next: boolean) {
    if (!next && add.isPending) return;
    onOpenChange(next);
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="add-members-dialog">
        <DialogHeader>
          <DialogTitle>{t('teams.addMembers')}</DialogTitle>
          <DialogDescription>{t('teams.addMembersDescription', { name: team.name })}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts with an empty search and selection. */}
        <CandidatePicker
          teamId={team.id}
          isPending={add.isPending}
          onCancel={() => handleOpenChange(false)}
          onAdd={(userIds) => add.mutate(userIds, { onSuccess: () => onOpenChange(false) })}
        />
      </DialogContent>
    </Dialog>
  );
}

function CandidatePicker({
  teamId,
  isPending,
  onCancel,
  onAdd,
}: {
  teamId: string;
  isPending: boolean;
  onCancel: () => void;
  onAdd: (userIds: string[]) => void;
}) {
  const t = useTeamsT();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const usersQuery = useQuery<TUserListResponse>({ queryKey: ACTIVE_USERS_QUERY_KEY });
  const membersQuery = useQuery<TTeamMemberListResponse>({ queryKey: [API_PATHS.teams, teamId, 'members'] });

  const isLoading = usersQuery.isPending || membersQuery.isPending;
  const loadError = usersQuery.isError ? usersQuery : membersQuery.isError ? membersQuery : null;
  const allCandidates =
    usersQuery.data && membersQuery.data
      ? availableMembers(usersQuery.data.users, membersQuery.data, '')
      : [];
  const shown =
    usersQuery.data && membersQuery.data
      ? availableMembers(usersQuery.data.users, membersQuery.data, search)
      : [];
  const chosen = selectedIds(selected, allCandidates);
  const isOverLimit = chosen.length > TEAM_LIMITS.addMembersMax;

  return (
    <>
      <Input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('teams.searchPlaceholder')}
        aria-label={t('teams.searchLabel')}
        disabled={isLoading || loadError !== null}
      />
      {isLoading ? (
        <ul className="flex flex-col gap-3" aria-label={t('teams.loadingUsers')}>
          {SKELETON_ROWS.map((key) => (
            <li key={key}>
              <Skeleton className="h-10 w-full" />
            </li>
          ))}
        </ul>
      ) : loadError ? (
        <Alert variant="destructive">
          <AlertTitle>{t('teams.usersLoadErrorTitle')}</AlertTitle>
          <AlertDescription>
            <p>{t('teams.usersLoadErrorMessage')}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              disabled={loadError.isFetching}
              onClick={() => {
                void usersQuery.refetch();
                void membersQuery.refetch();
              }}
            >
              {loadError.isFetching ? t('teams.retrying') : t('teams.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {availableMembersEmptyText(allCandidates.length > 0, t)}
        </p>
      ) : (
        <ul
          className="flex max-h-72 flex-col divide-y overflow-y-auto rounded-md border"
          aria-label={t('teams.available')}
        >
          {shown.map((user) => {
            const name = fullName(user);
            const checkboxId = `add-member-${user.id}`;
            return (
              <li key={user.id} className="flex items-center gap-3 px-3 py-2" data-testid="candidate">
                <Checkbox
                  id={checkboxId}
                  checked={selected.has(user.id)}
                  onCheckedChange={() => setSelected((current) => toggleSelected(current, user.id))}
                  disabled={isPending}
                  aria-label={t('teams.selectName', { name })}
                />
                <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
                  <span className="block truncate font-medium">{name}</span>
                  <span className="block truncate text-sm text-muted-foreground">
                    {t('teams.candidateLine', { username: user.username, email: user.email })}
                  </span>
                </label>
                <UserRoleBadge role={user.role} />
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="selected-count">
        {isOverLimit
          ? t('teams.overLimit', { count: chosen.length, max: TEAM_LIMITS.addMembersMax })
          : t('teams.selectedCount', { count: chosen.length })}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
          {t('teams.cancel')}
        </Button>
        <Button
          type="button"
          disabled={chosen.length === 0 || isOverLimit || isPending}
          onClick={() => onAdd(chosen)}
        >
          {isPending && <Spinner aria-label={t('teams.addingMembers')} />}
          {t('teams.addSelected', { count: chosen.length })}
        </Button>
      </DialogFooter>
    </>
  );
}
