/**
 * `bun run build`: production builds of the three remotes and the shell (each into its own dist/), by
 * each app's own build script (the shell's also renders its first paint, shell/scripts/).
 */
import { join } from 'node:path';
import { REPO_ROOT } from '../tooling/src/repo-root.ts';

const APPS = ['mf-tickets', 'mf-kb', 'mf-admin', 'shell'];

for (const app of APPS) {
  const started = performance.now();
  const result = Bun.spawnSync([process.execPath, 'run', 'build'], {
    cwd: join(REPO_ROOT, app),
    env: { ...process.env, NODE_ENV: 'production' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  if (result.exitCode !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    console.error(`build of ${app} failed (exit ${result.exitCode})`);
    process.exit(1);
  }
  console.log(`built ${app} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
