import type { TTicketComment } from '@helpdesk/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import { repliedSentence } from './reply-check.ts';

type TProps = { reply: TTicketComment | null; onSend: () => void; onCancel: () => void };

/** Asks before a reply goes out when someone else replied since the page loaded (Cancel is focused first). */
export function ReplyCheckDialog({ reply, onSend, onCancel }: TProps) {
  return (
    <AlertDialog open={reply !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onCancel())}>
      <AlertDialogContent data-testid="reply-check-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>New reply on this ticket</AlertDialogTitle>
          <AlertDialogDescription>
            {reply && repliedSentence(reply)} Send your reply anyway?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onSend}>Send anyway</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
