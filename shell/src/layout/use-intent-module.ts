import { type PointerEvent, useEffect, useRef, useSyncExternalStore } from 'react';
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
 * on that button opens the control as soon as the module is there: the real trigger replaces the
 * button, takes the focus it had (or the click gave it), and only then `onActivate` opens the control.
 * Opened in the same render as the swap, the removed button's lost focus counted as a focus outside
 * the new menu, which could close it again at once (an e2e flake: the user menu's Log out never showed).
 *
 * A press counts as the activation, not only a click: when the module arrives between the press and
 * the release, the button pressed is gone, so the browser sends the click to a common ancestor and
 * neither button hears it. Radix menus open on the press themselves, so this is what they would do.
 */
export function useIntentModule<M>(loader: TOnDemandLoader<M>, options: { onActivate: () => void }) {
  const module = useLoadedModule(loader);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isPlaceholderFocused = useRef(false);
  const isActivationPending = useRef(false);
  const onActivate = useRef(options.onActivate);
  onActivate.current = options.onActivate;

  useEffect(() => {
    if (module === null) return;
    if (isPlaceholderFocused.current || isActivationPending.current) triggerRef.current?.focus();
    if (isActivationPending.current) {
      isActivationPending.current = false;
      onActivate.current();
    }
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
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || event.ctrlKey) return;
      isActivationPending.current = true;
      prefetch();
    },
    onClick: () => {
      isActivationPending.current = true;
      prefetch();
    },
  };
  return { module, triggerRef, placeholderProps };
}
