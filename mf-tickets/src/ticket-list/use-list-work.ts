import type { TTicketSummary, TUser } from '@helpdesk/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { TAssignRequest } from '../bulk-change/bulk-panel.tsx';
import type { TListSearch } from './list-search.ts';
import { selectRange, togglePage, toggleSelected, visibleSelection } from './list-selection.ts';
import type { TRowSelection } from './ticket-row-parts.tsx';
import { useListKeyboard } from './use-list-keyboard.ts';

type TOptions = { currentUser: TUser; tickets: readonly TTicketSummary[] | null; search: TListSearch };

/**
 * The staff's work on the list: the selection (checkboxes, Shift ranges, the page's box), the row j/k
 * highlight and the other shortcuts. A new view or filter starts a new selection: what was picked in
 * one queue is not silently changed from another. The bulk panel (bulk-panel.tsx) is mounted from the
 * first selection or `a` on, and stays, so its outcome outlives the selection it cleared.
 */
export function useListWork({ currentUser, tickets, search }: TOptions) {
  const isStaff = currentUser.role !== 'end_user';
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [anchorId, setAnchorId] = useState<string | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [assignRequest, setAssignRequest] = useState<TAssignRequest | null>(null);
  const [isBulkMounted, setIsBulkMounted] = useState(false);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const ids = useMemo(() => (tickets ?? []).map((ticket) => ticket.id), [tickets]);
  const searchKey = JSON.stringify(search);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address (searchKey) is the trigger
  useEffect(() => {
    setSelected(new Set());
    setAnchorId(null);
    setHighlightedId(null);
  }, [searchKey]);

  const select = (change: (current: ReadonlySet<string>) => Set<string>) => {
    setSelected(change);
    setIsBulkMounted(true);
  };

  useListKeyboard(isStaff, {
    ids,
    highlightedId,
    highlight: setHighlightedId,
    open: (id) => void navigate({ to: '/tickets/$ticketId', params: { ticketId: id } }),
    toggle: (id) => {
      select((current) => toggleSelected(current, id));
      setAnchorId(id);
    },
    assignToMe: (id) => {
      setIsBulkMounted(true);
      setAssignRequest((previous) => ({ ticketId: id, nonce: (previous?.nonce ?? 0) + 1 }));
    },
    showHelp: () => setIsHelpOpen(true),
  });

  const selection: TRowSelection | null = isStaff
    ? {
        selected,
        onToggle: (id, isRange) => {
          select((current) =>
            isRange ? selectRange(current, ids, anchorId, id) : toggleSelected(current, id),
          );
          setAnchorId(id);
          setHighlightedId(id);
        },
        onTogglePage: () => select((current) => togglePage(current, ids)),
      }
    : null;

  return {
    selection,
    selectedIds: visibleSelection(selected, ids),
    highlightedId,
    assignRequest,
    isBulkMounted,
    isHelpOpen,
    setIsHelpOpen,
    clearSelection: () => {
      setSelected(new Set());
      setAnchorId(null);
    },
  };
}
