import type { TTeam } from '@helpdesk/contracts';
import { Button, Spinner } from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import { useTeamsT } from './messages.ts';
import { memberCountText } from './team-labels.ts';
import { useDeleteTeam } from './use-team-mutations.ts';

/** The confirmation before a team is deleted; its members keep their accounts. */
export function DeleteTeamDialog({
  team,
  isOpen,
  onOpenChange,
}: {
  team: TTeam;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const t = useTeamsT();
  const deleteTeam = useDeleteTeam(team.id, team.name);
  const isPending = deleteTeam.isPending;

  return (
    <AlertDialog open={isOpen} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('teams.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('teams.deleteDescription', { name: team.name, members: memberCountText(team.memberCount, t) })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{t('teams.cancel')}</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the server answers. */}
          <Button
            variant="destructive"
            disabled={isPending}
            onClick={() => deleteTeam.mutate(undefined, { onSettled: () => onOpenChange(false) })}
          >
            {isPending && <Spinner aria-label={t('teams.deletingTeam')} />}
            {isPending ? t('teams.deleting') : t('teams.deleteConfirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
