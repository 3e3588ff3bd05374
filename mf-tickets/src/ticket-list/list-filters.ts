import {
  API_PATHS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TTicketListQuery,
  type TTicketPriority,
  type TTicketStatus,
  type TUserRole,
} from '@helpdesk/contracts';
import { filterOptions, queryKeyToUrl, toFilterValue } from '@helpdesk/shared-ui';

/** The Status filter; 'all' is left out of the request. */
export const STATUS_FILTER_OPTIONS = filterOptions('All Status', TICKET_STATUS_LABELS);
export type TStatusFilter = 'all' | TTicketStatus;

/** The Priority filter; 'all' is left out of the request. */
export const PRIORITY_FILTER_OPTIONS = filterOptions('All Priority', TICKET_PRIORITY_LABELS);
export type TPriorityFilter = 'all' | TTicketPriority;

export type TTicketListFilters = { status: TStatusFilter; priority: TPriorityFilter };

export const NO_FILTERS: TTicketListFilters = { status: 'all', priority: 'all' };

/** Narrows a select's value to a status filter; anything unexpected is 'all'. */
export const toStatusFilter = (value: string): TStatusFilter => toFilterValue(STATUS_FILTER_OPTIONS, value);

/** Narrows a select's value to a priority filter; anything unexpected is 'all'. */
export const toPriorityFilter = (value: string): TPriorityFilter =>
  toFilterValue(PRIORITY_FILTER_OPTIONS, value);

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
