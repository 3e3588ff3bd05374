import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../../tooling/src/repo-root.ts';
import { E2E } from './harness/e2e-config.ts';
import { signInAsAdmin } from './support.ts';

/**
 * The e2e stack's servers belong to Playwright's webServer, so this test runs its own shell (the
 * same build, not rebuilt) and its own mf-kb next to them; tickets, admin and the API are shared.
 */
const SHELL_PORT = E2E.ports.shell + 201;
const KB_PORT = E2E.ports.shell + 202;
const local = (port: number) => `http://127.0.0.1:${port}`;
const children = new Set<ChildProcess>();

function serve(dir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const child = spawn('bun', [join(REPO_ROOT, 'shell/server/serve-static.ts'), dir, String(port)], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  children.add(child);
  return child;
}

async function stop(child: ChildProcess) {
  children.delete(child);
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function waitUntilServing(url: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const isUp = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not start`);
}

function buildKb(outDir: string, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(
      'bun',
      [join(REPO_ROOT, 'shell/e2e/build-remote.ts'), join(REPO_ROOT, 'mf-kb'), outDir],
      {
        env: { ...process.env, PUBLIC_MF_BUILD_LABEL: label },
        stdio: 'ignore',
      },
    );
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`mf-kb build exited with ${code}`)),
    );
  });
}

test.afterAll(async () => {
  await Promise.all([...children].map(stop));
});

test('a redeployed remote shows up in the running shell on the next load, without rebuilding the shell', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const outDir = mkdtempSync(join(tmpdir(), 'helpdesk-mf-kb-'));
  const label = `redeploy-${Date.now().toString(36)}`;
  try {
    // Builds while the first version is being checked; it lands in its own directory.
    const rebuilt = buildKb(outDir, label);
    let kb = serve(join(REPO_ROOT, 'mf-kb/dist'), KB_PORT);
    serve(join(REPO_ROOT, 'shell/dist'), SHELL_PORT, {
      API_ORIGIN: local(E2E.ports.api),
      HELPDESK_REMOTES: JSON.stringify({
        mf_tickets: `${local(E2E.ports.mfTickets)}/mf-manifest.json`,
        mf_kb: `${local(KB_PORT)}/mf-manifest.json`,
        mf_admin: `${local(E2E.ports.mfAdmin)}/mf-manifest.json`,
      }),
    });
    await Promise.all([
      waitUntilServing(`${local(KB_PORT)}/mf-manifest.json`),
      waitUntilServing(`${local(SHELL_PORT)}/runtime-config.js`),
    ]);

    // Cookies are per host, not per port: the session made on the e2e shell is valid here too.
    await signInAsAdmin(page);
    await page.goto(`${local(SHELL_PORT)}/kb`);
    const kbPage = page.getByTestId('knowledge-base-page');
    await expect(kbPage).toBeVisible({ timeout: 15_000 });
    await expect(kbPage).not.toHaveAttribute('data-build-label');

    await rebuilt;
    await stop(kb);
    kb = serve(outDir, KB_PORT);
    await waitUntilServing(`${local(KB_PORT)}/mf-manifest.json`);

    await page.reload();
    await expect(kbPage).toHaveAttribute('data-build-label', label, { timeout: 15_000 });
    // Only mf-kb changed: the other remotes still load in the same shell.
    await page.getByRole('link', { name: 'All Tickets', exact: true }).click();
    await expect(page.getByTestId('ticket-list-page')).toBeVisible({ timeout: 15_000 });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
