import { changeListSearch, type TListSearch } from './list-search.ts';

/** Requesters' Open / Closed / All switch (their only views), read from the state. */
export type TRequesterScope = 'all' | 'open' | 'closed';
export const CLOSED_STATUSES = 'resolved,closed';

export function requesterScope(search: TListSearch): TRequesterScope {
  if (search.view === 'open') return 'open';
  if (!search.view && search.status === CLOSED_STATUSES) return 'closed';
  return 'all';
}

/** The state a requester's switch asks for: their open tickets, the finished ones, or all. */
export function requesterScopeSearch(current: TListSearch, scope: TRequesterScope): TListSearch {
  const base = { ...current, view: undefined, status: undefined };
  if (scope === 'open') return changeListSearch(base, { view: 'open' });
  if (scope === 'closed') return changeListSearch(base, { view: undefined, status: CLOSED_STATUSES });
  return changeListSearch(base, { view: undefined });
}
