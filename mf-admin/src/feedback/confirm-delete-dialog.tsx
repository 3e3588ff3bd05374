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
import { useFeedbackT } from './messages.ts';

/**
 * The confirmation before an item is deleted. It stays open until the server answers; a refusal is
 * shown in place, and an ended session closes it. `texts` are the item's own words.
 */
export function ConfirmDeleteDialog({
  remove,
  texts,
  onClose,
}: {
  remove: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    mutate: (
      variables: undefined,
      handlers: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void;
  };
  texts: {
    title: string;
    text: string;
    cancel: string;
    confirm: string;
    deleting: string;
    deletingLabel: string;
  };
  onClose: () => void;
}) {
  const feedbackT = useFeedbackT();
  const refusal = remove.isError ? (serverMessage(remove.error) ?? feedbackT('feedback.tryAgain')) : null;
  return (
    <AlertDialog open onOpenChange={(next) => !next && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.title}</AlertDialogTitle>
          <AlertDialogDescription>{texts.text}</AlertDialogDescription>
        </AlertDialogHeader>
        {refusal && (
          <Alert variant="destructive">
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{texts.cancel}</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: onClose,
                onError: (error) => {
                  if (handleSessionEnded(error)) onClose();
                },
              })
            }
          >
            {remove.isPending && <Spinner aria-label={texts.deletingLabel} />}
            {remove.isPending ? texts.deleting : texts.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
