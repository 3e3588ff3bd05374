import { satisfy } from '@module-federation/enhanced/runtime';

/** One shared package as a remote's mf-manifest.json lists it. */
export type TManifestShared = { name: string; version: string; requiredVersion: string | false };
/** One shared package as the shell provides it. */
export type THostShared = { version: string; requiredVersion: string | false };

export type TSharedMismatch = {
  packageName: string;
  remoteVersion: string;
  remoteRequires: string | false;
  shellVersion: string;
  shellRequires: string | false;
};

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

/** A human sentence naming the remote, the package and both sides' versions. */
export function describeMismatch(remoteName: string, mismatch: TSharedMismatch): string {
  const remoteRange = mismatch.remoteRequires === false ? 'any version' : mismatch.remoteRequires;
  const shellRange = mismatch.shellRequires === false ? 'any version' : mismatch.shellRequires;
  return (
    `${remoteName} needs ${mismatch.packageName} ${remoteRange} (built with ${mismatch.remoteVersion}); ` +
    `the shell provides ${mismatch.shellVersion} and accepts ${shellRange}.`
  );
}

/** Thrown instead of loading a remote whose shared packages do not fit the shell's; retrying cannot fix it. */
export class RemoteIncompatibleError extends Error {
  readonly remoteName: string;
  readonly mismatches: TSharedMismatch[];

  constructor(remoteName: string, mismatches: TSharedMismatch[]) {
    super(mismatches.map((mismatch) => describeMismatch(remoteName, mismatch)).join(' '));
    this.name = 'RemoteIncompatibleError';
    this.remoteName = remoteName;
    this.mismatches = mismatches;
  }
}
