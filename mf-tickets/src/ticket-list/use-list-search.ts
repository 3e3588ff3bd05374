import type { TUserRole } from '@helpdesk/contracts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { changeListSearch, parseListSearch, type TListSearch } from './list-search.ts';

/**
 * The list's state, kept in the address bar: each change is a new history entry (Back returns to the
 * previous view or filter), except the search box's typing, which replaces its own entry.
 */
export function useListSearch(role: TUserRole) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => parseListSearch(raw, role), [raw, role]);
  const navigate = useNavigate();
  const change = useCallback(
    (next: Partial<TListSearch>, options: { replace?: boolean } = {}) =>
      void navigate({ to: '/tickets', search: changeListSearch(search, next), replace: options.replace }),
    [navigate, search],
  );
  return { search, change };
}
