import type { TRemoteModuleId } from '@helpdesk/contracts';
import {
  getInstance,
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  findSharedMismatches,
  RemoteIncompatibleError,
  type THostShared,
  type TManifestShared,
} from './shared-compatibility.ts';

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

// Remotes whose last load failed: the runtime keeps the failed entry, so they are re-registered first.
const failedRemotes = new Set<string>();

function remoteNameOf(moduleId: TRemoteModuleId): string {
  return moduleId.slice(0, moduleId.indexOf('/'));
}

function registeredEntry(remoteName: string): string | null {
  const remote = getInstance()?.options.remotes.find((candidate) => candidate.name === remoteName);
  return remote !== undefined && 'entry' in remote ? remote.entry : null;
}

// Modules already fetched: a page rendered from here does not suspend, so React's Suspense throttle
// (it holds a revealed boundary back for up to 300 ms) never delays a preloaded navigation.
const loadedModules = new Map<TRemoteModuleId, unknown>();

/** The module a previous load or a preload already fetched, or null. */
export function loadedRemoteComponent<P>(moduleId: TRemoteModuleId): TRemoteModule<P> | null {
  const loaded = loadedModules.get(moduleId);
  return isRemoteModule<P>(loaded) ? loaded : null;
}

// A remote's manifest is checked once per page load (a redeployed remote shows up on the next load).
const compatibilityChecks = new Map<string, Promise<void>>();
// The manifest text the check just read, handed to the runtime instead of fetching it a second time.
const checkedManifests = new Map<string, string>();

/** Answers the runtime's manifest request from the compatibility check's copy: one request, not two. */
export const MANIFEST_ONCE_PLUGIN: ModuleFederationRuntimePlugin = {
  name: 'helpdesk-manifest-once',
  fetch(url) {
    const body = checkedManifests.get(url);
    if (body === undefined) return;
    checkedManifests.delete(url);
    return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }));
  },
};

/** Drops whatever the runtime cached for a remote (a rejected entry, a half-initialised container). */
function forgetRemote(remoteName: string, entry: string) {
  compatibilityChecks.delete(entry);
  registerRemotes([{ name: remoteName, entry }], { force: true });
}

function hostSharedVersions(): Record<string, THostShared> {
  const result: Record<string, THostShared> = {};
  const shared = getInstance()?.options.shared ?? {};
  for (const [name, versions] of Object.entries(shared)) {
    const own = versions[0];
    if (own === undefined) continue;
    result[name] = { version: own.version, requiredVersion: own.shareConfig.requiredVersion };
  }
  return result;
}

function parseManifestShared(manifest: unknown): TManifestShared[] {
  if (typeof manifest !== 'object' || manifest === null || !('shared' in manifest)) return [];
  if (!Array.isArray(manifest.shared)) return [];
  const result: TManifestShared[] = [];
  for (const item of manifest.shared) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, version, requiredVersion } = item;
    if (typeof name !== 'string' || typeof version !== 'string') continue;
    result.push({
      name,
      version,
      requiredVersion: typeof requiredVersion === 'string' ? requiredVersion : false,
    });
  }
  return result;
}

/** Reads the remote's manifest and refuses a build whose shared packages do not fit the shell's. */
async function checkCompatible(remoteName: string, entry: string) {
  const response = await fetch(entry, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${entry} answered ${response.status}`);
  const text = await response.text();
  const mismatches = findSharedMismatches(parseManifestShared(JSON.parse(text)), hostSharedVersions());
  if (mismatches.length > 0) throw new RemoteIncompatibleError(remoteName, mismatches);
  checkedManifests.set(entry, text);
}

/** checkCompatible once per entry; a failed check is forgotten so the next load asks again. */
function assertCompatible(remoteName: string, entry: string): Promise<void> {
  // A remoteEntry.js entry carries no manifest: the runtime's own singleton warning is all there is.
  if (!new URL(entry).pathname.endsWith('.json')) return Promise.resolve();
  let check = compatibilityChecks.get(entry);
  if (check === undefined) {
    check = checkCompatible(remoteName, entry);
    compatibilityChecks.set(entry, check);
    check.catch(() => compatibilityChecks.delete(entry));
  }
  return check;
}

async function loadOnce<P>(moduleId: TRemoteModuleId): Promise<TRemoteModule<P>> {
  const remoteName = remoteNameOf(moduleId);
  const entry = registeredEntry(remoteName);
  if (entry === null) throw new Error(`Remote ${remoteName} is not configured in /runtime-config.js`);
  if (failedRemotes.has(remoteName)) forgetRemote(remoteName, entry);
  try {
    await assertCompatible(remoteName, entry);
    const loaded = await loadRemote<unknown>(moduleId);
    if (!isRemoteModule<P>(loaded)) throw new Error(`${moduleId} did not export a default component`);
    failedRemotes.delete(remoteName);
    loadedModules.set(moduleId, loaded);
    return loaded;
  } catch (error) {
    failedRemotes.add(remoteName);
    throw error;
  }
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
