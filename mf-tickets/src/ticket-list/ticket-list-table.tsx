import type { TTicketSummary } from '@helpdesk/contracts';
import {
  cn,
  formatListDate,
  fullName,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TicketPriorityBadge,
  TicketStatusBadge,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import { lazy, Suspense } from 'react';
import { pageSelection } from './list-selection.ts';
import { useTicketListT } from './messages.ts';
import {
  RowCheckbox,
  SKELETON_ROWS,
  SlaHint,
  TitleLink,
  type TRowSelection,
  type TTicketListProps,
} from './ticket-row-parts.tsx';

const TicketCardList = lazy(() => import('./ticket-card-list.tsx'));

type TProps = TTicketListProps & {
  /** Cards instead of the table (phones). */
  isNarrow: boolean;
};

type TColumns = { hasRequester: boolean; hasSelection: boolean };

function columnCount({ hasRequester, hasSelection }: TColumns) {
  return 5 + (hasRequester ? 1 : 0) + (hasSelection ? 1 : 0);
}

function Header({
  columns,
  tickets,
  selection,
}: {
  columns: TColumns;
  tickets: readonly TTicketSummary[] | null;
  selection: TRowSelection | null;
}) {
  const t = useTicketListT();
  const state =
    selection && tickets
      ? pageSelection(
          selection.selected,
          tickets.map((t) => t.id),
        )
      : 'none';
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        {selection && (
          <TableHead className="pl-4">
            <Checkbox
              className="size-5"
              // Checked only when every row is: the shared box draws 'some' with the same tick as 'all'.
              checked={state === 'all'}
              disabled={!tickets || tickets.length === 0}
              aria-label={t('ticketList.selectPage')}
              onCheckedChange={selection.onTogglePage}
              data-testid="ticket-select-page"
            />
          </TableHead>
        )}
        <TableHead className={cn(!selection && 'pl-4')}>{t('ticketList.columnTicket')}</TableHead>
        {columns.hasRequester && <TableHead>{t('ticketList.columnRequester')}</TableHead>}
        <TableHead>{t('ticketList.columnStatus')}</TableHead>
        <TableHead>{t('ticketList.columnPriority')}</TableHead>
        <TableHead>{t('ticketList.columnAssignee')}</TableHead>
        <TableHead className="pr-4 text-right">{t('ticketList.columnCreated')}</TableHead>
      </TableRow>
    </TableHeader>
  );
}

function TicketRow({
  ticket,
  columns,
  now,
  selection,
  isHighlighted,
}: {
  ticket: TTicketSummary;
  columns: TColumns;
  now: Date;
  selection: TRowSelection | null;
  isHighlighted: boolean;
}) {
  const t = useTicketListT();
  return (
    <TableRow
      className={cn('relative', isHighlighted && 'bg-accent')}
      data-testid="ticket-row"
      data-state={selection?.selected.has(ticket.id) ? 'selected' : undefined}
      data-highlighted={isHighlighted || undefined}
    >
      {selection && (
        <TableCell className="pl-4">
          <RowCheckbox ticket={ticket} selection={selection} />
        </TableCell>
      )}
      <TableCell className={cn('max-w-md whitespace-normal', !selection && 'pl-4')}>
        <div className="font-mono text-xs text-muted-foreground">{ticket.ticketNumber}</div>
        <TitleLink ticket={ticket} />
        <SlaHint ticket={ticket} now={now} />
      </TableCell>
      {columns.hasRequester && (
        <TableCell>
          <div>{fullName(ticket.requester)}</div>
          <div className="text-xs text-muted-foreground">{ticket.requester.email}</div>
        </TableCell>
      )}
      <TableCell>
        <TicketStatusBadge status={ticket.status} />
      </TableCell>
      <TableCell>
        <TicketPriorityBadge priority={ticket.priority} />
      </TableCell>
      <TableCell>
        {ticket.assignee ? (
          fullName(ticket.assignee)
        ) : (
          <span className="text-muted-foreground">{t('ticketList.unassigned')}</span>
        )}
      </TableCell>
      <TableCell className="pr-4 text-right text-muted-foreground tabular-nums">
        <time dateTime={ticket.createdAt}>{formatListDate(ticket.createdAt)}</time>
      </TableCell>
    </TableRow>
  );
}

/** The tickets, as a table or (phones) as cards: skeletons while the first page loads, the empty text, or the rows. */
export function TicketListTable(props: TProps) {
  const { role, tickets, empty, selection, highlightedId, isNarrow } = props;
  if (isNarrow) {
    return (
      <Suspense fallback={null}>
        <TicketCardList {...props} />
      </Suspense>
    );
  }
  // A requester's list holds only their own tickets: their name on every row would say nothing.
  const columns = { hasRequester: role !== 'end_user', hasSelection: selection !== null };
  const now = new Date();
  return (
    <Table>
      <Header columns={columns} tickets={tickets} selection={selection} />
      <TableBody>
        {tickets === null ? (
          SKELETON_ROWS.map((key) => (
            <TableRow key={key} data-testid="ticket-row-skeleton">
              {Array.from({ length: columnCount(columns) }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells never reorder
                <TableCell key={i} className="first:pl-4 last:pr-4">
                  <Skeleton className="h-5 w-full max-w-40" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : tickets.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columnCount(columns)} className="py-12 text-center">
              <p className="font-medium">{empty.title}</p>
              <p className="text-sm text-muted-foreground">{empty.hint}</p>
            </TableCell>
          </TableRow>
        ) : (
          tickets.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              columns={columns}
              now={now}
              selection={selection}
              isHighlighted={highlightedId === ticket.id}
            />
          ))
        )}
      </TableBody>
    </Table>
  );
}
