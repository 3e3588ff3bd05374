export type TOnDemandState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'failed'; error: Error };

export type TOnDemandLoader<T> = {
  getState: () => TOnDemandState<T>;
  subscribe: (listener: () => void) => () => void;
  /** Starts a load (or joins the one running); resolves to the value, or null when it failed. */
  load: () => Promise<T | null>;
  /** Records a failure found after loading (the component threw while rendering), so the next load starts afresh. */
  fail: (error: Error) => void;
};

const IDLE = { status: 'idle' } as const;
const LOADING = { status: 'loading' } as const;

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Loads something once, when first asked for, never at boot. A success is kept; a failure is
 * forgotten by the next load, which calls `fetchValue` again with the next attempt number
 * (a cached rejection would leave the user stuck until a page reload).
 */
export function createOnDemandLoader<T>(fetchValue: (attempt: number) => Promise<T>): TOnDemandLoader<T> {
  let state: TOnDemandState<T> = IDLE;
  let attempt = 0;
  let inFlight: Promise<T | null> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: TOnDemandState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const load = (): Promise<T | null> => {
    if (state.status === 'ready') return Promise.resolve(state.value);
    if (inFlight) return inFlight;
    const current = attempt;
    attempt += 1;
    set(LOADING);
    inFlight = fetchValue(current).then(
      (value) => {
        inFlight = null;
        set({ status: 'ready', value });
        return value;
      },
      (error: unknown) => {
        inFlight = null;
        set({ status: 'failed', error: toError(error) });
        return null;
      },
    );
    return inFlight;
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    fail: (error) => set({ status: 'failed', error }),
  };
}
