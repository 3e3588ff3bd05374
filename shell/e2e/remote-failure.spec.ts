import { expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { signInAsAdmin } from './support.ts';

const LOAD_ERROR = 'This part of the help desk could not be loaded.';

/** Each remote, a route it serves and what proves it rendered. */
const REMOTES = [
  {
    name: 'mf_tickets',
    port: E2E.ports.mfTickets,
    path: '/tickets',
    link: 'All Tickets',
    ready: 'ticket-list-page',
  },
  { name: 'mf_kb', port: E2E.ports.mfKb, path: '/kb', link: 'Knowledge Base', ready: 'knowledge-base-page' },
  {
    name: 'mf_admin',
    port: E2E.ports.mfAdmin,
    path: '/admin/users',
    link: 'Users & Teams',
    ready: 'users-teams-page',
  },
] as const;

/** Refuses every request to one remote's origin while `isDown()` says so, as a stopped server would. */
async function cutOff(page: Page, port: number, isDown: () => boolean) {
  await page.route(`http://127.0.0.1:${port}/**`, (route) =>
    isDown() ? route.abort('connectionrefused') : route.continue(),
  );
}

for (const remote of REMOTES) {
  test(`with ${remote.name} down, its routes show a contained error, the rest works, and Retry recovers`, async ({
    page,
  }) => {
    // Every failed load waits out the backoff (0.5 s + 1 s) before the error shows.
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    let isDown = true;
    await cutOff(page, remote.port, () => isDown);
    await page.goto(remote.path);
    await expect(page.getByText(LOAD_ERROR)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('remote-error')).toContainText(remote.name);

    // Every other remote's route still renders, through the sidebar, without a reload.
    for (const other of REMOTES.filter((candidate) => candidate !== remote)) {
      await page.getByRole('link', { name: other.link, exact: true }).click();
      await expect(page.getByTestId(other.ready)).toBeVisible({ timeout: 15_000 });
    }

    if (remote.name === 'mf_tickets') {
      // The header's New Ticket button is on the working pages (not on the admin ones).
      await page.getByRole('link', { name: 'Knowledge Base', exact: true }).click();
      await page.getByTestId('header-new-ticket').click();
      await expect(page.getByTestId('new-ticket-error')).toContainText('Tickets are unavailable right now', {
        timeout: 15_000,
      });
      await page.getByRole('button', { name: 'Close' }).click();
    }

    await page.getByRole('link', { name: remote.link, exact: true }).click();
    await expect(page.getByText(LOAD_ERROR)).toBeVisible({ timeout: 15_000 });
    const loadedAt = await page.evaluate(() => performance.timeOrigin);
    isDown = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId(remote.ready)).toBeVisible({ timeout: 15_000 });
    // Recovered in place: the page was not reloaded.
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  });
}

test('the New Ticket button recovers once mf-tickets is back', async ({ page }) => {
  await signInAsAdmin(page);
  let isDown = true;
  await cutOff(page, E2E.ports.mfTickets, () => isDown);
  await page.goto('/kb');
  await page.getByTestId('header-new-ticket').click();
  await expect(page.getByTestId('new-ticket-error')).toContainText('Tickets are unavailable right now', {
    timeout: 15_000,
  });
  // The page underneath keeps working.
  await expect(page.getByTestId('knowledge-base-page')).toBeVisible();
  isDown = false;
  await page.getByTestId('new-ticket-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: /create/i })).toBeVisible({ timeout: 15_000 });
});

test('a remote built against an incompatible contracts version is named, with both versions', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const manifestUrl = `http://127.0.0.1:${E2E.ports.mfAdmin}/mf-manifest.json`;
  await page.route(manifestUrl, async (route) => {
    const response = await route.fetch();
    const manifest = await response.json();
    for (const shared of manifest.shared) {
      if (shared.name === '@helpdesk/contracts') {
        shared.version = '0.2.0';
        shared.requiredVersion = '^0.2.0';
      }
    }
    await route.fulfill({ response, json: manifest });
  });
  await page.goto('/admin/users');
  const alert = page.getByTestId('remote-incompatible');
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText('mf_admin needs @helpdesk/contracts ^0.2.0 (built with 0.2.0)');
  await expect(alert).toContainText('the shell provides 0.1.0 and accepts ^0.1.0');
  // Contained: the rest of the product still works.
  await page.goto('/kb');
  await expect(page.getByTestId('knowledge-base-page')).toBeVisible({ timeout: 15_000 });
});

test("the shell's federation runtime, failing to download, is fetched again, and Retry recovers", async ({
  page,
}) => {
  // Every failed load waits out the backoff (0.5 s + 1 s) before the error shows.
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  let isDown = true;
  let refused = 0;
  await page.route('**/static/js/async/federation-runtime.*.js', (route) => {
    if (!isDown) return route.continue();
    refused += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Ticket metrics' })).toBeVisible();
  // The dashboard never asked for it.
  expect(refused).toBe(0);

  await page.getByRole('link', { name: 'All Tickets', exact: true }).click();
  await expect(page.getByText(LOAD_ERROR)).toBeVisible({ timeout: 15_000 });
  // Each of the three tries asked for the chunk again: a failed import is not kept.
  expect(refused).toBeGreaterThanOrEqual(3);
  isDown = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('ticket-list-page')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Knowledge Base', exact: true }).click();
  await expect(page.getByTestId('knowledge-base-page')).toBeVisible({ timeout: 15_000 });
});
