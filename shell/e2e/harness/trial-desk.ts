import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';

/**
 * `bun run start` with no DATABASE_URL, as someone trying the desk on one machine types it: the built
 * apps on an embedded PostgreSQL of their own (in `dataDir`), on ports from `firstPort` up, next to
 * the e2e stack. Specs that need a desk nobody has set up yet start one.
 */
export type TrialDesk = {
  child: ChildProcess;
  /** Every line the start printed so far (its own and its servers'). */
  lines: string[];
  exited: Promise<number | null>;
  /** Where a browser opens it (APP_BASE_URL's origin). */
  url: string;
};

export const TRIAL_ADMIN = {
  username: 'trialadmin',
  email: 'trial@example.com',
  password: 'Trial-Desk-Pass-42!',
};

/** The ports one trial desk takes: SHELL_PORT is `firstPort`, then the API, the remotes and PostgreSQL. */
function portsFrom(firstPort: number): Record<string, string> {
  const names = ['SHELL_PORT', 'API_PORT', 'MF_TICKETS_PORT', 'MF_KB_PORT', 'MF_ADMIN_PORT', 'START_PG_PORT'];
  return Object.fromEntries(names.map((name, index) => [name, String(firstPort + index)]));
}

/** Starts the desk; `env` adds to (or overrides) what it is given. Wait for it with waitForLine. */
export function startTrialDesk(
  dataDir: string,
  firstPort: number,
  env: Record<string, string> = {},
): TrialDesk {
  const { DATABASE_URL: _none, ...inherited } = process.env;
  const child = spawn('bun', ['run', 'start'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      ...portsFrom(firstPort),
      START_DATA_DIR: dataDir,
      ADMIN_USERNAME: TRIAL_ADMIN.username,
      ADMIN_EMAIL: TRIAL_ADMIN.email,
      ADMIN_PASSWORD: TRIAL_ADMIN.password,
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let pending = '';
  const collect = (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited, url: `http://localhost:${firstPort}` };
}

/** The lines of the start script itself, without the `[start]` prefix (the servers log their own). */
export const startLines = (desk: TrialDesk) =>
  desk.lines.filter((line) => line.startsWith('[start]')).map((line) => line.slice(13).trim());

/** Waits until a line matches; throws with everything the start said when it does not come, or the start ended. */
export async function waitForLine(desk: TrialDesk, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (desk.lines.some((line) => pattern.test(line))) return;
    if (desk.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no line matching ${pattern}; the start said:\n${desk.lines.join('\n')}`);
}

/** SIGTERM, as a service manager or Ctrl-C stops it; resolves with the exit code, or 'late' after 20 s. */
export async function stopTrialDesk(desk: TrialDesk): Promise<number | null | 'late'> {
  if (desk.child.exitCode !== null) return desk.child.exitCode;
  desk.child.kill('SIGTERM');
  return Promise.race([
    desk.exited,
    new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 20_000)),
  ]);
}

/** Signs the first admin (TRIAL_ADMIN) in at the desk's admin sign-in page. */
export async function signInAsTrialAdmin(page: Page, desk: TrialDesk): Promise<void> {
  await page.goto(`${desk.url}/admin`);
  await page.getByLabel('Username').fill(TRIAL_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(TRIAL_ADMIN.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
}
