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
import { useTicketDetailT } from './messages.ts';
import { repliedSentence } from './reply-check.ts';

type TProps = { reply: TTicketComment | null; onSend: () => void; onCancel: () => void };

/** Asks before a reply goes out when someone else replied since the page loaded (Cancel is focused first). */
export function ReplyCheckDialog({ reply, onSend, onCancel }: TProps) {
  const t = useTicketDetailT();
  return (
    <AlertDialog open={reply !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onCancel())}>
      <AlertDialogContent data-testid="reply-check-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('ticketDetail.replyCheckTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {reply && repliedSentence(reply, new Date(), t)} {t('ticketDetail.replyCheckQuestion')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('ticketDetail.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onSend}>{t('ticketDetail.sendAnyway')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
