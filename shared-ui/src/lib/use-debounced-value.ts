import { useEffect, useState } from 'react';
import { createDebouncer } from './debounce.ts';

/**
 * `value` once it stopped changing for `delayMs` (the first render returns it at once). The delay
 * is read once: a component that needs another delay mounts again.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const [debouncer] = useState(() => createDebouncer<T>(delayMs, setSettled));
  useEffect(() => debouncer.push(value), [debouncer, value]);
  useEffect(() => debouncer.cancel, [debouncer]);
  return settled;
}
