import type { TRemoteModuleId } from '@helpdesk/contracts';
import type { ComponentType } from 'react';
import type { TFederation } from './federation-runtime.ts';
import { RemoteIncompatibleError } from './remote-incompatible-error.ts';
import type { TRemoteRegistration } from './runtime-config.ts';

export type TRemoteModule<P> = { default: ComponentType<P> };

/** How often and how patiently a remote is fetched before its page shows the contained error. */
export const REMOTE_RETRY = { attempts: 3, firstDelayMs: 500 } as const;

/** True when a loaded module has a default export React can render (a function or a memo/forwardRef object). */
export function isRemoteModule<P>(value: unknown): value is TRemoteModule<P> {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false;
  const component = value.default;
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

/**
 * Runs `task` up to `attempts` times, waiting `firstDelayMs`, then twice that, and so on between
 * tries. An error `isFinal` accepts is thrown at once: waiting cannot fix it.
 */
export async function withBackoff<T>(
  task: (tryIndex: number) => Promise<T>,
  options: {
    attempts: number;
    firstDelayMs: number;
    isFinal?: (error: unknown) => boolean;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let lastError: unknown = new Error('No attempt was made');
  for (let tryIndex = 0; tryIndex < options.attempts; tryIndex += 1) {
    if (tryIndex > 0) await sleep(options.firstDelayMs * 2 ** (tryIndex - 1));
    try {
      return await task(tryIndex);
    } catch (error) {
      if (options.isFinal?.(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

let configuredRemotes: readonly TRemoteRegistration[] = [];
let federation: Promise<TFederation> | null = null;

/** Where each remote lives (from /runtime-config.js); nothing is fetched until a page needs one. */
export function configureRemotes(remotes: readonly TRemoteRegistration[]): void {
  configuredRemotes = remotes;
}

/**
 * The federation runtime, imported and started on the first remote page (or its preload): about 30 KB
 * gzip and, with the CPU slowed 4x, 400 ms of start-up that the dashboard no longer waits for. A failed
 * import is forgotten, so the next try fetches the chunk again.
 */
function federationRuntime(): Promise<TFederation> {
  if (federation === null) {
    // Named so the budget test (shell/e2e/frontend-budgets.spec.ts) can tell it from the start-up code.
    const starting = import(/* webpackChunkName: "federation-runtime" */ './federation-runtime.ts').then(
      ({ startFederation }) => startFederation(configuredRemotes),
    );
    federation = starting;
    starting.catch(() => {
      if (federation === starting) federation = null;
    });
  }
  return federation;
}

// Modules already fetched: a page rendered from here does not suspend, so React's Suspense throttle
// (it holds a revealed boundary back for up to 300 ms) never delays a preloaded navigation.
const loadedModules = new Map<TRemoteModuleId, unknown>();

/** The module a previous load or a preload already fetched, or null. */
export function loadedRemoteComponent<P>(moduleId: TRemoteModuleId): TRemoteModule<P> | null {
  const loaded = loadedModules.get(moduleId);
  return isRemoteModule<P>(loaded) ? loaded : null;
}

async function loadOnce<P>(moduleId: TRemoteModuleId): Promise<TRemoteModule<P>> {
  const loaded = await (await federationRuntime()).loadModule(moduleId);
  if (!isRemoteModule<P>(loaded)) throw new Error(`${moduleId} did not export a default component`);
  loadedModules.set(moduleId, loaded);
  return loaded;
}

/**
 * Fetches one exposed module through the Module Federation runtime, retrying with backoff. Every
 * call asks the runtime again (after dropping a failed entry), so Retry really refetches instead
 * of replaying a cached rejection. `attempt` counts the user's retries, for the error message.
 */
export async function loadRemoteComponent<P>(
  moduleId: TRemoteModuleId,
  attempt: number,
): Promise<TRemoteModule<P>> {
  try {
    return await withBackoff(() => loadOnce<P>(moduleId), {
      ...REMOTE_RETRY,
      isFinal: (error) => error instanceof RemoteIncompatibleError,
    });
  } catch (error) {
    if (error instanceof RemoteIncompatibleError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${moduleId} could not be loaded after ${REMOTE_RETRY.attempts} tries (retry ${attempt}): ${reason}`,
    );
  }
}

/**
 * Starts fetching a remote page before it is needed (a pointer over or focus on a link to it): the
 * runtime keeps what it loaded, so the click that follows renders without waiting for the network.
 * A failure is left for the page itself to show.
 */
export function preloadRemoteComponent(moduleId: TRemoteModuleId): void {
  loadRemoteComponent(moduleId, 0).catch(() => {});
}
