import type { TRemoteModuleId } from '@helpdesk/contracts';
import { init, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import { RemoteIncompatibleError } from './remote-incompatible-error.ts';
import type { TRemoteRegistration } from './runtime-config.ts';
import { findSharedMismatches, type THostShared, type TManifestShared } from './shared-compatibility.ts';
import { SHARE_STRATEGY, sharedOptions } from './shared-providers.ts';

/**
 * The Module Federation runtime, started the first time a remote page is wanted (load-remote-component.ts
 * imports this module then): the dashboard and every page of the shell's own render without it. It
 * offers the remotes the shell's React, router, query client, shared-ui and contracts (shared-providers.ts)
 * and its own runtime core, which the remotes' production builds leave out (`externalRuntime`).
 */
export function startFederation(remotes: readonly TRemoteRegistration[]) {
  // Answers the runtime's manifest request from the compatibility check's copy: one request, not two.
  const checkedManifests = new Map<string, string>();
  const manifestOnce: ModuleFederationRuntimePlugin = {
    name: 'helpdesk-manifest-once',
    fetch(url) {
      const body = checkedManifests.get(url);
      if (body === undefined) return;
      checkedManifests.delete(url);
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    },
  };
  const federation = init({
    name: 'shell',
    remotes: remotes.map(({ name, entry }) => ({ name, entry })),
    shared: sharedOptions(__SHELL_SHARED__),
    shareStrategy: SHARE_STRATEGY,
    plugins: [injectExternalRuntimeCore(), manifestOnce],
  });

  // Remotes whose last load failed: the runtime keeps the failed entry, so they are re-registered first.
  const failedRemotes = new Set<string>();
  // A remote's manifest is checked once per page load (a redeployed remote shows up on the next load).
  const compatibilityChecks = new Map<string, Promise<void>>();

  const registeredEntry = (remoteName: string): string | null => {
    const remote = federation.options.remotes.find((candidate) => candidate.name === remoteName);
    return remote !== undefined && 'entry' in remote ? remote.entry : null;
  };

  /** Drops whatever the runtime cached for a remote (a rejected entry, a half-initialised container). */
  const forgetRemote = (remoteName: string, entry: string) => {
    compatibilityChecks.delete(entry);
    federation.registerRemotes([{ name: remoteName, entry }], { force: true });
  };

  const hostShared = (): Record<string, THostShared> => {
    const result: Record<string, THostShared> = {};
    for (const [name, versions] of Object.entries(federation.options.shared)) {
      const own = versions[0];
      if (own === undefined) continue;
      result[name] = { version: own.version, requiredVersion: own.shareConfig.requiredVersion };
    }
    return result;
  };

  /** Reads the remote's manifest and refuses a build whose shared packages do not fit the shell's. */
  const checkCompatible = async (remoteName: string, entry: string) => {
    const response = await fetch(entry, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${entry} answered ${response.status}`);
    const text = await response.text();
    const mismatches = findSharedMismatches(parseManifestShared(JSON.parse(text)), hostShared());
    if (mismatches.length > 0) throw new RemoteIncompatibleError(remoteName, mismatches);
    checkedManifests.set(entry, text);
  };

  /** checkCompatible once per entry; a failed check is forgotten so the next load asks again. */
  const assertCompatible = (remoteName: string, entry: string): Promise<void> => {
    // A remoteEntry.js entry carries no manifest: the runtime's own singleton warning is all there is.
    if (!new URL(entry).pathname.endsWith('.json')) return Promise.resolve();
    let check = compatibilityChecks.get(entry);
    if (check === undefined) {
      check = checkCompatible(remoteName, entry);
      compatibilityChecks.set(entry, check);
      check.catch(() => compatibilityChecks.delete(entry));
    }
    return check;
  };

  return {
    /** One try at an exposed module: checked against the shell's shared packages, then fetched. */
    async loadModule(moduleId: TRemoteModuleId): Promise<unknown> {
      const remoteName = moduleId.slice(0, moduleId.indexOf('/'));
      const entry = registeredEntry(remoteName);
      if (entry === null) throw new Error(`Remote ${remoteName} is not configured in /runtime-config.js`);
      if (failedRemotes.has(remoteName)) forgetRemote(remoteName, entry);
      try {
        await assertCompatible(remoteName, entry);
        const loaded = await federation.loadRemote<unknown>(moduleId);
        failedRemotes.delete(remoteName);
        return loaded;
      } catch (error) {
        failedRemotes.add(remoteName);
        throw error;
      }
    },
  };
}

export type TFederation = ReturnType<typeof startFederation>;

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
