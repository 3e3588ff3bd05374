/** The selected tickets of the list page: ids, kept across pages until a bulk change or a new view. */
export type TSelection = ReadonlySet<string>;

/** One ticket in or out. */
export function toggleSelected(selected: TSelection, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * Shift-click: every row from the anchor (the last row clicked) to `id`, in the order shown, takes
 * the state `id` takes (selected unless it was selected). Without an anchor still on screen only
 * `id` toggles.
 */
export function selectRange(
  selected: TSelection,
  orderedIds: readonly string[],
  anchorId: string | null,
  id: string,
): Set<string> {
  const from = anchorId === null ? -1 : orderedIds.indexOf(anchorId);
  const to = orderedIds.indexOf(id);
  if (from < 0 || to < 0) return toggleSelected(selected, id);
  const isSelecting = !selected.has(id);
  const next = new Set(selected);
  for (const rowId of orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (isSelecting) next.add(rowId);
    else next.delete(rowId);
  }
  return next;
}

export type TPageSelection = 'none' | 'some' | 'all';

/** The header checkbox's state for the rows on screen. */
export function pageSelection(selected: TSelection, orderedIds: readonly string[]): TPageSelection {
  const count = orderedIds.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === orderedIds.length ? 'all' : 'some';
}

/** The header checkbox: selects every row on screen, or, when all already are, clears them. */
export function togglePage(selected: TSelection, orderedIds: readonly string[]): Set<string> {
  const next = new Set(selected);
  if (pageSelection(selected, orderedIds) === 'all') for (const id of orderedIds) next.delete(id);
  else for (const id of orderedIds) next.add(id);
  return next;
}

/** Ids still on screen, in screen order (a refetch may have taken some out of the view). */
export function visibleSelection(selected: TSelection, orderedIds: readonly string[]): string[] {
  return orderedIds.filter((id) => selected.has(id));
}
