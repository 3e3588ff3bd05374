import type {
  TCannedReply,
  TCreateCommentRequest,
  TTicketComment,
  TTicketDetail,
  TTicketStatus,
} from '@helpdesk/contracts';
import {
  Avatar,
  AvatarFallback,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  formatDetailDate,
  fullName,
  initials,
  Label,
  Spinner,
  Textarea,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, MessageSquare } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { cannedReplyText, insertAtCursor } from '../canned-replies/canned-reply-text.ts';
import { ticketDetailKey } from '../tickets/ticket-query-keys.ts';
import { CannedReplyButton, CannedStatusNote, isCannedReplyShortcut } from './canned-reply-controls.tsx';
import { useTicketDetailT } from './messages.ts';
import { unseenReplies } from './reply-check.ts';
import { ReplyCheckDialog } from './reply-check-dialog.tsx';
import type { TDraftActivity } from './use-presence.ts';
import { useAddComment, useUpdateTicket } from './use-ticket-detail.ts';

function CommentItem({ comment }: { comment: TTicketComment }) {
  const t = useTicketDetailT();
  return (
    <li
      data-testid="ticket-comment"
      data-internal={comment.isInternal}
      className={cn(
        'flex gap-3 rounded-lg border p-3',
        comment.isInternal ? 'border-amber-200 bg-amber-50' : 'bg-card',
      )}
    >
      <Avatar className="size-8">
        <AvatarFallback className="text-xs">
          {initials(comment.author.firstName, comment.author.lastName)}
        </AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-sm">{fullName(comment.author)}</span>
          <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {formatDetailDate(comment.createdAt)}
          </time>
          {comment.isInternal && (
            <Badge variant="outline" className="border-amber-300 bg-amber-100 text-amber-800">
              <Lock aria-hidden />
              {t('ticketDetail.internal')}
            </Badge>
          )}
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{comment.content}</p>
      </div>
    </li>
  );
}

type TFormProps = {
  ticketId: string;
  comments: readonly TTicketComment[];
  canWriteInternal: boolean;
  /** Set for agents and admins: the writer, asked before a public reply if someone else replied meanwhile. */
  writerId: string | null;
  onDraftChange?: (activity: TDraftActivity) => void;
  /** Set for agents and admins: canned replies, filled in for this ticket and this agent. */
  canned?: { ticket: TTicketDetail; agent: { firstName: string; lastName: string } };
};

/**
 * Canned replies in the composer: the picker's state, the text put at the cursor with its
 * placeholders filled, and the status the reply sets when the comment is sent.
 */
function useCannedInsert(
  canned: TFormProps['canned'],
  setContent: (update: (draft: string) => string) => void,
) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const cursorRef = useRef<number | null>(null);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const [status, setStatus] = useState<TTicketStatus | null>(null);

  function pick(reply: TCannedReply) {
    if (!canned) return;
    const text = cannedReplyText(reply, canned.ticket, canned.agent);
    const field = textRef.current;
    const selection = { start: field?.selectionStart ?? 0, end: field?.selectionEnd ?? 0 };
    setContent((draft) => {
      const next = insertAtCursor(draft, selection, text);
      cursorRef.current = next.cursor;
      return next.draft;
    });
    if (reply.setStatus) setStatus(reply.setStatus);
  }

  function returnFocus() {
    const field = textRef.current;
    if (!field) return;
    field.focus();
    const cursor = cursorRef.current;
    if (cursor !== null) field.setSelectionRange(cursor, cursor);
    cursorRef.current = null;
  }

  return { textRef, isPickerOpen, setIsPickerOpen, status, setStatus, pick, returnFocus };
}

