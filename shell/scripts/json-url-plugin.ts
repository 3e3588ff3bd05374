import { dirname } from 'node:path';
import { type BunPlugin, pathToFileURL } from 'bun';

/**
 * `import url from './de.json?url'` as the shell's build reads it (tooling/src/message-catalogs-plugin.ts):
 * the file's address, here a file: URL Bun's fetch reads, so a script can load a catalogue the way the
 * page does. Without it Bun would import the JSON itself.
 */
export const jsonUrlPlugin: BunPlugin = {
  name: 'json-url',
  setup(build) {
    build.onResolve({ filter: /\.json\?url$/ }, (args) => ({
      path: Bun.resolveSync(args.path.replace(/\?url$/, ''), dirname(args.importer)),
      namespace: 'json-url',
    }));
    build.onLoad({ filter: /.*/, namespace: 'json-url' }, (args) => ({
      contents: `export default ${JSON.stringify(pathToFileURL(args.path).href)};`,
      loader: 'js',
    }));
  },
};
