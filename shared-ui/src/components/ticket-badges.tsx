import type { TTicketPriority, TTicketStatus } from '@helpdesk/contracts';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { ticketPriorityBadge, ticketStatusBadge } from '../lib/ticket-badges.ts';
import { Badge } from './badge.tsx';

type TBadgeRest = Omit<React.ComponentProps<typeof Badge>, 'variant' | 'children'>;

/** A ticket's status as a softly filled badge. */
export function TicketStatusBadge({ status, className, ...props }: TBadgeRest & { status: TTicketStatus }) {
  const { label, className: colours } = ticketStatusBadge(status);
  return (
    <Badge
      data-slot="ticket-status-badge"
      data-status={status}
      variant="outline"
      className={cn(colours, className)}
      {...props}
    >
      {label}
    </Badge>
  );
}

/** A ticket's priority as an outlined badge, so it never reads as a status. */
export function TicketPriorityBadge({
  priority,
  className,
  ...props
}: TBadgeRest & { priority: TTicketPriority }) {
  const { label, className: colours } = ticketPriorityBadge(priority);
  return (
    <Badge
      data-slot="ticket-priority-badge"
      data-priority={priority}
      variant="outline"
      className={cn(colours, className)}
      {...props}
    >
      {label}
    </Badge>
  );
}
