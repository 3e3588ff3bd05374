import type { TRemoteModuleId } from '@helpdesk/contracts';
import { type ComponentType, useState, useSyncExternalStore } from 'react';
import { loadRemoteComponent } from './load-remote-component.ts';
import { createOnDemandLoader, type TOnDemandLoader, type TOnDemandState } from './on-demand-loader.ts';

export type TOnDemandRemote<P> = {
  state: TOnDemandState<ComponentType<P>>;
  load: TOnDemandLoader<ComponentType<P>>['load'];
  fail: TOnDemandLoader<ComponentType<P>>['fail'];
};

/**
 * An exposed component fetched the first time `load` is called (a click, never boot). After a
 * failure the next `load` asks the Module Federation runtime again instead of replaying the error.
 */
export function useOnDemandRemote<P>(moduleId: TRemoteModuleId): TOnDemandRemote<P> {
  const [loader] = useState(() =>
    createOnDemandLoader(async (attempt) => (await loadRemoteComponent<P>(moduleId, attempt)).default),
  );
  const state = useSyncExternalStore(loader.subscribe, loader.getState, loader.getState);
  return { state, load: loader.load, fail: loader.fail };
}
