import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dir, '../..');
