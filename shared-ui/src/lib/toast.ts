import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@helpdesk/contracts/constants';
import type * as React from 'react';
import { useSyncExternalStore } from 'react';

export type TToastVariant = 'default' | 'destructive';

export type TToastInput = {
  title: React.ReactNode;
  description?: React.ReactNode;
  variant?: TToastVariant;
  /** Display time in ms; the default is TOAST_DURATION_MS. */
  duration?: number;
};

export type TToast = TToastInput & {
  id: string;
  /** False once dismissed: the toaster animates it out, the store drops it after the remove delay. */
  open: boolean;
  duration: number;
};

export type TToastState = { toasts: TToast[] };

export type TToastAction =
  | { type: 'add'; toast: TToast }
  | { type: 'update'; id: string; toast: Partial<TToastInput> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Pure state transition of the toast store; `dismiss` and `remove` without an id act on every toast. */
export function toastReducer(
  state: TToastState,
  action: TToastAction,
  limit: number = TOAST_LIMIT,
): TToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, limit) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

export type TToastHandle = {
  id: string;
  dismiss: () => void;
  update: (patch: Partial<TToastInput>) => void;
};

export type TToastStore = {
  getState: () => TToastState;
  subscribe: (listener: () => void) => () => void;
  toast: (input: TToastInput) => TToastHandle;
  dismiss: (id?: string) => void;
};

/** A toast store: one visible toast at most, dismissed toasts dropped after `removeDelayMs`. */
export function createToastStore(options: { limit?: number; removeDelayMs?: number } = {}): TToastStore {
  const limit = options.limit ?? TOAST_LIMIT;
  const removeDelayMs = options.removeDelayMs ?? TOAST_REMOVE_DELAY_MS;
  let state: TToastState = { toasts: [] };
  let counter = 0;
  const listeners = new Set<() => void>();
  const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const dispatch = (action: TToastAction) => {
    state = toastReducer(state, action, limit);
    for (const listener of listeners) listener();
  };

  const scheduleRemoval = (id: string) => {
    if (removeTimers.has(id)) return;
    const timer = setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, removeDelayMs);
    removeTimers.set(id, timer);
  };

  const dismiss = (id?: string) => {
    const targets = id === undefined ? state.toasts : state.toasts.filter((t) => t.id === id);
    for (const t of targets) scheduleRemoval(t.id);
    dispatch({ type: 'dismiss', id });
  };

  const toast = (input: TToastInput): TToastHandle => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    dispatch({
      type: 'add',
      toast: { ...input, id, open: true, duration: input.duration ?? TOAST_DURATION_MS },
    });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (patch) => dispatch({ type: 'update', id, toast: patch }),
    };
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast,
    dismiss,
  };
}

// Module-level on purpose: shared-ui is a Module Federation singleton, so the shell and every remote
// push into this one store and the shell's single <Toaster /> shows them.
const store = createToastStore();

/** The app-wide toast store, for code outside React (and tests) that needs to read it. */
export const toastStore: TToastStore = store;

/** Shows a toast (replacing the visible one, TOAST_LIMIT is 1) and returns handles to change or close it. */
export function toast(input: TToastInput): TToastHandle {
  return store.toast(input);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  store.dismiss(id);
}

/** The current toasts plus the imperative helpers, re-rendering when the store changes. */
export function useToast() {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
