import { type TCannedReply, TICKET_STATUS_LABELS, type TTicketStatus } from '@helpdesk/contracts';
import { Button, useLocalizeText } from '@helpdesk/shared-ui';
import { MessageSquareText, X } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import { useTicketDetailT } from './messages.ts';

// Both dialogs come with their first use: the ticket page's first load carries the button alone.
const loadPicker = () => import('../canned-replies/canned-reply-picker.tsx');
const CannedReplyPicker = lazy(loadPicker);
const ManageCannedRepliesDialog = lazy(() => import('../canned-replies/manage-canned-replies-dialog.tsx'));

/** Alt+R in the composer opens the list (docs/product.md#canned-replies); the key's place, not its letter, counts. */
export function isCannedReplyShortcut(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyR';
}

type TProps = {
  isPickerOpen: boolean;
  onPickerOpenChange: (isOpen: boolean) => void;
  onPick: (reply: TCannedReply) => void;
  /** The picker closed: the composer takes the focus back (to where the text went). */
  onPickerClosed: () => void;
  isDisabled: boolean;
};

/** The composer's "Canned reply" button, with the list and the management dialog it opens. */
export function CannedReplyButton({
  isPickerOpen,
  onPickerOpenChange,
  onPick,
  onPickerClosed,
  isDisabled,
}: TProps) {
  const t = useTicketDetailT();
  const [hasOpened, setHasOpened] = useState(false);
  const [isManageOpen, setIsManageOpen] = useState(false);
  const [hasManaged, setHasManaged] = useState(false);
  const isMounted = hasOpened || isPickerOpen;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isDisabled}
        aria-keyshortcuts="Alt+R"
        data-testid="canned-reply-button"
        onPointerEnter={() => void loadPicker()}
        onFocus={() => void loadPicker()}
        onClick={() => {
          setHasOpened(true);
          onPickerOpenChange(true);
        }}
      >
        <MessageSquareText aria-hidden />
        {t('ticketDetail.cannedReply')}
        <kbd className="rounded border bg-muted px-1 font-mono text-[10px] text-muted-foreground">
          {t('ticketDetail.cannedReplyShortcut')}
        </kbd>
      </Button>
      {isMounted && (
        <Suspense fallback={null}>
          <CannedReplyPicker
            isOpen={isPickerOpen}
            onOpenChange={(isOpen) => {
              setHasOpened(true);
              onPickerOpenChange(isOpen);
            }}
            onPick={onPick}
            onClosed={onPickerClosed}
            onManage={() => {
              onPickerOpenChange(false);
              setHasManaged(true);
              setIsManageOpen(true);
            }}
          />
        </Suspense>
      )}
      {hasManaged && (
        <Suspense fallback={null}>
          <ManageCannedRepliesDialog isOpen={isManageOpen} onOpenChange={setIsManageOpen} />
        </Suspense>
      )}
    </>
  );
}

/** "Sending also sets the status to …", with a button to keep the status as it is. */
export function CannedStatusNote({ status, onClear }: { status: TTicketStatus; onClear: () => void }) {
  const t = useTicketDetailT();
  const localize = useLocalizeText();
  return (
    <p
      className="flex items-center gap-2 rounded-md border border-dashed px-3 py-1.5 text-sm"
      data-testid="canned-reply-status-note"
      aria-live="polite"
    >
      <span>{t('ticketDetail.cannedReplyStatus', { status: localize(TICKET_STATUS_LABELS[status]) })}</span>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="ml-auto size-7 p-0"
        aria-label={t('ticketDetail.cannedReplyKeepStatus')}
        onClick={onClear}
      >
        <X aria-hidden />
      </Button>
    </p>
  );
}
