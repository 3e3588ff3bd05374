import {
  fillCannedReply,
  type TCannedReply,
  type TCannedReplyValues,
  type TTicketDetail,
} from '@helpdesk/contracts';

type TPerson = { firstName: string; lastName: string };

const nameOf = (person: TPerson) => `${person.firstName} ${person.lastName}`.trim();

/** What the placeholders stand for on this ticket, answered by this agent. */
export function cannedReplyValues(
  ticket: Pick<TTicketDetail, 'ticketNumber' | 'title' | 'requester'>,
  agent: TPerson,
): TCannedReplyValues {
  return {
    'requester.first_name': ticket.requester.firstName,
    'requester.name': nameOf(ticket.requester),
    'ticket.number': ticket.ticketNumber,
    'ticket.title': ticket.title,
    'agent.first_name': agent.firstName,
    'agent.name': nameOf(agent),
  };
}

/** The draft with a text put where the cursor was (over the selection), and where the cursor goes next. */
export function insertAtCursor(
  draft: string,
  selection: { start: number; end: number },
  text: string,
): { draft: string; cursor: number } {
  const start = Math.max(0, Math.min(selection.start, draft.length));
  const end = Math.max(start, Math.min(selection.end, draft.length));
  return { draft: draft.slice(0, start) + text + draft.slice(end), cursor: start + text.length };
}

/** The replies whose title or text hold every word typed, titles matching first; all of them for no words. */
export function filterCannedReplies<T extends Pick<TCannedReply, 'title' | 'body'>>(
  replies: readonly T[],
  query: string,
): T[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...replies];
  const holdsAll = (text: string) => words.every((word) => text.includes(word));
  const inTitle = replies.filter((reply) => holdsAll(reply.title.toLocaleLowerCase()));
  const inText = replies.filter(
    (reply) => !inTitle.includes(reply) && holdsAll(`${reply.title} ${reply.body}`.toLocaleLowerCase()),
  );
  return [...inTitle, ...inText];
}

/** A reply ready for the composer: its text filled in for the ticket and the agent. */
export function cannedReplyText(
  reply: Pick<TCannedReply, 'body'>,
  ...context: Parameters<typeof cannedReplyValues>
): string {
  return fillCannedReply(reply.body, cannedReplyValues(...context));
}
