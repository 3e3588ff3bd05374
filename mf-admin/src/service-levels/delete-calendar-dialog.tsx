import type { TBusinessCalendar } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  handleSessionEnded,
  Spinner,
  serverMessage,
} from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import { useDeleteCalendar } from './use-service-level-mutations.ts';

/** The confirmation before a calendar is deleted; a refusal (a policy still uses it) is shown in place. */
export function DeleteCalendarDialog({
  calendar,
  isOpen,
  onOpenChange,
}: {
  calendar: TBusinessCalendar;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const deleteCalendar = useDeleteCalendar(calendar);
  const isPending = deleteCalendar.isPending;
  const refusal = deleteCalendar.isError
    ? (serverMessage(deleteCalendar.error) ?? 'Please try again.')
    : null;

  function handleOpenChange(next: boolean) {
    if (isPending) return;
    deleteCalendar.reset();
    onOpenChange(next);
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete calendar?</AlertDialogTitle>
          <AlertDialogDescription>
            Deleting {calendar.name} removes its hours and holidays. Deadlines already set on tickets stay as
            they are. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {refusal && (
          <Alert variant="destructive" data-testid="delete-calendar-error">
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{refusal ? 'Close' : 'Cancel'}</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the server answers. */}
          <Button
            variant="destructive"
            disabled={isPending}
            onClick={() =>
              deleteCalendar.mutate(undefined, {
                onSuccess: () => onOpenChange(false),
                onError: (error) => {
                  if (handleSessionEnded(error)) onOpenChange(false);
                },
              })
            }
          >
            {isPending && <Spinner aria-label="Deleting the calendar" />}
            {isPending ? 'Deleting...' : 'Delete Calendar'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
