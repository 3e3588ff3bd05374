import type { TTicketDetail, TTicketRef } from '@helpdesk/contracts';
import { Link } from '@tanstack/react-router';
import { useTicketDetailT } from './messages.ts';

function TicketLink({ ticket }: { ticket: TTicketRef }) {
  return (
    <Link
      to="/tickets/$ticketId"
      params={{ ticketId: ticket.id }}
      className="font-mono text-primary underline-offset-4 hover:underline"
    >
      #{ticket.ticketNumber}
    </Link>
  );
}

/**
 * The links between a ticket and its follow-ups (docs/product.md#requester-replies): the ticket a
 * late reply came from, and the tickets later replies to this one opened. Nothing when there are none.
 */
export function FollowUpLinks({ ticket }: { ticket: Pick<TTicketDetail, 'followUpOf' | 'followUps'> }) {
  const t = useTicketDetailT();
  if (ticket.followUpOf === null && ticket.followUps.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="follow-up-links">
      {ticket.followUpOf && (
        <p data-testid="follow-up-of">
          {t('ticketDetail.followUpOf')} <TicketLink ticket={ticket.followUpOf} />
        </p>
      )}
      {ticket.followUps.length > 0 && (
        <p data-testid="followed-up-in">
          {t('ticketDetail.followedUpIn')}{' '}
          {ticket.followUps.map((followUp, index) => (
            <span key={followUp.id}>
              {index > 0 && ', '}
              <TicketLink ticket={followUp} />
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
