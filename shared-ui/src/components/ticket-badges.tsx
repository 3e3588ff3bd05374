import type { TTicketPriority, TTicketStatus } from '@helpdesk/contracts';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import {
  ticketPriorityBadge,
  ticketStatusBadge,
  usePriorityLabel,
  useStatusLabel,
} from '../lib/ticket-badges.ts';
import { Badge } from './badge.tsx';

type TBadgeRest = Omit<React.ComponentProps<typeof Badge>, 'variant' | 'children'>;

/** A ticket's status as a softly filled badge. */
export function TicketStatusBadge({ status, className, ...props }: TBadgeRest & { status: TTicketStatus }) {
  const { className: colours } = ticketStatusBadge(status);
  const statusLabel = useStatusLabel();
  return (
    <Badge
      data-slot="ticket-status-badge"
      data-status={status}
      variant="outline"
      className={cn(colours, className)}
      {...props}
    >
      {statusLabel(status)}
    </Badge>
  );
}

/** A ticket's priority as an outlined badge, so it never reads as a status. */
export function TicketPriorityBadge({
  priority,
  className,
  ...props
}: TBadgeRest & { priority: TTicketPriority }) {
  const { className: colours } = ticketPriorityBadge(priority);
  const priorityLabel = usePriorityLabel();
  return (
    <Badge
      data-slot="ticket-priority-badge"
      data-priority={priority}
      variant="outline"
      className={cn(colours, className)}
      {...props}
    >
      {priorityLabel(priority)}
    </Badge>
  );
}
