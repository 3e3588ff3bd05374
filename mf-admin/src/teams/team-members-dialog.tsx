import { API_PATHS, type TTeam, type TTeamMemberListResponse } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  fullName,
  Skeleton,
} from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UserRoleBadge } from '../users/user-badges.tsx';

const SKELETON_ROWS = ['a', 'b', 'c'];

/** Manage: the team's members. Adding and removing members come with the administration issue. */
export function TeamMembersDialog({ team }: { team: TTeam }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Manage ${team.name}`}>
          Manage
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{team.name}</DialogTitle>
          <DialogDescription>Members of this team.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so closed dialogs cost no request. */}
        {isOpen ? <TeamMemberList teamId={team.id} /> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function TeamMemberList({ teamId }: { teamId: string }) {
  const membersQuery = useQuery<TTeamMemberListResponse>({ queryKey: [API_PATHS.teams, teamId, 'members'] });

  if (membersQuery.isPending) {
    return (
      <ul className="flex flex-col gap-3" aria-label="Loading team members">
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
        <AlertTitle>Failed to fetch team members</AlertTitle>
        <AlertDescription>
          <p>Failed to load team members. Please try again.</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            disabled={membersQuery.isFetching}
            onClick={() => membersQuery.refetch()}
          >
            {membersQuery.isFetching ? 'Retrying...' : 'Retry'}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (membersQuery.data.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No team members assigned yet</p>;
  }
  return (
    <ul className="flex max-h-80 flex-col divide-y overflow-y-auto" aria-label="Team members">
      {membersQuery.data.map((member) => (
        <li key={member.id} className="flex items-center justify-between gap-3 py-2">
          <div className="min-w-0">
            <div className="truncate font-medium">{fullName(member)}</div>
            <div className="truncate text-sm text-muted-foreground">{member.email}</div>
          </div>
          <div className="flex shrink-0 gap-2">
            {member.teamRole === 'lead' ? <Badge variant="outline">Team lead</Badge> : null}
            <UserRoleBadge role={member.role} />
          </div>
        </li>
      ))}
    </ul>
  );
}
