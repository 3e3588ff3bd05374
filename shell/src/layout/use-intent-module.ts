import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createOnDemandLoader, type TOnDemandLoader } from '../remote/on-demand-loader.ts';

/**
 * Code a header control needs only once it is used (a radix menu, popover or drawer: about 45 KB gzip
 * together): fetched when the pointer or the focus reaches the control, or on a click, never before
 * the first render. One loader per module, shared by every mount.
 */
export function createIntentModule<M>(load: () => Promise<M>): TOnDemandLoader<M> {
  return createOnDemandLoader(() => load());
}

/** The module once a load has succeeded, null until then (re-renders when it arrives). */
export function useLoadedModule<M>(loader: TOnDemandLoader<M>): M | null {
  const state = useSyncExternalStore(loader.subscribe, loader.getState, loader.getState);
  return state.status === 'ready' ? state.value : null;
}

/**
 * The module once loaded (null until then) and the props of the plain button shown meanwhile. A click
 * on that button calls `onActivate` (open the menu) and the control opens as soon as the module is
 * there; a button that had the keyboard focus hands it to the real trigger that replaces it.
 */
export function useIntentModule<M>(
  loader: TOnDemandLoader<M>,
  options: { isOpen: boolean; onActivate: () => void },
) {
  const module = useLoadedModule(loader);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isPlaceholderFocused = useRef(false);
  const isOpen = useRef(options.isOpen);
  isOpen.current = options.isOpen;

  useEffect(() => {
    // An open menu moves the focus into itself; only a closed one keeps it on its trigger.
    if (module !== null && isPlaceholderFocused.current && !isOpen.current) triggerRef.current?.focus();
  }, [module]);

  const prefetch = () => void loader.load();
  const placeholderProps = {
    onPointerEnter: prefetch,
    onFocus: () => {
      isPlaceholderFocused.current = true;
      prefetch();
    },
    onBlur: () => {
      isPlaceholderFocused.current = false;
    },
    onClick: () => {
      options.onActivate();
      prefetch();
    },
  };
  return { module, triggerRef, placeholderProps };
}
