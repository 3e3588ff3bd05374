import rootPackage from '../../package.json' with { type: 'json' };

/**
 * The Bun this repository is built, tested and shipped with: package.json's `packageManager`
 * (`bun@X.Y.Z`). CI installs it (.ci/run) and the images build FROM it (docker/*.Dockerfile).
 */
export function pinnedBunVersion(packageManager: unknown = rootPackage.packageManager): string {
  const match = typeof packageManager === 'string' ? /^bun@(\d+\.\d+\.\d+)$/.exec(packageManager) : null;
  if (!match?.[1])
    throw new Error(`package.json's packageManager must be bun@X.Y.Z, got '${packageManager}'`);
  return match[1];
}

/** A sentence for the developer when the running Bun is not the pinned one; null when it is. */
export function bunVersionWarning(running: string = Bun.version, pinned = pinnedBunVersion()): string | null {
  if (running === pinned) return null;
  return (
    `Bun ${running} runs this, but package.json pins bun@${pinned} (what CI and the images use): ` +
    `install that one, e.g. 'npm install -g bun@${pinned}'.`
  );
}
