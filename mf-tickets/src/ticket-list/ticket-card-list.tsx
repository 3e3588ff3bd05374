import type { TTicketSummary } from '@helpdesk/contracts';
import {
  cn,
  formatListDate,
  fullName,
  Skeleton,
  TicketPriorityBadge,
  TicketStatusBadge,
} from '@helpdesk/shared-ui';
import { useTicketListT } from './messages.ts';
import {
  RowCheckbox,
  SKELETON_ROWS,
  SlaHint,
  TitleLink,
  type TRowSelection,
  type TTicketListProps,
} from './ticket-row-parts.tsx';

/** A phone's ticket: number, title, requester, status, priority and what is due, in one card. */
function TicketCard({
  ticket,
  now,
  hasRequester,
  selection,
  isHighlighted,
}: {
  ticket: TTicketSummary;
  now: Date;
  hasRequester: boolean;
  selection: TRowSelection | null;
  isHighlighted: boolean;
}) {
  const isSelected = selection?.selected.has(ticket.id) ?? false;
  return (
    <li
      className={cn(
        'relative flex gap-3 border-b px-4 py-3',
        isSelected && 'bg-muted',
        isHighlighted && 'bg-accent',
      )}
      data-testid="ticket-row"
      data-layout="card"
      data-highlighted={isHighlighted || undefined}
    >
      {selection && (
        <div>
          <RowCheckbox ticket={ticket} selection={selection} />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <span className="font-mono text-xs text-muted-foreground">{ticket.ticketNumber}</span>
          <time dateTime={ticket.createdAt} className="text-xs text-muted-foreground tabular-nums">
            {formatListDate(ticket.createdAt)}
          </time>
        </div>
        <TitleLink ticket={ticket} />
        {hasRequester && (
          <div className="truncate text-sm text-muted-foreground">{fullName(ticket.requester)}</div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
        <SlaHint ticket={ticket} now={now} />
      </div>
    </li>
  );
}

/**
 * Phones: the list as cards, not a squeezed table (fetched only on narrow screens). Selection works as in
 * the table, through each card's checkbox.
 */
export default function TicketCardList({ role, tickets, empty, selection, highlightedId }: TTicketListProps) {
  const t = useTicketListT();
  const now = new Date();
  if (tickets === null) {
    return (
      <div className="flex flex-col gap-3 p-4">
        {SKELETON_ROWS.map((key) => (
          <Skeleton key={key} className="h-5 w-full" data-testid="ticket-row-skeleton" />
        ))}
      </div>
    );
  }
  if (tickets.length === 0) {
    return (
      <div className="px-4 py-12 text-center">
        <p className="font-medium">{empty.title}</p>
        <p className="text-sm text-muted-foreground">{empty.hint}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t('ticketList.cardsLabel')}>
      {tickets.map((ticket) => (
        <TicketCard
          key={ticket.id}
          ticket={ticket}
          now={now}
          hasRequester={role !== 'end_user'}
          selection={selection}
          isHighlighted={highlightedId === ticket.id}
        />
      ))}
    </ul>
  );
}
