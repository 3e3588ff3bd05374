import {
  API_PATHS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TTicketPriority,
  type TTicketSort,
  type TTicketStatus,
  type TTicketView,
  type TUserRole,
} from '@helpdesk/contracts';
import { filterOptions, queryKeyToUrl, toFilterValue } from '@helpdesk/shared-ui';
import { hasListFilters, LIST_SEARCH_KEYS, type TListSearch } from './list-search.ts';
import { type TTicketListT, ticketListEnglish } from './messages.ts';

/** The Status filter; 'all' is left out of the request. */
export const STATUS_FILTER_OPTIONS = filterOptions('All Status', TICKET_STATUS_LABELS);
export type TStatusFilter = 'all' | TTicketStatus;

/** The Priority filter; 'all' is left out of the request. */
export const PRIORITY_FILTER_OPTIONS = filterOptions('All Priority', TICKET_PRIORITY_LABELS);
export type TPriorityFilter = 'all' | TTicketPriority;

/** The Sort control's choices, in the order it lists them (labels are catalogue ids). */
export const SORT_OPTIONS = [
  { value: '-created', label: 'ticketList.sortNewest' },
  { value: 'created', label: 'ticketList.sortOldest' },
  { value: '-updated', label: 'ticketList.sortUpdated' },
  { value: '-priority', label: 'ticketList.sortPriority' },
  { value: 'due', label: 'ticketList.sortDue' },
] as const satisfies readonly { value: TTicketSort; label: string }[];

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
export function ticketListTitle(role: TUserRole, t: TTicketListT = ticketListEnglish): string {
  return role === 'end_user' ? t('ticketList.titleMine') : t('ticketList.titleAll');
}

export function isFiltered(filters: TTicketListFilters): boolean {
  const set = (value: string | undefined) => (value === 'all' ? undefined : value);
  return hasListFilters({ ...filters, status: set(filters.status), priority: set(filters.priority) });
}

/** The empty list's text and a hint of what to do next. */
export function emptyTicketListText(
  filters: TTicketListFilters,
  role: TUserRole,
  t: TTicketListT = ticketListEnglish,
): { title: string; hint: string } {
  const title = t('ticketList.emptyTitle');
  if (isFiltered(filters)) return { title, hint: t('ticketList.emptyFiltered') };
  if (filters.view && filters.view !== 'all') return { title, hint: t('ticketList.emptyView') };
  return { title, hint: role === 'end_user' ? t('ticketList.emptyRequester') : t('ticketList.emptyDesk') };
}

/** The views' names as catalogue ids. */
export const VIEW_LABEL_IDS = {
  mine: 'ticketList.viewMine',
  unassigned: 'ticketList.viewUnassigned',
  my_teams: 'ticketList.viewMyTeams',
  at_risk: 'ticketList.viewAtRisk',
  waiting: 'ticketList.viewWaiting',
  open: 'ticketList.viewOpen',
  all: 'ticketList.viewAll',
} as const satisfies Record<TTicketView, string>;

/** A filter's options with its 'all' choice in the reader's language (the values' labels as given). */
export function withAllLabel<TValue extends string>(
  options: readonly { value: TValue; label: string }[],
  allLabel: string,
): { value: TValue; label: string }[] {
  return options.map((option) => (option.value === 'all' ? { ...option, label: allLabel } : option));
}
