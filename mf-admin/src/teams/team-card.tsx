import type { TTeam } from '@helpdesk/contracts';
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
import { useTeamsT } from './messages.ts';
import { TeamFormDialog } from './team-form-dialog.tsx';
import { memberCountText } from './team-labels.ts';
import { TeamMembersDialog } from './team-members-dialog.tsx';

type TOpenDialog = 'manage' | 'edit' | 'delete' | null;

/** One team: name, description or 'No description', member count, Manage and a menu to edit or delete. */
export function TeamCard({ team }: { team: TTeam }) {
  const t = useTeamsT();
  const [openDialog, setOpenDialog] = useState<TOpenDialog>(null);
  const openChange = (dialog: Exclude<TOpenDialog, null>) => (isOpen: boolean) =>
    setOpenDialog(isOpen ? dialog : null);

  return (
    <Card data-testid="team-card">
      <CardHeader>
        <CardTitle className="truncate">{team.name}</CardTitle>
        <CardDescription className="line-clamp-3">
          {team.description || t('teams.noDescription')}
        </CardDescription>
        <CardAction>
          {/* Not modal: the menu hands focus straight to the dialog it opens. */}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={t('teams.actionsFor', { name: team.name })}>
                <Ellipsis aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => setOpenDialog('edit')}>
                <Pencil aria-hidden />
                {t('teams.editTeam')}
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => setOpenDialog('delete')}>
                <Trash2 aria-hidden />
                {t('teams.deleteTeam')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </CardAction>
      </CardHeader>
      <CardContent className="flex items-center gap-2 text-sm text-muted-foreground">
        <Users className="size-4" aria-hidden />
        <span data-testid="member-count">{memberCountText(team.memberCount, t)}</span>
        {team.isActive ? null : <Badge variant="outline">{t('teams.inactive')}</Badge>}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('teams.manageName', { name: team.name })}
          onClick={() => setOpenDialog('manage')}
        >
          {t('teams.manage')}
        </Button>
      </CardFooter>
      <TeamMembersDialog team={team} isOpen={openDialog === 'manage'} onOpenChange={openChange('manage')} />
      <TeamFormDialog team={team} isOpen={openDialog === 'edit'} onOpenChange={openChange('edit')} />
      <DeleteTeamDialog team={team} isOpen={openDialog === 'delete'} onOpenChange={openChange('delete')} />
    </Card>
  );
}
