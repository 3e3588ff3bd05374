export type TDebouncer<T> = {
  /** Restarts the wait with a new value; `onSettle` gets the last value once nothing new came for the delay. */
  push: (value: T) => void;
  /** Drops a pending value (on unmount, or when its result is no longer wanted). */
  cancel: () => void;
};

/** Calls `onSettle` with the last pushed value once `delayMs` passed without another push. */
export function createDebouncer<T>(delayMs: number, onSettle: (value: T) => void): TDebouncer<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    push: (value) => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        onSettle(value);
      }, delayMs);
    },
    cancel,
  };
}
