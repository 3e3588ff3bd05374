import type { TTicketSummary, TUserRole } from '@helpdesk/contracts';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useSlaT } from '../sla/messages.ts';
import { listSlaHint } from '../sla/sla-text.ts';
import { SLA_TONE_CLASSES } from '../sla/sla-tones.ts';
import type { TSelection } from './list-selection.ts';
import { useTicketListT } from './messages.ts';

/** Staff's selection: the rows' checkboxes and the header's. Absent for requesters. */
export type TRowSelection = {
  selected: TSelection;
  /** One row's checkbox; `isRange` when Shift was held (select from the last row clicked). */
  onToggle: (id: string, isRange: boolean) => void;
  onTogglePage: () => void;
};

export const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];

/** What the table and the cards both draw from. */
export type TTicketListProps = {
  role: TUserRole;
  tickets: readonly TTicketSummary[] | null;
  empty: { title: string; hint: string };
  selection: TRowSelection | null;
  /** The row j and k moved to (its id), drawn highlighted. */
  highlightedId: string | null;
};

/** The row's checkbox, above the row's stretched link. */
export function RowCheckbox({ ticket, selection }: { ticket: TTicketSummary; selection: TRowSelection }) {
  const t = useTicketListT();
  return (
    <Checkbox
      className="relative z-10 size-5"
      checked={selection.selected.has(ticket.id)}
      aria-label={t('ticketList.selectTicket', { number: ticket.ticketNumber })}
      data-testid="ticket-select"
      onClick={(event: MouseEvent) => {
        // Radix toggles on click; the range needs Shift, which only the click event knows.
        event.preventDefault();
        selection.onToggle(ticket.id, event.shiftKey);
      }}
    />
  );
}

export function TitleLink({ ticket }: { ticket: TTicketSummary }) {
  return (
    // The title link stretches over the whole row (or card), so it is one click target.
    <Link
      to="/tickets/$ticketId"
      params={{ ticketId: ticket.id }}
      className="font-medium break-words after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
      data-ticket-link={ticket.id}
    >
      {ticket.title}
    </Link>
  );
}

export function SlaHint({ ticket, now }: { ticket: TTicketSummary; now: Date }) {
  const hint = listSlaHint(ticket, now, useSlaT());
  return hint ? <div className={`text-xs ${SLA_TONE_CLASSES[hint.tone]}`}>{hint.text}</div> : null;
}
