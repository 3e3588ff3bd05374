import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../../tooling/src/repo-root.ts';
import { E2E } from './harness/e2e-config.ts';

/**
 * `bun run start` with no DATABASE_URL, as someone trying the desk on one machine would type it: its
 * own embedded PostgreSQL (in a scratch START_DATA_DIR here), the built apps, ports of its own next to
 * the e2e stack's. Started twice on the same data: the second start finds the first one's admin.
 */
const base = E2E.ports.shell + 301;
const PORTS = {
  SHELL_PORT: base,
  API_PORT: base + 1,
  MF_TICKETS_PORT: base + 2,
  MF_KB_PORT: base + 3,
  MF_ADMIN_PORT: base + 4,
  START_PG_PORT: base + 5,
};
const shellUrl = `http://localhost:${PORTS.SHELL_PORT}`;
const ADMIN = { username: 'trialadmin', email: 'trial@example.com', password: 'Trial-Desk-Pass-42!' };

type Started = { child: ChildProcess; lines: string[]; exited: Promise<number | null> };

function startDesk(dataDir: string): Started {
  const { DATABASE_URL: _none, ...env } = process.env;
  const child = spawn('bun', ['run', 'start'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      ...Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, String(port)])),
      START_DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NO_COLOR: '1',
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
  return { child, lines, exited };
}

/** The lines of the start script itself, without the `[start]` prefix (the servers log their own). */
const startLines = (started: Started) =>
  started.lines.filter((line) => line.startsWith('[start]')).map((line) => line.slice(13).trim());

async function waitForLine(started: Started, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.lines.some((line) => pattern.test(line))) return;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no line matching ${pattern}; the start said:\n${started.lines.join('\n')}`);
}

async function stopDesk(started: Started, dataDir: string) {
  started.child.kill('SIGTERM');
  const code = await Promise.race([
    started.exited,
    new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 20_000)),
  ]);
  expect(code, started.lines.join('\n')).not.toBe('late');
  // PostgreSQL removes its pid file only when it shut down cleanly.
  expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  const answer = await fetch(`${shellUrl}/api/health`).then(
    () => 'answered',
    () => 'refused',
  );
  expect(answer).toBe('refused');
}

test('bun run start without DATABASE_URL runs the built desk on an embedded PostgreSQL that keeps its data', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-start-trial-'));
  let started: Started | null = null;
  try {
    started = startDesk(dataDir);
    await waitForLine(started, /helpdesk running at/, 90_000);
    expect(startLines(started)[0]).toMatch(
      /^No DATABASE_URL: using the embedded PostgreSQL in .+ on 127\.0\.0\.1:\d+ \(for a one-machine trial; set DATABASE_URL in production\)$/,
    );
    expect(startLines(started)).toContain(`created the first admin '${ADMIN.username}' from ADMIN_USERNAME`);

    const html = await fetch(`${shellUrl}/`).then((response) => response.text());
    expect(html).toContain('<div id="root"');
    const health = await fetch(`${shellUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // Plain http on this machine: the session cookie must still stick.
    await page.goto(`${shellUrl}/admin`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    await stopDesk(started, dataDir);

    started = startDesk(dataDir);
    await waitForLine(started, /helpdesk running at/, 90_000);
    expect(startLines(started)).toContain('migrations up to date');
    expect(startLines(started).some((line) => line.startsWith('no admin exists'))).toBe(false);
    expect(startLines(started).some((line) => line.startsWith('created the first admin'))).toBe(false);
    await stopDesk(started, dataDir);
    started = null;
  } finally {
    if (started && started.child.exitCode === null) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
