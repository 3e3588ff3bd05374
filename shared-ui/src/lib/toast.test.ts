import { describe, expect, test } from 'bun:test';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@helpdesk/contracts/constants';
import { createToastStore, type TToast, toastReducer } from './toast.ts';

const make = (id: string, extra: Partial<TToast> = {}): TToast => ({
  id,
  title: `toast ${id}`,
  open: true,
  duration: TOAST_DURATION_MS,
  ...extra,
});

describe('toastReducer', () => {
  test('the toast constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  test('add keeps only the newest toast (limit 1)', () => {
    let state = toastReducer({ toasts: [] }, { type: 'add', toast: make('1') });
    state = toastReducer(state, { type: 'add', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  test('a larger limit keeps newest first', () => {
    let state = toastReducer({ toasts: [] }, { type: 'add', toast: make('1') }, 3);
    state = toastReducer(state, { type: 'add', toast: make('2') }, 3);
    expect(state.toasts.map((t) => t.id)).toEqual(['2', '1']);
  });

  test('update changes only the matching toast', () => {
    const state = toastReducer(
      { toasts: [make('1'), make('2')] },
      { type: 'update', id: '2', toast: { title: 'changed', variant: 'destructive' } },
      5,
    );
    expect(state.toasts[0]?.title).toBe('toast 1');
    expect(state.toasts[1]).toMatchObject({ id: '2', title: 'changed', variant: 'destructive', open: true });
  });

  test('dismiss closes one toast, or all without an id, but keeps them until removal', () => {
    const one = toastReducer({ toasts: [make('1'), make('2')] }, { type: 'dismiss', id: '1' }, 5);
    expect(one.toasts.map((t) => [t.id, t.open])).toEqual([
      ['1', false],
      ['2', true],
    ]);
    const all = toastReducer({ toasts: [make('1'), make('2')] }, { type: 'dismiss' }, 5);
    expect(all.toasts.every((t) => !t.open)).toBe(true);
  });

  test('remove drops one toast, or all without an id', () => {
    expect(toastReducer({ toasts: [make('1'), make('2')] }, { type: 'remove', id: '1' }, 5).toasts).toEqual([
      make('2'),
    ]);
    expect(toastReducer({ toasts: [make('1')] }, { type: 'remove' }).toasts).toEqual([]);
  });
});

describe('createToastStore', () => {
  test('toast() shows one toast with the default duration and notifies subscribers', () => {
    const store = createToastStore();
    let notified = 0;
    const unsubscribe = store.subscribe(() => {
      notified++;
    });
    const first = store.toast({ title: 'Welcome back!', description: 'Signed in' });
    const second = store.toast({ title: 'Logged out successfully', variant: 'destructive' });
    expect(first.id).not.toBe(second.id);
    expect(store.getState().toasts).toEqual([
      {
        id: second.id,
        title: 'Logged out successfully',
        variant: 'destructive',
        open: true,
        duration: TOAST_DURATION_MS,
      },
    ]);
    expect(notified).toBe(2);
    unsubscribe();
    store.toast({ title: 'third' });
    expect(notified).toBe(2);
  });

  test('update through the handle', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Saving' });
    handle.update({ title: 'Saved', description: 'Done' });
    expect(store.getState().toasts[0]).toMatchObject({ id: handle.id, title: 'Saved', description: 'Done' });
  });

  test('a dismissed toast closes at once and is removed after the remove delay', async () => {
    const store = createToastStore({ removeDelayMs: 20 });
    const handle = store.toast({ title: 'Bye' });
    handle.dismiss();
    expect(store.getState().toasts).toEqual([expect.objectContaining({ id: handle.id, open: false })]);
    await Bun.sleep(60);
    expect(store.getState().toasts).toEqual([]);
  });

  test('dismiss without an id closes every toast and removes them later', async () => {
    const store = createToastStore({ limit: 3, removeDelayMs: 20 });
    store.toast({ title: 'a' });
    store.toast({ title: 'b' });
    store.dismiss();
    expect(store.getState().toasts.map((t) => t.open)).toEqual([false, false]);
    await Bun.sleep(60);
    expect(store.getState().toasts).toEqual([]);
  });

  test('without dismissal a toast stays in the store (radix closes it after its duration)', async () => {
    const store = createToastStore({ removeDelayMs: 20 });
    store.toast({ title: 'stay' });
    await Bun.sleep(60);
    expect(store.getState().toasts).toHaveLength(1);
  });
});
