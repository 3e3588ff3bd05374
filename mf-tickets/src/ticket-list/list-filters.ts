import {
  API_PATHS,
  type TTicketListQuery,
  type TTicketPriority,
  type TTicketStatus,
  type TUserRole,
} from '@helpdesk/contracts';
import { queryKeyToUrl } from '@helpdesk/shared-ui';

/** The Status filter; 'all' is left out of the request. */
export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All Status' },
  { value: 'new', label: 'New' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
] as const satisfies readonly { value: 'all' | TTicketStatus; label: string }[];
export type TStatusFilter = (typeof STATUS_FILTER_OPTIONS)[number]['value'];

/** The Priority filter; 'all' is left out of the request. */
export const PRIORITY_FILTER_OPTIONS = [
  { value: 'all', label: 'All Priority' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
] as const satisfies readonly { value: 'all' | TTicketPriority; label: string }[];
export type TPriorityFilter = (typeof PRIORITY_FILTER_OPTIONS)[number]['value'];

export type TTicketListFilters = { status: TStatusFilter; priority: TPriorityFilter };

export const NO_FILTERS: TTicketListFilters = { status: 'all', priority: 'all' };

/** Narrows a select's value to a status filter; anything unexpected is 'all'. */
export function toStatusFilter(value: string): TStatusFilter {
  return STATUS_FILTER_OPTIONS.find((o) => o.value === value)?.value ?? 'all';
}

/** Narrows a select's value to a priority filter; anything unexpected is 'all'. */
export function toPriorityFilter(value: string): TPriorityFilter {
  return PRIORITY_FILTER_OPTIONS.find((o) => o.value === value)?.value ?? 'all';
}

/** The list's query key: the tickets path and the filters, so each filter pair caches its own pages. */
export function ticketListKey(filters: TTicketListFilters) {
  return [API_PATHS.tickets, { status: filters.status, priority: filters.priority }] as const;
}

/** The URL of one page: filters other than 'all', and the cursor after the first page. */
export function ticketListPageUrl(filters: TTicketListFilters, cursor: string | null): string {
  const params: Partial<Record<keyof TTicketListQuery, string>> = {
    status: filters.status,
    priority: filters.priority,
  };
  if (cursor) params.cursor = cursor;
  return queryKeyToUrl([API_PATHS.tickets, params]);
}

/** Requesters see their own tickets ('My Tickets'), agents and admins everyone's. */
export function ticketListTitle(role: TUserRole): 'My Tickets' | 'All Tickets' {
  return role === 'end_user' ? 'My Tickets' : 'All Tickets';
}

export function isFiltered(filters: TTicketListFilters): boolean {
  return filters.status !== 'all' || filters.priority !== 'all';
}

/** The empty list's text and a hint of what to do next. */
export function emptyTicketListText(
  filters: TTicketListFilters,
  role: TUserRole,
): { title: string; hint: string } {
  if (isFiltered(filters)) {
    return {
      title: 'No tickets found',
      hint: 'No ticket matches these filters. Try All Status and All Priority.',
    };
  }
  return role === 'end_user'
    ? { title: 'No tickets found', hint: 'You have not raised a ticket yet. Use New Ticket to ask for help.' }
    : { title: 'No tickets found', hint: 'Nobody has raised a ticket yet.' };
}