function AddCommentForm({
  ticketId,
  comments,
  canWriteInternal,
  writerId,
  onDraftChange,
  canned,
}: TFormProps) {
  const t = useTicketDetailT();
  const [content, setContent] = useState('');
  const [isInternal, setIsInternal] = useState(false);
  const addComment = useAddComment(ticketId);
  const updateTicket = useUpdateTicket(ticketId);
  const insert = useCannedInsert(canned, setContent);
  const queryClient = useQueryClient();
  // The comments the writer has seen: those the page first loaded, then all there were when they last sent.
  const [seenIds, setSeenIds] = useState(() => new Set(comments.map((comment) => comment.id)));
  const [isChecking, setIsChecking] = useState(false);
  const [check, setCheck] = useState<{
    reply: TTicketComment;
    body: TCreateCommentRequest;
    ids: string[];
  } | null>(null);
  const textId = useId();
  const internalId = useId();
  const isBlank = content.trim() === '';
  const isBusy = addComment.isPending || isChecking;

  function send(body: TCreateCommentRequest, ids: readonly string[]) {
    setSeenIds((seen) => new Set([...seen, ...ids]));
    const status = insert.status;
    addComment.mutate(body, {
      onSuccess: () => {
        setContent('');
        setIsInternal(false);
        onDraftChange?.({ hasText: false, isFocused: false });
        // After the comment, through the status route, so the requester gets its mails as for any change.
        insert.setStatus(null);
        if (status && status !== canned?.ticket.status) updateTicket.mutate({ status });
      },
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank || isBusy) return;
    const body = { content, isInternal: canWriteInternal && isInternal };
    if (writerId === null || body.isInternal) {
      send(body, []);
      return;
    }
    setIsChecking(true);
    // The latest copy, not the one on screen: the live update of a reply a second ago may still be on its way.
    const latest = await queryClient
      .fetchQuery<TTicketDetail>({ queryKey: ticketDetailKey(ticketId), staleTime: 0 })
      .catch(() => null);
    setIsChecking(false);
    const ids = latest?.comments.map((comment) => comment.id) ?? [];
    const reply = latest ? unseenReplies(latest.comments, seenIds, writerId).at(-1) : undefined;
    if (reply) setCheck({ reply, body, ids });
    else send(body, ids);
  }

  const reportDraft = (text: string, isFocused: boolean, isKeystroke = false) =>
    onDraftChange?.({ hasText: text.trim() !== '', isFocused, isKeystroke });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (!canned || !isCannedReplyShortcut(event)) return;
        event.preventDefault();
        insert.setIsPickerOpen(true);
      }}
      className="grid gap-3"
      data-testid="add-comment-form"
    >
      <Label htmlFor={textId} className="sr-only">
        {t('ticketDetail.addCommentLabel')}
      </Label>
      {canned && (
        // Above the box: the Tab order from the box to Add comment stays the same (Shift+Tab reaches it).
        <div className="-mb-1 flex justify-end">
          <CannedReplyButton
            isPickerOpen={insert.isPickerOpen}
            onPickerOpenChange={insert.setIsPickerOpen}
            onPick={insert.pick}
            onPickerClosed={insert.returnFocus}
            isDisabled={isBusy}
          />
        </div>
      )}
      <Textarea
        id={textId}
        ref={insert.textRef}
        aria-keyshortcuts={canned ? 'Alt+R' : undefined}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          reportDraft(event.target.value, true, true);
        }}
        onFocus={() => reportDraft(content, true)}
        onBlur={() => reportDraft(content, false)}
        placeholder={isInternal ? t('ticketDetail.notePlaceholder') : t('ticketDetail.commentPlaceholder')}
        rows={3}
        className={cn('max-h-72 min-h-20 bg-background', isInternal && 'border-amber-300 bg-amber-50')}
        disabled={isBusy}
      />
      {insert.status && <CannedStatusNote status={insert.status} onClear={() => insert.setStatus(null)} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {canWriteInternal ? (
          <div className="flex items-center gap-2">
            <Checkbox
              id={internalId}
              checked={isInternal}
              onCheckedChange={(checked) => setIsInternal(checked === true)}
              disabled={addComment.isPending}
            />
            <Label htmlFor={internalId} className="font-normal">
              {t('ticketDetail.internalNote')}
            </Label>
          </div>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={isBlank || isBusy}>
          {isBusy && <Spinner aria-label={t('ticketDetail.sending')} />}
          {t('ticketDetail.addComment')}
        </Button>
      </div>
      <ReplyCheckDialog
        reply={check?.reply ?? null}
        onCancel={() => setCheck(null)}
        onSend={() => {
          if (check) send(check.body, check.ids);
          setCheck(null);
        }}
      />
    </form>
  );
}

type TProps = Omit<TFormProps, 'canWriteInternal'> & { canWriteInternal: boolean };

/** The conversation: public replies and (for agents and admins) internal notes, oldest first. */
export function CommentsCard(props: TProps) {
  const t = useTicketDetailT();
  const { comments } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-4" aria-hidden />
          {t('ticketDetail.comments', { count: comments.length })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('ticketDetail.noComments')}</p>
        ) : (
          <ul className="grid gap-3">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
        )}
        <AddCommentForm key={props.ticketId} {...props} />
      </CardContent>
    </Card>
  );
}
