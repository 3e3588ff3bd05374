import { toastStore } from '@helpdesk/shared-ui';
import { useEffect } from 'react';
import { createIntentModule, useLoadedModule } from './use-intent-module.ts';

/** radix's toast with its layers and presence, about 9 KB gzip the dashboard's start-up does not need. */
const toasterModule = createIntentModule(
  () => import(/* webpackChunkName: "toaster" */ '@helpdesk/shared-ui/toaster'),
);

const hasToast = () => toastStore.getState().toasts.length > 0;

/**
 * The app's one <Toaster />, fetched when the first toast is queued, or earlier, on the first key or
 * pointer press (toasts mostly answer what the user did, so the code is usually there before one is
 * needed). A toast queued meanwhile waits in the store and shows once the toaster mounts; a failed fetch
 * is tried again with the next toast.
 */
export function DeferredToaster() {
  const module = useLoadedModule(toasterModule);

  useEffect(() => {
    const loadIfNeeded = () => {
      if (hasToast()) void toasterModule.load();
    };
    loadIfNeeded();
    // Every change of the store: a load that failed is tried again while a toast waits.
    return toastStore.subscribe(loadIfNeeded);
  }, []);

  useEffect(() => {
    if (module !== null) return;
    const warm = () => void toasterModule.load();
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', warm, options);
    window.addEventListener('keydown', warm, options);
    return () => {
      window.removeEventListener('pointerdown', warm, options);
      window.removeEventListener('keydown', warm, options);
    };
  }, [module]);

  return module === null ? null : <module.Toaster />;
}
