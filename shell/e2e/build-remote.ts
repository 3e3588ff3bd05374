/**
 * Builds one remote into another directory, leaving its dist/ (which a running stack may serve)
 * alone: `bun shell/e2e/build-remote.ts <app dir> <out dir>`. Env such as PUBLIC_MF_BUILD_LABEL
 * reaches the build as usual.
 */
import { resolve } from 'node:path';
import { createRsbuild, loadConfig, loadEnv } from '@rsbuild/core';

const [appDir, outDir] = process.argv.slice(2);
if (appDir === undefined || outDir === undefined) {
  console.error('usage: bun shell/e2e/build-remote.ts <app dir> <out dir>');
  process.exit(2);
}
const cwd = resolve(appDir);
const { content } = await loadConfig({ cwd });
// The rsbuild CLI does this itself; the JS API leaves it to the caller.
const { publicVars } = loadEnv({ cwd, mode: 'production' });
const rsbuild = await createRsbuild({
  cwd,
  rsbuildConfig: {
    ...content,
    source: { ...content.source, define: { ...content.source?.define, ...publicVars } },
    output: { ...content.output, distPath: { root: resolve(outDir) } },
  },
});
const { close } = await rsbuild.build();
await close();
