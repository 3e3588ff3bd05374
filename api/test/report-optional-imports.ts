/**
 * A preload (bun --preload) for an API process under test: prints one line for every import, as it
 * is resolved, of a module of the background worker (api/src/worker/) or of nodemailer, so a test can
 * tell whether the process carries them.
 */
Bun.plugin({
  name: 'report-optional-imports',
  setup(build) {
    build.onResolve({ filter: /(^|\/)worker\/[^/]+\.ts$/ }, (args) => {
      if (args.importer.includes('/api/src/')) console.log(`worker module imported: ${args.path}`);
      return undefined;
    });
    // nodemailer's own entry is not reported to a runtime plugin; the pool module its entry loads is.
    build.onResolve({ filter: /(^|\/)smtp-pool\/index\.js$/ }, () => {
      console.log('nodemailer imported');
      return undefined;
    });
  },
});
