/**
 * A preload (bun --preload) for an API process under test: prints one line for every import of a
 * module of the background worker (api/src/worker/), as it is resolved, so a test can tell whether
 * the process carries them.
 */
Bun.plugin({
  name: 'report-worker-imports',
  setup(build) {
    build.onResolve({ filter: /(^|\/)worker\/[^/]+\.ts$/ }, (args) => {
      if (args.importer.includes('/api/src/')) console.log(`worker module imported: ${args.path}`);
      return undefined;
    });
  },
});
