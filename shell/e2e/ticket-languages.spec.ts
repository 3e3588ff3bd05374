import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { whileSpeaking } from './people.ts';
import { collectPageErrors, DEMO } from './support.ts';

/**
 * The tickets remote speaks the browser's language (docs/architecture.md#languages): its catalogue for
 * that language is one file from the remote's own origin, fetched with its first translated screen.
 */

/** The remote's catalogue files the page fetches (`/static/assets/<language>.<hash>.json`). */
function ticketCatalogues(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.port === String(E2E.ports.mfTickets) &&
      /\/static\/assets\/[a-z]{2}\.[0-9a-f]+\.json$/.test(url.pathname)
    )
      urls.push(request.url());
  });
  return urls;
}

/** The requests of the page that got no answer or an error status. */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()}: ${response.status()}`);
  });
  return failed;
}

/**
 * What the page showed when an expected focus or dialog did not: whether the page held the browser's
 * focus and which element had it, the dialogs open and their names, the page's language, its errors and
 * failed requests.
 */
async function screenState(page: Page, errors: string[], failed: string[]): Promise<string> {
  const shown = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    hasFocus: document.hasFocus(),
    focused: document.activeElement?.outerHTML.slice(0, 160) ?? null,
    dialogs: [...document.querySelectorAll('[role="dialog"]')].map((dialog) =>
      (dialog.textContent ?? '').slice(0, 80),
    ),
    main: (document.querySelector('main')?.textContent ?? '').slice(0, 200),
  }));
  return JSON.stringify({ ...shown, errors, failed }, null, 2);
}

async function signedIn(browser: Browser, locale: string, who: { username: string; password: string }) {
  const context = await browser.newContext({ locale, baseURL: E2E.baseUrl });
  const response = await context.request.post('/api/auth/login', {
    data: who,
    headers: { Origin: E2E.baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
  const page = await context.newPage();
  // These tests drive the page from the keyboard, and Chromium sends focus events (and counts
  // `document.hasFocus()`) only in the page that holds the browser's focus. A page opened in a second
  // context of a long-lived browser has been seen without it: `focus()` then moved nothing.
  await page.bringToFront();
  return { context, page };
}

test('a German agent works the queues and a ticket in German, from the keyboard', async ({ browser }) => {
  await whileSpeaking(DEMO.agent, 'de', async () => {
    const { context, page } = await signedIn(browser, 'de-DE', DEMO.agent);
    const errors = collectPageErrors(page);
    const catalogues = ticketCatalogues(page);
    await page.goto('/tickets');
    await expect(page.getByTestId('ticket-list-page').getByRole('heading', { level: 2 })).toHaveText(
      'Alle Tickets',
    );
    await expect(page.getByTestId('list-new-ticket')).toHaveText('Neues Ticket');
    await expect(page.getByRole('navigation', { name: 'Ticketansichten' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Anfragender' })).toBeVisible();
    await expect(page.getByTestId('list-search')).toHaveAttribute('placeholder', 'In dieser Ansicht suchen');

    await page.locator('body').press('?');
    const help = page.getByRole('dialog', { name: 'Tastenkürzel' });
    await expect(help.getByText('Nächstes Ticket')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ticket-detail-page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zu den Tickets' })).toBeVisible();
    await expect(page.getByTestId('ticket-actions').getByText('Aktionen')).toBeVisible();
    await expect(page.getByTestId('ticket-activity').getByText('Aktivität')).toBeVisible();
    await expect(page.getByTestId('ticket-details').getByText('Anfragender')).toBeVisible();

    expect(catalogues).toHaveLength(1);
    expect(catalogues[0]).toMatch(/\/de\.[0-9a-f]+\.json$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test('a French requester opens Create Ticket in French from the keyboard', async ({ browser }) => {
  await whileSpeaking(DEMO.user, 'fr', async () => {
    const { context, page } = await signedIn(browser, 'fr-FR', DEMO.user);
    const errors = collectPageErrors(page);
    const failed = failedRequests(page);
    await page.goto('/tickets');
    await expect(page.getByTestId('ticket-list-page').getByRole('heading', { level: 2 })).toHaveText(
      'Mes tickets',
    );
    await expect(page.getByRole('link', { name: 'Fermés' })).toBeVisible();
    const newTicket = page.getByTestId('list-new-ticket');
    // A CI run saw the focus back on <body> in a page that held the browser's focus, the button still
    // shown: a render after the list appeared took it. Focus is given again until it holds, as a person
    // would tab back; the claim here is that Enter on the button opens the French dialog.
    await expect(async () => {
      await newTicket.focus();
      await expect(newTicket).toBeFocused({ timeout: 1_000 });
    })
      .toPass({ timeout: 7_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await screenState(page, errors, failed)}`);
      });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Créer un ticket' });
    await expect(dialog)
      .toBeVisible()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await screenState(page, errors, failed)}`);
      });
    await expect(dialog.getByRole('button', { name: 'Créer le ticket' })).toBeVisible();
    await expect(dialog.getByText('Taille max. : 10 Mo')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  });
});
