import { TEAM_MESSAGES, type TTeam } from '@helpdesk/contracts';
import {
  Badge,
  Button,
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@helpdesk/shared-ui';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@helpdesk/shared-ui/dropdown-menu';
import { Ellipsis, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { DeleteTeamDialog } from './delete-team-dialog.tsx';
import { TeamFormDialog } from './team-form-dialog.tsx';
import { memberCountText } from './team-labels.ts';
import { TeamMembersDialog } from './team-members-dialog.tsx';

type TOpenDialog = 'manage' | 'edit' | 'delete' | null;

/** One team: name, description or 'No description', member count, Manage and a menu to edit or delete. */
export function TeamCard({ team }: { team: TTeam }) {
  const [openDialog, setOpenDialog] = useState<TOpenDialog>(null);
  const openChange = (dialog: Exclude<TOpenDialog, null>) => (isOpen: boolean) =>
    setOpenDialog(isOpen ? dialog : null);

  return (
    <Card data-testid="team-card">
      <CardHeader>
        <CardTitle className="truncate">{team.name}</CardTitle>
        <CardDescription className="line-clamp-3">
          {team.description || TEAM_MESSAGES.noDescription}
        </CardDescription>
        <CardAction>
          {/* Not modal: the menu hands focus straight to the dialog it opens. */}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Team actions for ${team.name}`}>
                <Ellipsis aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => setOpenDialog('edit')}>
                <Pencil aria-hidden />
                Edit team
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => setOpenDialog('delete')}>
                <Trash2 aria-hidden />
                Delete team
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </CardAction>
      </CardHeader>
      <CardContent className="flex items-center gap-2 text-sm text-muted-foreground">
        <Users className="size-4" aria-hidden />
        <span data-testid="member-count">{memberCountText(team.memberCount)}</span>
        {team.isActive ? null : <Badge variant="outline">Inactive</Badge>}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Manage ${team.name}`}
          onClick={() => setOpenDialog('manage')}
        >
          Manage
        </Button>
      </CardFooter>
      <TeamMembersDialog team={team} isOpen={openDialog === 'manage'} onOpenChange={openChange('manage')} />
      <TeamFormDialog team={team} isOpen={openDialog === 'edit'} onOpenChange={openChange('edit')} />
      <DeleteTeamDialog team={team} isOpen={openDialog === 'delete'} onOpenChange={openChange('delete')} />
    </Card>
  );
}
