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
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { RemoteIncompatibleError } from '../remote/remote-incompatible-error.ts';
import { useLayoutPopupsT } from './popups/messages.ts';

/** Says the Create Ticket dialog could not load and offers Retry (fetched only when that happens). */
export function NewTicketErrorDialog({
  isOpen,
  onOpenChange,
  failure,
  isRetrying,
  onRetry,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  failure: Error | null;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const t = useLayoutPopupsT();
  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid="new-ticket-error">
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <TriangleAlert className="size-5 text-destructive" aria-hidden />
            {t('newTicketError.title')}
          </AlertDialogTitle>
          <AlertDialogDescription>{t('newTicketError.description')}</AlertDialogDescription>
          {failure instanceof RemoteIncompatibleError && (
            <p className="text-muted-foreground text-sm" data-testid="new-ticket-incompatible">
              {failure.message}
            </p>
          )}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('newTicketError.close')}</AlertDialogCancel>
          <Button onClick={onRetry} disabled={isRetrying}>
            {isRetrying ? (
              <Spinner aria-label={t('newTicketError.retrying')} />
            ) : (
              <RefreshCw className="size-4" aria-hidden />
            )}
            {t('newTicketError.retry')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
