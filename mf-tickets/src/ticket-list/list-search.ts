import {
  DEFAULT_TICKET_SORT,
  END_USER_TICKET_VIEWS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  TICKET_STATUSES,
  TICKET_VIEWS,
  type TTicketSort,
  type TTicketView,
  type TUserRole,
} from '@helpdesk/contracts';

/**
 * The list page's state as it lives in the address bar (and, under the same names, in the request to
 * GET /api/tickets): a view can be bookmarked, shared, and Back returns to the previous one. Lists are
 * comma-separated in one parameter, like the API takes them. Absent means the default: no view is the
 * whole list ('All'), no sort the view's own order.
 */
export type TListSearch = {
  view?: TTicketView;
  sort?: TTicketSort;
  status?: string;
  priority?: string;
  category?: string;
  assignee?: string;
  team?: string;
  q?: string;
};

export const LIST_SEARCH_KEYS = [
  'view',
  'sort',
  'status',
  'priority',
  'category',
  'assignee',
  'team',
  'q',
] as const satisfies readonly (keyof TListSearch)[];

const Q_MAX = 200;
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  const candidate = text(value);
  return values.find((v) => v === candidate);
}

/** A comma list of known values, each once, in the order given; undefined when none is left. */
function knownList(values: readonly string[], value: unknown): string | undefined {
  const parts = (text(value) ?? '').split(',').filter((part) => values.includes(part));
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join(',') : undefined;
}

function personOrTeam(value: unknown, words: readonly string[]): string | undefined {
  const candidate = text(value);
  if (!candidate) return undefined;
  return words.includes(candidate) || ID_PATTERN.test(candidate) ? candidate : undefined;
}

/** The views a role may open, in the order the page lists them. */
export function viewsFor(role: TUserRole): readonly TTicketView[] {
  return role === 'end_user' ? END_USER_TICKET_VIEWS : TICKET_VIEWS;
}

/**
 * The address bar's parameters (as the router parsed them) to the list's state: unknown or malformed
 * values are dropped rather than sent (a hand-edited link still opens a list), and what the role may
 * not ask for (a staff view, assignee or team for a requester) is left out. `all` is the default view.
 */
export function parseListSearch(raw: Readonly<Record<string, unknown>>, role: TUserRole): TListSearch {
  const isStaff = role !== 'end_user';
  const view = oneOf(viewsFor(role), raw.view);
  const q = text(raw.q)?.slice(0, Q_MAX);
  const search: TListSearch = {
    view: view === 'all' ? undefined : view,
    sort: oneOf(TICKET_SORTS, raw.sort),
    status: knownList(TICKET_STATUSES, raw.status),
    priority: knownList(TICKET_PRIORITIES, raw.priority),
    category: knownList(TICKET_CATEGORIES, raw.category),
    assignee: isStaff ? personOrTeam(raw.assignee, ['me', 'none']) : undefined,
    team: isStaff ? personOrTeam(raw.team, ['none']) : undefined,
    q: q ? q : undefined,
  };
  if (search.sort && search.sort === defaultSort(search.view)) search.sort = undefined;
  return withoutEmpty(search);
}

/** The order a view shows when none is asked for. */
export function defaultSort(view: TTicketView | undefined): TTicketSort {
  return DEFAULT_TICKET_SORT[view ?? 'all'];
}

/** The state without its unset keys: the router writes it to the address bar as it is. */
export function withoutEmpty(search: TListSearch): TListSearch {
  const result: TListSearch = {};
  for (const key of LIST_SEARCH_KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') Object.assign(result, { [key]: value });
  }
  return result;
}

/**
 * The next state after one change: a new view keeps the filters but drops a sort that was only the old
 * view's; a sort equal to the view's default is left out, so each state has one address.
 */
export function changeListSearch(current: TListSearch, change: Partial<TListSearch>): TListSearch {
  const next = { ...current, ...change };
  if ('view' in change && !('sort' in change)) next.sort = undefined;
  if (next.view === 'all') next.view = undefined;
  if (next.sort === defaultSort(next.view)) next.sort = undefined;
  return withoutEmpty(next);
}

/** The address of one view with no other narrowing (the sidebar's and the tabs' links). */
export function viewSearch(view: TTicketView): TListSearch {
  return view === 'all' ? {} : { view };
}

/** Whether a narrowing beyond the view is set (the empty text then blames the filters). */
export function hasListFilters(search: TListSearch): boolean {
  return Boolean(
    search.status || search.priority || search.category || search.assignee || search.team || search.q,
  );
}
