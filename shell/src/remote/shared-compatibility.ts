// Loaded with the federation runtime (federation-runtime.ts): `satisfy` is part of it.
import { satisfy } from '@module-federation/enhanced/runtime';
import type { TSharedMismatch } from './remote-incompatible-error.ts';

/** One shared package as a remote's mf-manifest.json lists it. */
export type TManifestShared = { name: string; version: string; requiredVersion: string | false };
/** One shared package as the shell provides it. */
export type THostShared = { version: string; requiredVersion: string | false };

/**
 * Compares a remote's shared packages with the shell's. A singleton is loaded once, so both sides
 * must accept the other's version: the shell's copy must satisfy the remote's range and the
 * remote's build must satisfy the shell's range. A package only one side shares is not compared.
 */
export function findSharedMismatches(
  remoteShared: readonly TManifestShared[],
  hostShared: Readonly<Record<string, THostShared>>,
): TSharedMismatch[] {
  const mismatches: TSharedMismatch[] = [];
  for (const shared of remoteShared) {
    const host = hostShared[shared.name];
    if (host === undefined) continue;
    const isHostAccepted = shared.requiredVersion === false || satisfy(host.version, shared.requiredVersion);
    const isRemoteAccepted = host.requiredVersion === false || satisfy(shared.version, host.requiredVersion);
    if (isHostAccepted && isRemoteAccepted) continue;
    mismatches.push({
      packageName: shared.name,
      remoteVersion: shared.version,
      remoteRequires: shared.requiredVersion,
      shellVersion: host.version,
      shellRequires: host.requiredVersion,
    });
  }
  return mismatches;
}
