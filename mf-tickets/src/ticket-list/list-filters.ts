import {
  API_PATHS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TTicketPriority,
  type TTicketSort,
  type TTicketStatus,
  type TUserRole,
} from '@helpdesk/contracts';
import { filterOptions, queryKeyToUrl, toFilterValue } from '@helpdesk/shared-ui';
import { hasListFilters, LIST_SEARCH_KEYS, type TListSearch } from './list-search.ts';

/** The Status filter; 'all' is left out of the request. */
export const STATUS_FILTER_OPTIONS = filterOptions('All Status', TICKET_STATUS_LABELS);
export type TStatusFilter = 'all' | TTicketStatus;

/** The Priority filter; 'all' is left out of the request. */
export const PRIORITY_FILTER_OPTIONS = filterOptions('All Priority', TICKET_PRIORITY_LABELS);
export type TPriorityFilter = 'all' | TTicketPriority;

/** The Sort control's choices, in the order it lists them. */
export const SORT_OPTIONS: readonly { value: TTicketSort; label: string }[] = [
  { value: '-created', label: 'Newest' },
  { value: 'created', label: 'Oldest' },
  { value: '-updated', label: 'Recently updated' },
  { value: '-priority', label: 'Priority' },
  { value: 'due', label: 'Next deadline' },
];

/** The list's state (list-search.ts); 'all' in a filter means no filter, as the selects say it. */
export type TTicketListFilters = TListSearch;

export const NO_FILTERS: TTicketListFilters = { status: 'all', priority: 'all' };

/** Narrows a select's value to a status filter; anything unexpected is 'all'. */
export const toStatusFilter = (value: string): TStatusFilter => toFilterValue(STATUS_FILTER_OPTIONS, value);

/** Narrows a select's value to a priority filter; anything unexpected is 'all'. */
export const toPriorityFilter = (value: string): TPriorityFilter =>
  toFilterValue(PRIORITY_FILTER_OPTIONS, value);

/** The parameters the state sends, under the API's own names. */
function listParams(filters: TTicketListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of LIST_SEARCH_KEYS) {
    const value = filters[key];
    if (value !== undefined) params[key] = value;
  }
  return params;
}

/** The list's query key: the tickets path and the state, so each view, sort and filter caches its own pages. */
export function ticketListKey(filters: TTicketListFilters) {
  return [API_PATHS.tickets, listParams(filters)] as const;
}

/** The URL of one page: the state (filters other than 'all'), and the cursor after the first page. */
export function ticketListPageUrl(filters: TTicketListFilters, cursor: string | null): string {
  const params = listParams(filters);
  if (cursor) params.cursor = cursor;
  return queryKeyToUrl([API_PATHS.tickets, params]);
}

/** Requesters see their own tickets ('My Tickets'), agents and admins everyone's. */
export function ticketListTitle(role: TUserRole): 'My Tickets' | 'All Tickets' {
  return role === 'end_user' ? 'My Tickets' : 'All Tickets';
}

export function isFiltered(filters: TTicketListFilters): boolean {
  const set = (value: string | undefined) => (value === 'all' ? undefined : value);
  return hasListFilters({ ...filters, status: set(filters.status), priority: set(filters.priority) });
}

/** The empty list's text and a hint of what to do next. */
export function emptyTicketListText(
  filters: TTicketListFilters,
  role: TUserRole,
): { title: string; hint: string } {
  if (isFiltered(filters)) {
    return {
      title: 'No tickets found',
      hint: 'No ticket matches these filters. Try All Status and All Priority, or clear the search.',
    };
  }
  if (filters.view && filters.view !== 'all') {
    return { title: 'No tickets found', hint: 'No ticket is in this view right now.' };
  }
  return role === 'end_user'
    ? { title: 'No tickets found', hint: 'You have not raised a ticket yet. Use New Ticket to ask for help.' }
    : { title: 'No tickets found', hint: 'Nobody has raised a ticket yet.' };
}
