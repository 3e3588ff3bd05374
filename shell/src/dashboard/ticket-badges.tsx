import type { TTicketPriority, TTicketStatus } from '@helpdesk/contracts';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '@helpdesk/contracts/constants';
import { Badge, cn } from '@helpdesk/shared-ui';

const STATUS_CLASSES: Record<TTicketStatus, string> = {
  new: 'bg-blue-100 text-blue-700',
  in_progress: 'bg-amber-100 text-amber-800',
  resolved: 'bg-emerald-100 text-emerald-700',
  closed: 'bg-slate-100 text-slate-600',
};

const PRIORITY_CLASSES: Record<TTicketPriority, string> = {
  low: 'border-slate-200 text-slate-600',
  medium: 'border-blue-200 text-blue-700',
  high: 'border-orange-200 text-orange-700',
  critical: 'border-red-200 bg-red-50 text-red-700',
};

/** A ticket status as a soft coloured badge. */
export function StatusBadge({ status }: { status: TTicketStatus }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', STATUS_CLASSES[status])}>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A ticket priority as an outlined badge, so it never reads as a status. */
export function PriorityBadge({ priority }: { priority: TTicketPriority }) {
  return (
    <Badge variant="outline" className={PRIORITY_CLASSES[priority]}>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
