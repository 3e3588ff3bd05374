import type { TTicketSummary, TUserRole } from '@helpdesk/contracts';
import {
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
import { Link } from '@tanstack/react-router';
import { listSlaHint } from '../sla/sla-text.ts';
import { SLA_TONE_CLASSES } from '../sla/sla-tones.ts';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];

type TColumns = { hasRequester: boolean };

function columnCount({ hasRequester }: TColumns) {
  return hasRequester ? 6 : 5;
}

function Header({ hasRequester }: TColumns) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className="pl-4">Ticket</TableHead>
        {hasRequester && <TableHead>Requester</TableHead>}
        <TableHead>Status</TableHead>
        <TableHead>Priority</TableHead>
        <TableHead>Assignee</TableHead>
        <TableHead className="pr-4 text-right">Created</TableHead>
      </TableRow>
    </TableHeader>
  );
}

function TicketRow({ ticket, hasRequester, now }: { ticket: TTicketSummary; now: Date } & TColumns) {
  const hint = listSlaHint(ticket, now);
  return (
    // The title link stretches over the whole row, so the row is one click target.
    <TableRow className="relative" data-testid="ticket-row">
      <TableCell className="max-w-md pl-4 whitespace-normal">
        <div className="font-mono text-xs text-muted-foreground">{ticket.ticketNumber}</div>
        <Link
          to="/tickets/$ticketId"
          params={{ ticketId: ticket.id }}
          className="font-medium break-words after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
        >
          {ticket.title}
        </Link>
        {hint && <div className={`text-xs ${SLA_TONE_CLASSES[hint.tone]}`}>{hint.text}</div>}
      </TableCell>
      {hasRequester && (
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
          <span className="text-muted-foreground">Unassigned</span>
        )}
      </TableCell>
      <TableCell className="pr-4 text-right text-muted-foreground tabular-nums">
        <time dateTime={ticket.createdAt}>{formatListDate(ticket.createdAt)}</time>
      </TableCell>
    </TableRow>
  );
}

type TProps = {
  role: TUserRole;
  tickets: readonly TTicketSummary[] | null;
  empty: { title: string; hint: string };
};

/** The tickets table: skeleton rows while the first page loads (tickets null), the empty text, or the rows. */
export function TicketListTable({ role, tickets, empty }: TProps) {
  // A requester's list holds only their own tickets: their name on every row would say nothing.
  const columns = { hasRequester: role !== 'end_user' };
  const now = new Date();
  return (
    <Table>
      <Header {...columns} />
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
          tickets.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} now={now} {...columns} />)
        )}
      </TableBody>
    </Table>
  );
}
