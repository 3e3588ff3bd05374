import {
  CANNED_REPLY_LIMITS,
  CANNED_REPLY_PLACEHOLDERS,
  type TCannedReply,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  ZTicketStatus,
} from '@helpdesk/contracts';
import {
  ApiRequestError,
  Button,
  fullName,
  handleSessionEnded,
  Input,
  Label,
  limitMessage,
  localizeText,
  Spinner,
  Textarea,
  toast,
  useLocalizeText,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { Select, SelectContent, SelectOptions, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { NONE_VALUE } from '../tickets/none-option.ts';
import { useCannedRepliesT } from './messages.ts';
import { ReplyHeading } from './reply-badges.tsx';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from './use-canned-replies.ts';

const PLACEHOLDER_LIST = CANNED_REPLY_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ');

/** A refused save or delete: the server's own words (a cap, a limit, not theirs) under the action's text. */
function reportError(error: unknown, fallback: string) {
  if (handleSessionEnded(error)) return;
  // A 400's words are under its fields already.
  const serverText =
    error instanceof ApiRequestError && error.status !== 400 ? error.body?.message : undefined;
  const description = limitMessage(error) ?? (serverText ? localizeText(serverText) : undefined);
  toast({ title: fallback, description, variant: 'destructive' });
}

function ReplyForm({ reply, onDone }: { reply: TCannedReply | null; onDone: () => void }) {
  const t = useCannedRepliesT();
  const localize = useLocalizeText();
  const save = useSaveCannedReply();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [isShared, setIsShared] = useState(reply?.isShared ?? false);
  const [status, setStatus] = useState<string>(reply?.setStatus ?? NONE_VALUE);
  const fields = save.error instanceof ApiRequestError ? save.error.fields : {};
  const titleRef = useRef<HTMLInputElement>(null);
  // The button that opened the form is gone: the focus starts in its first field.
  useEffect(() => titleRef.current?.focus(), []);
  const ids = { title: useId(), body: useId(), shared: useId(), status: useId(), hint: useId() };
  const statusOptions = [
    { value: NONE_VALUE, label: t('cannedReplies.noStatusChange') },
    ...TICKET_STATUSES.map((value) => ({ value, label: localize(TICKET_STATUS_LABELS[value]) })),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZTicketStatus.safeParse(status);
    const change = { title, body, isShared, setStatus: parsed.success ? parsed.data : null };
    save.mutate(
      { id: reply?.id ?? null, change },
      {
        onSuccess: () => {
          toast({ title: t('cannedReplies.saved') });
          onDone();
        },
        onError: (error) => reportError(error, t('cannedReplies.saveFailed')),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} data-testid="canned-reply-form">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.title}>{t('cannedReplies.titleLabel')}</Label>
        <Input
          id={ids.title}
          ref={titleRef}
          value={title}
          maxLength={CANNED_REPLY_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={fields.title ? true : undefined}
          required
        />
        {fields.title && <p className="text-sm text-destructive">{fields.title}</p>}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.body}>{t('cannedReplies.bodyLabel')}</Label>
        <Textarea
          id={ids.body}
          value={body}
          rows={6}
          maxLength={CANNED_REPLY_LIMITS.bodyMax}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={ids.hint}
          aria-invalid={fields.body ? true : undefined}
          className="max-h-72"
          required
        />
        <p id={ids.hint} className="break-words font-mono text-xs text-muted-foreground">
          {t('cannedReplies.placeholdersHint', { list: PLACEHOLDER_LIST })}
        </p>
        {fields.body && <p className="text-sm text-destructive">{fields.body}</p>}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={ids.shared}
          checked={isShared}
          onCheckedChange={(checked) => setIsShared(checked === true)}
        />
        <Label htmlFor={ids.shared} className="font-normal">
          {t('cannedReplies.isShared')}
        </Label>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.status}>{t('cannedReplies.setStatusLabel')}</Label>
        <Select value={status} onValueChange={setStatus}>
          <SelectTrigger id={ids.status} className="w-full" data-testid="canned-reply-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectOptions options={statusOptions} />
          </SelectContent>
        </Select>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cannedReplies.back')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner aria-hidden />}
          {t('cannedReplies.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ReplyRow({ reply, onEdit }: { reply: TCannedReply; onEdit: () => void }) {
  const t = useCannedRepliesT();
  const remove = useDeleteCannedReply();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm" data-testid="canned-reply-row">
      <div className="flex flex-wrap items-center gap-2">
        <ReplyHeading reply={reply} />
        {reply.isShared && reply.author && (
          <span className="text-xs text-muted-foreground">
            {t('cannedReplies.by', { name: fullName(reply.author) })}
          </span>
        )}
      </div>
      <p className="line-clamp-2 whitespace-pre-wrap break-words text-muted-foreground">{reply.body}</p>
      {reply.canEdit &&
        (isConfirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span>{t('cannedReplies.deleteQuestion', { title: reply.title })}</span>
            <Button
              type="button"
              size="sm"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(reply.id, {
                  onSuccess: () => toast({ title: t('cannedReplies.deleted') }),
                  onError: (error) => {
                    setIsConfirming(false);
                    reportError(error, t('cannedReplies.deleteFailed'));
                  },
                })
              }
            >
              {t('cannedReplies.delete')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setIsConfirming(false)}>
              {t('cannedReplies.cancel')}
            </Button>
          </div>
        ) : (
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={onEdit}
              aria-label={t('cannedReplies.editNamed', { title: reply.title })}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setIsConfirming(true)}
              aria-label={t('cannedReplies.deleteNamed', { title: reply.title })}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
    </li>
  );
}

/**
 * Adding, changing and deleting canned replies (fetched with its first opening, from the composer's
 * list). Only replies the agent may change offer Edit and Delete; the server decides anyway.
 */
export default function ManageCannedRepliesDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const t = useCannedRepliesT();
  const replies = useCannedReplies();
  // null: the list; 'new': an empty form; a reply: its form.
  const [editing, setEditing] = useState<TCannedReply | 'new' | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Back on the list, the focus goes to its first control rather than to the form that is gone.
  useEffect(() => {
    if (editing === null) addRef.current?.focus();
  }, [editing]);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        if (!next) setEditing(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="manage-canned-replies">
        <DialogHeader>
          <DialogTitle>
            {editing === null
              ? t('cannedReplies.manageTitle')
              : editing === 'new'
                ? t('cannedReplies.newTitle')
                : t('cannedReplies.editTitle')}
          </DialogTitle>
          <DialogDescription>{t('cannedReplies.manageDescription')}</DialogDescription>
        </DialogHeader>
        {editing !== null ? (
          <ReplyForm
            key={editing === 'new' ? 'new' : editing.id}
            reply={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <>
            <Button ref={addRef} type="button" className="w-fit" onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              {t('cannedReplies.add')}
            </Button>
            {replies.isPending ? (
              <p className="text-sm text-muted-foreground">{t('cannedReplies.loading')}</p>
            ) : replies.isError ? (
              <p className="text-sm text-destructive">{t('cannedReplies.loadFailed')}</p>
            ) : replies.data.replies.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('cannedReplies.empty')}</p>
            ) : (
              <ul className="grid gap-2">
                {replies.data.replies.map((reply) => (
                  <ReplyRow key={reply.id} reply={reply} onEdit={() => setEditing(reply)} />
                ))}
              </ul>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
