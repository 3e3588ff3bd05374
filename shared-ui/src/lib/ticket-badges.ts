import type { TTicketPriority, TTicketStatus } from '@helpdesk/contracts';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '@helpdesk/contracts/constants';

export type TTicketBadge = { label: string; className: string };

// Soft fills for status and outlines for priority, so the two badges side by side never read alike.
const STATUS_CLASSES: Record<TTicketStatus, string> = {
  new: 'border-transparent bg-blue-100 text-blue-700',
  in_progress: 'border-transparent bg-amber-100 text-amber-800',
  resolved: 'border-transparent bg-emerald-100 text-emerald-700',
  closed: 'border-transparent bg-slate-100 text-slate-600',
};

const PRIORITY_CLASSES: Record<TTicketPriority, string> = {
  low: 'border-slate-200 bg-transparent text-slate-600',
  medium: 'border-blue-200 bg-transparent text-blue-700',
  high: 'border-orange-200 bg-transparent text-orange-700',
  critical: 'border-red-200 bg-red-50 text-red-700',
};

/** Label and colours of a ticket status ('In Progress', ...), one look wherever a ticket is shown. */
export function ticketStatusBadge(status: TTicketStatus): TTicketBadge {
  return { label: TICKET_STATUS_LABELS[status], className: STATUS_CLASSES[status] };
}

/** Label and colours of a ticket priority ('Critical', ...). */
export function ticketPriorityBadge(priority: TTicketPriority): TTicketBadge {
  return { label: TICKET_PRIORITY_LABELS[priority], className: PRIORITY_CLASSES[priority] };
}
