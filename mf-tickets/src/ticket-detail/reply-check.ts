import type { TTicketComment } from '@helpdesk/contracts';
import { formatRelativeTime, fullName } from '@helpdesk/shared-ui';
import { type TTicketDetailT, ticketDetailEnglish } from './messages.ts';

/**
 * The public replies someone else added that the writer has not acknowledged (not among the
 * comments the page first loaded, nor those seen when they last sent), newest last. Internal notes
 * do not count: the requester never sees them, so they cannot make a reply a duplicate.
 */
export function unseenReplies(
  comments: readonly TTicketComment[],
  seenIds: ReadonlySet<string>,
  writerId: string,
): TTicketComment[] {
  return comments.filter(
    (comment) => !comment.isInternal && comment.author.id !== writerId && !seenIds.has(comment.id),
  );
}

/** 'Sam Rivera replied 30 seconds ago.' (seconds under a minute, then the notification wording). */
export function repliedSentence(
  reply: TTicketComment,
  now: Date = new Date(),
  t: TTicketDetailT = ticketDetailEnglish,
): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(reply.createdAt)) / 1000));
  let ago: string;
  if (seconds < 5) ago = t('ticketDetail.momentAgo');
  else if (seconds < 60) ago = t('ticketDetail.secondsAgo', { count: seconds });
  else ago = formatRelativeTime(reply.createdAt, now).toLowerCase();
  return t('ticketDetail.replied', { name: fullName(reply.author), ago });
}
