/**
 * A preload (bun --preload) for an API process under test: prints one line for every import, as it
 * is resolved, of a module of the background worker (api/src/worker/), and one line the first time
 * each package the API loads only on use is imported, so a test can tell whether the process
 * carries them.
 */
const ON_USE_PACKAGES = ['nodemailer', 'imapflow', 'qrcode', 'mdast-util-from-markdown'];

Bun.plugin({
  name: 'report-optional-imports',
  setup(build) {
    build.onResolve({ filter: /(^|\/)worker\/[^/]+\.ts$/ }, (args) => {
      if (args.importer.includes('/api/src/')) console.log(`worker module imported: ${args.path}`);
      return undefined;
    });
    // A package's own entry is not reported to a runtime plugin; the relative imports inside it are.
    const reported = new Set<string>();
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const name = ON_USE_PACKAGES.find((pkg) => args.importer.includes(`/node_modules/${pkg}/`));
      if (name && !reported.has(name)) {
        reported.add(name);
        console.log(`${name} imported`);
      }
      return undefined;
    });
  },
});
