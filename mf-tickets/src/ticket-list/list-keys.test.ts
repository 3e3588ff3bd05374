import { describe, expect, test } from 'bun:test';
import {
  isTypingTarget,
  listKeyAction,
  moveHighlight,
  runListAction,
  type TListKeyEvent,
} from './list-keys.ts';

const element = (tagName: string, inside: string | null = null, isContentEditable = false) => ({
  tagName,
  isContentEditable,
  closest: (selector: string) => (inside && selector.includes(inside) ? {} : null),
});

const press = (key: string, target: unknown = element('BODY'), mods: Partial<TListKeyEvent> = {}) =>
  ({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...mods }) as TListKeyEvent;

describe('list keys', () => {
  test('the letters and Enter', () => {
    expect(listKeyAction(press('j'), true)).toBe('next');
    expect(listKeyAction(press('k'), true)).toBe('previous');
    expect(listKeyAction(press('o'), true)).toBe('open');
    expect(listKeyAction(press('Enter'), true)).toBe('open');
    expect(listKeyAction(press('x'), true)).toBe('toggle');
    expect(listKeyAction(press('a'), true)).toBe('assignToMe');
    expect(listKeyAction(press('?'), true)).toBe('help');
    expect(listKeyAction(press('q'), true)).toBeNull();
  });

  test('never while typing or in a dialog', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT'])
      expect(listKeyAction(press('j', element(tag)), true)).toBeNull();
    expect(listKeyAction(press('j', element('DIV', null, true)), true)).toBeNull();
    expect(listKeyAction(press('x', element('BUTTON', 'role="dialog"')), true)).toBeNull();
    expect(isTypingTarget(null)).toBe(false);
  });

  test('never with Ctrl, Cmd or Alt', () => {
    expect(listKeyAction(press('k', undefined, { ctrlKey: true }), true)).toBeNull();
    expect(listKeyAction(press('k', undefined, { metaKey: true }), true)).toBeNull();
    expect(listKeyAction(press('a', undefined, { altKey: true }), true)).toBeNull();
  });

  test('Enter on a link or button keeps its own meaning', () => {
    expect(listKeyAction(press('Enter', element('A', 'a,')), true)).toBeNull();
  });

  test('a requester cannot select or assign', () => {
    expect(listKeyAction(press('x'), false)).toBeNull();
    expect(listKeyAction(press('a'), false)).toBeNull();
    expect(listKeyAction(press('j'), false)).toBe('next');
  });

  test('the highlight starts at the first row and stays within the rows', () => {
    expect(moveHighlight(null, 3, 'next')).toBe(0);
    expect(moveHighlight(0, 3, 'previous')).toBe(0);
    expect(moveHighlight(1, 3, 'next')).toBe(2);
    expect(moveHighlight(2, 3, 'next')).toBe(2);
    expect(moveHighlight(null, 0, 'next')).toBeNull();
  });
});

describe('runListAction', () => {
  const run = (action: Parameters<typeof runListAction>[0], highlightedId: string | null) => {
    const calls: string[] = [];
    runListAction(action, {
      ids: ['a', 'b', 'c'],
      highlightedId,
      highlight: (id) => calls.push(`highlight ${id}`),
      open: (id) => calls.push(`open ${id}`),
      toggle: (id) => calls.push(`toggle ${id}`),
      assignToMe: (id) => calls.push(`assign ${id}`),
      showHelp: () => calls.push('help'),
    });
    return calls;
  };

  test('j and k move from the highlighted row', () => {
    expect(run('next', null)).toEqual(['highlight a']);
    expect(run('next', 'a')).toEqual(['highlight b']);
    expect(run('previous', 'b')).toEqual(['highlight a']);
  });

  test('the row actions need a highlighted row', () => {
    expect(run('open', 'c')).toEqual(['open c']);
    expect(run('toggle', 'b')).toEqual(['toggle b']);
    expect(run('assignToMe', 'a')).toEqual(['assign a']);
    expect(run('toggle', null)).toEqual([]);
    expect(run('open', 'gone')).toEqual([]);
    expect(run('help', null)).toEqual(['help']);
  });
});
