import { dirname } from 'node:path';
import { CATALOG_FILE, compileCatalog } from '@helpdesk/tooling/message-catalogs-plugin';
import type { BunPlugin } from 'bun';

/**
 * The message catalogues as the shell's build gives them to the page (tooling/src/message-catalogs-plugin.ts):
 * compiled to Lingui's runtime form (a production run formats nothing else), and another language's
 * file, `import url from './de.json?url'`, as an address fetch reads (here a data: URL), so a script
 * renders the screens exactly as the browser does.
 */
export const catalogsBunPlugin: BunPlugin = {
  name: 'message-catalogs',
  setup(build) {
    build.onResolve({ filter: /\.json\?url$/ }, (args) => ({
      path: Bun.resolveSync(args.path.replace(/\?url$/, ''), dirname(args.importer)),
      namespace: 'catalog-url',
    }));
    build.onLoad({ filter: /.*/, namespace: 'catalog-url' }, async (args) => {
      const compiled = compileCatalog(await Bun.file(args.path).text(), args.path);
      const url = `data:application/json;base64,${Buffer.from(compiled).toString('base64')}`;
      return { contents: `export default ${JSON.stringify(url)};`, loader: 'js' };
    });
    build.onLoad({ filter: CATALOG_FILE }, async (args) => ({
      contents: `export default ${compileCatalog(await Bun.file(args.path).text(), args.path)};`,
      loader: 'js',
    }));
  },
};
