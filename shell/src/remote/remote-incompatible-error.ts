// No federation runtime here: the error pages that show this load with the shell's start-up path.

export type TSharedMismatch = {
  packageName: string;
  remoteVersion: string;
  remoteRequires: string | false;
  shellVersion: string;
  shellRequires: string | false;
};

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
