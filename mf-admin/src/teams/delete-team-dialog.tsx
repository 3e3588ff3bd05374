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
  const deleteTeam = useDeleteTeam(team.id, team.name);
  const isPending = deleteTeam.isPending;

  return (
    <AlertDialog open={isOpen} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete team?</AlertDialogTitle>
          <AlertDialogDescription>
            Deleting {team.name} removes the team and its memberships ({memberCountText(team.memberCount)}).
            Nobody loses their account, and tickets assigned to the team are left without a team. This cannot
            be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the server answers. */}
          <Button
            variant="destructive"
            disabled={isPending}
            onClick={() => deleteTeam.mutate(undefined, { onSettled: () => onOpenChange(false) })}
          >
            {isPending && <Spinner aria-label="Deleting the team" />}
            {isPending ? 'Deleting...' : 'Delete Team'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
