import { API_PATHS, type TTeam, type TTeamMemberListResponse } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, Badge, Button, fullName, Skeleton } from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { UserRoleBadge } from '../users/user-badges.tsx';
import { AddMembersDialog } from './add-members-dialog.tsx';
import { useTeamsT } from './messages.ts';
import { useRemoveTeamMember } from './use-team-mutations.ts';

const SKELETON_ROWS = ['a', 'b', 'c'];

/** Manage: the team's members with Remove, plus Add Members and Close. */
export function TeamMembersDialog({
  team,
  isOpen,
  onOpenChange,
}: {
  team: TTeam;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const t = useTeamsT();
  const [isAdding, setIsAdding] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="team-members-dialog">
        <DialogHeader>
          <DialogTitle>{team.name}</DialogTitle>
          <DialogDescription>{team.description || t('teams.noDescription')}</DialogDescription>
        </DialogHeader>
        <TeamMemberList teamId={team.id} />
        <DialogFooter>
          <Button variant="outline" onClick={() => setIsAdding(true)}>
            <UserPlus aria-hidden />
            {t('teams.addMembers')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('teams.close')}</Button>
          </DialogClose>
        </DialogFooter>
        <AddMembersDialog team={team} isOpen={isAdding} onOpenChange={setIsAdding} />
      </DialogContent>
    </Dialog>
  );
}

function TeamMemberList({ teamId }: { teamId: string }) {
  const t = useTeamsT();
  const membersQuery = useQuery<TTeamMemberListResponse>({ queryKey: [API_PATHS.teams, teamId, 'members'] });
  const remove = useRemoveTeamMember(teamId);

  if (membersQuery.isPending) {
    return (
      <ul className="flex flex-col gap-3" aria-label={t('teams.loadingMembers')}>
        {SKELETON_ROWS.map((key) => (
          <li key={key}>
            <Skeleton className="h-10 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (membersQuery.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{t('teams.membersLoadErrorTitle')}</AlertTitle>
        <AlertDescription>
          <p>{t('teams.membersLoadErrorMessage')}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            disabled={membersQuery.isFetching}
            onClick={() => membersQuery.refetch()}
          >
            {membersQuery.isFetching ? t('teams.retrying') : t('teams.retry')}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (membersQuery.data.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('teams.noMembers')}</p>;
  }
  return (
    <ul className="flex max-h-80 flex-col divide-y overflow-y-auto" aria-label={t('teams.members')}>
      {membersQuery.data.map((member) => {
        const name = fullName(member);
        const isRemoving = remove.isPending && remove.variables === member.id;
        return (
          <li
            key={member.id}
            // The badges and Remove move under the name when a phone cannot fit both (long names, longer words).
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
            data-testid="team-member"
          >
            <div className="min-w-0 flex-1 basis-40">
              <div className="truncate font-medium">{name}</div>
              <div className="truncate text-sm text-muted-foreground">{member.email}</div>
            </div>
            <div className="ml-auto flex shrink-0 items-center gap-2">
              {member.teamRole === 'lead' ? <Badge variant="outline">{t('teams.teamLead')}</Badge> : null}
              <UserRoleBadge role={member.role} />
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                aria-label={t('teams.removeName', { name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(member.id)}
              >
                {isRemoving ? t('teams.removing') : t('teams.remove')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
