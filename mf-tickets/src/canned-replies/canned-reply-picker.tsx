import type { TCannedReply } from '@helpdesk/contracts';
import { Button, cn, Input, Spinner } from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { filterCannedReplies } from './canned-reply-text.ts';
import { useCannedRepliesT } from './messages.ts';
import { ReplyHeading } from './reply-badges.tsx';
import { useCannedReplies } from './use-canned-replies.ts';

type TProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The chosen reply, as stored (the composer fills its placeholders). */
  onPick: (reply: TCannedReply) => void;
  /** Called instead of the dialog's own focus return, so the composer takes the focus back. */
  onClosed: () => void;
  onManage: () => void;
};

/**
 * The composer's list of canned replies (fetched with its first opening): typing filters, the arrow
 * keys move, Enter inserts. The filter keeps the focus; the list follows it as the active option.
 */
export default function CannedReplyPicker({ isOpen, onOpenChange, onPick, onClosed, onManage }: TProps) {
  const t = useCannedRepliesT();
  const replies = useCannedReplies();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(
    () => filterCannedReplies(replies.data?.replies ?? [], query),
    [replies.data, query],
  );
  const current = Math.min(active, Math.max(0, matches.length - 1));
  const optionId = (index: number) => `${listId}-${index}`;

  function pick(reply: TCannedReply | undefined) {
    if (!reply) return;
    onPick(reply);
    onOpenChange(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, current + 1),
      ArrowUp: Math.max(0, current - 1),
      PageDown: Math.min(last, current + 5),
      PageUp: Math.max(0, current - 5),
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
      document.getElementById(optionId(moves[event.key] ?? 0))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(matches[current]);
    }
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        if (next) {
          setQuery('');
          setActive(0);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="sm:max-w-lg"
        data-testid="canned-reply-picker"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('cannedReplies.pickerTitle')}</DialogTitle>
          <DialogDescription>{t('cannedReplies.pickerDescription')}</DialogDescription>
        </DialogHeader>
        <Input
          role="combobox"
          aria-label={t('cannedReplies.filterLabel')}
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={matches.length > 0 ? optionId(current) : undefined}
          placeholder={t('cannedReplies.filterPlaceholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="canned-reply-filter"
        />
        {replies.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner aria-hidden />
            {t('cannedReplies.loading')}
          </p>
        ) : replies.isError ? (
          <p className="text-sm text-destructive">{t('cannedReplies.loadFailed')}</p>
        ) : matches.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {query.trim() === '' ? t('cannedReplies.noReplies') : t('cannedReplies.noMatch')}
          </p>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label={t('cannedReplies.manageTitle')}
          className="grid max-h-72 gap-1 overflow-y-auto"
        >
          {matches.map((reply, index) => (
            <div
              key={reply.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              tabIndex={-1}
              data-testid="canned-reply-option"
              // Keep the focus in the filter: the list is driven from there (aria-activedescendant).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(reply)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') pick(reply);
              }}
              onMouseMove={() => setActive(index)}
              className={cn(
                'cursor-pointer rounded-md border px-3 py-2 text-sm',
                index === current ? 'border-primary bg-accent' : 'border-transparent',
              )}
            >
              <span className="flex flex-wrap items-center gap-2">
                <ReplyHeading reply={reply} />
              </span>
              <span className="mt-1 line-clamp-2 block text-muted-foreground">{reply.body}</span>
            </div>
          ))}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onManage}>
            {t('cannedReplies.manage')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
