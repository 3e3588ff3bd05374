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
import { useFeedbackT } from '../feedback/messages.ts';
import { useServiceLevelsT } from './messages.ts';
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
  const t = useServiceLevelsT();
  const feedbackT = useFeedbackT();
  const isPending = deleteCalendar.isPending;
  const refusal = deleteCalendar.isError
    ? (serverMessage(deleteCalendar.error) ?? feedbackT('feedback.tryAgain'))
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
          <AlertDialogTitle>{t('deleteCalendar.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('deleteCalendar.text', { name: calendar.name })}</AlertDialogDescription>
        </AlertDialogHeader>
        {refusal && (
          <Alert variant="destructive" data-testid="delete-calendar-error">
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>
            {refusal ? t('deleteCalendar.close') : t('serviceLevels.cancel')}
          </AlertDialogCancel>
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
            {isPending && <Spinner aria-label={t('deleteCalendar.deletingLabel')} />}
            {isPending ? t('deleteCalendar.deleting') : t('deleteCalendar.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
