import { fileURLToPath } from 'node:url';

// import.meta.url rather than Bun's import.meta.dir: Playwright loads the config (and this) under Node.
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
