import type { TRemoteModuleId } from '@helpdesk/contracts';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export type TRemoteModule<P> = { default: ComponentType<P> };

/** True when a loaded module has a default export React can render (a function or a memo/forwardRef object). */
export function isRemoteModule<P>(value: unknown): value is TRemoteModule<P> {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false;
  const component = value.default;
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

/**
 * Fetches one exposed module through the Module Federation runtime. Every call asks the runtime
 * again, so a caller that failed once gets a real second attempt by calling it again (a cached
 * rejected promise, as React.lazy keeps one, would never recover).
 */
export async function loadRemoteComponent<P>(
  moduleId: TRemoteModuleId,
  attempt: number,
): Promise<TRemoteModule<P>> {
  const loaded = await loadRemote<unknown>(moduleId);
  if (!isRemoteModule<P>(loaded)) {
    throw new Error(`${moduleId} did not export a default component (attempt ${attempt + 1})`);
  }
  return loaded;
}
