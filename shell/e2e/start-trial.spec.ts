import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import {
  startLines,
  startTrialDesk,
  stopTrialDesk,
  TRIAL_ADMIN,
  type TrialDesk,
  waitForLine,
} from './harness/trial-desk.ts';

const FIRST_PORT = E2E.ports.shell + 301;

async function stopCleanly(desk: TrialDesk, dataDir: string) {
  expect(await stopTrialDesk(desk), desk.lines.join('\n')).not.toBe('late');
  // PostgreSQL removes its pid file only when it shut down cleanly.
  expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  const answer = await fetch(`${desk.url}/api/health`).then(
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
  let desk: TrialDesk | null = null;
  try {
    desk = startTrialDesk(dataDir, FIRST_PORT);
    await waitForLine(desk, /helpdesk running at/, 90_000);
    expect(startLines(desk)[0]).toMatch(
      /^No DATABASE_URL: using the embedded PostgreSQL in .+ on 127\.0\.0\.1:\d+ \(for a one-machine trial; set DATABASE_URL in production\)$/,
    );
    expect(startLines(desk)).toContain(
      `created the first admin '${TRIAL_ADMIN.username}' from ADMIN_USERNAME`,
    );

    const html = await fetch(`${desk.url}/`).then((response) => response.text());
    expect(html).toContain('<div id="root"');
    const health = await fetch(`${desk.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // Plain http on this machine: the session cookie must still stick.
    await page.goto(`${desk.url}/admin`);
    await page.getByLabel('Username').fill(TRIAL_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(TRIAL_ADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    await stopCleanly(desk, dataDir);

    desk = startTrialDesk(dataDir, FIRST_PORT);
    await waitForLine(desk, /helpdesk running at/, 90_000);
    expect(startLines(desk)).toContain('migrations up to date');
    expect(startLines(desk).some((line) => line.startsWith('no admin exists'))).toBe(false);
    expect(startLines(desk).some((line) => line.startsWith('created the first admin'))).toBe(false);
    await stopCleanly(desk, dataDir);
  } finally {
    if (desk) await stopTrialDesk(desk);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
