import type { TTicketCategory, TTicketPriority, TTicketStatus } from '@helpdesk/contracts';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from '@helpdesk/contracts/constants';
import { roleLabel } from './format.ts';
import { useLocalizeText } from './localized-text.ts';

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

/** A ticket status's label in the active language ('In Progress', 'En curso'), re-rendering on a change. */
export function useStatusLabel(): (status: TTicketStatus) => string {
  const localize = useLocalizeText();
  return (status) => localize(TICKET_STATUS_LABELS[status]);
}

/** A ticket priority's label in the active language ('Critical', 'Kritisch'). */
export function usePriorityLabel(): (priority: TTicketPriority) => string {
  const localize = useLocalizeText();
  return (priority) => localize(TICKET_PRIORITY_LABELS[priority]);
}

/** A ticket category's label in the active language ('Access Request', 'Demande d’accès'). */
export function useCategoryLabel(): (category: TTicketCategory) => string {
  const localize = useLocalizeText();
  return (category) => localize(TICKET_CATEGORY_LABELS[category]);
}

/** A role as roleLabel writes it ('end user'), in the active language ('usuario final'). */
export function useRoleLabel(): (role: string) => string {
  // roleLabel reads the language itself; the hook re-renders the caller when it changes.
  useLocalizeText();
  return roleLabel;
}
