import type { TTicketComment } from '@helpdesk/contracts';
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
import { Lock, MessageSquare } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useAddComment } from './use-ticket-detail.ts';

function CommentItem({ comment }: { comment: TTicketComment }) {
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
              Internal
            </Badge>
          )}
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{comment.content}</p>
      </div>
    </li>
  );
}

function AddCommentForm({ ticketId, canWriteInternal }: { ticketId: string; canWriteInternal: boolean }) {
  const [content, setContent] = useState('');
  const [isInternal, setIsInternal] = useState(false);
  const addComment = useAddComment(ticketId);
  const textId = useId();
  const internalId = useId();
  const isBlank = content.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank || addComment.isPending) return;
    addComment.mutate(
      { content, isInternal: canWriteInternal && isInternal },
      {
        onSuccess: () => {
          setContent('');
          setIsInternal(false);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="add-comment-form">
      <Label htmlFor={textId} className="sr-only">
        Add a comment
      </Label>
      <Textarea
        id={textId}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={isInternal ? 'Write an internal note for agents and admins...' : 'Add a comment...'}
        rows={3}
        className={cn('max-h-72 min-h-20 bg-background', isInternal && 'border-amber-300 bg-amber-50')}
        disabled={addComment.isPending}
      />
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
              Internal note
            </Label>
          </div>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={isBlank || addComment.isPending}>
          {addComment.isPending && <Spinner aria-label="Sending the comment" />}
          Add comment
        </Button>
      </div>
    </form>
  );
}

type TProps = { ticketId: string; comments: readonly TTicketComment[]; canWriteInternal: boolean };

/** The conversation: public replies and (for agents and admins) internal notes, oldest first. */
export function CommentsCard({ ticketId, comments, canWriteInternal }: TProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-4" aria-hidden />
          Comments ({comments.length})
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No comments yet.</p>
        ) : (
          <ul className="grid gap-3">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
        )}
        <AddCommentForm ticketId={ticketId} canWriteInternal={canWriteInternal} />
      </CardContent>
    </Card>
  );
}
