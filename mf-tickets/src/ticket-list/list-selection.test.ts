import { describe, expect, test } from 'bun:test';
import {
  pageSelection,
  selectRange,
  togglePage,
  toggleSelected,
  visibleSelection,
} from './list-selection.ts';

const IDS = ['a', 'b', 'c', 'd', 'e'];

describe('selection', () => {
  test('one row toggles', () => {
    expect([...toggleSelected(new Set(), 'a')]).toEqual(['a']);
    expect([...toggleSelected(new Set(['a']), 'a')]).toEqual([]);
  });

  test('shift-click selects from the anchor to the row, either way', () => {
    expect([...selectRange(new Set(['b']), IDS, 'b', 'd')].sort()).toEqual(['b', 'c', 'd']);
    expect([...selectRange(new Set(['d']), IDS, 'd', 'a')].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  test('shift-click on a selected row clears the range', () => {
    expect([...selectRange(new Set(IDS), IDS, 'b', 'd')].sort()).toEqual(['a', 'e']);
  });

  test('without an anchor on screen only the row toggles', () => {
    expect([...selectRange(new Set(), IDS, null, 'c')]).toEqual(['c']);
    expect([...selectRange(new Set(), IDS, 'gone', 'c')]).toEqual(['c']);
  });

  test('the header checkbox selects the page, then clears it', () => {
    expect(pageSelection(new Set(), IDS)).toBe('none');
    expect(pageSelection(new Set(['a']), IDS)).toBe('some');
    const all = togglePage(new Set(['a', 'z']), IDS);
    expect(pageSelection(all, IDS)).toBe('all');
    expect([...togglePage(all, IDS)]).toEqual(['z']);
  });

  test('the bar acts on the selected rows still shown, in screen order', () => {
    expect(visibleSelection(new Set(['d', 'gone', 'a']), IDS)).toEqual(['a', 'd']);
  });
});
