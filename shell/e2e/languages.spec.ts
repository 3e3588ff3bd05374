import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { apiAs, createPerson, whileSpeaking } from './people.ts';
import { collectPageErrors, DEMO, signInAsAdmin, toastText, uniqueName } from './support.ts';

/**
 * Before sign-in the browser's preferred language decides the screens' language, after it the person's
 * own (else the desk's) does (docs/product.md#languages): the converted screens speak it, and its
 * catalogue is one request of its own per app. English screens make no such request.
 */

/** The catalogue files the page fetches from now on (`/static/assets/<language>.<hash>.json`). */
function catalogueRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/static\/assets\/[a-z]{2}\.[0-9a-f]+\.json$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

async function pageIn(newContext: (options: { locale: string }) => Promise<BrowserContext>, locale: string) {
  const context = await newContext({ locale });
  return { context, page: await context.newPage() };
}

test('a Spanish browser signs in on a Spanish sign-in screen, from the keyboard', async ({ browser }) => {
  const { context, page } = await pageIn(
    (options) => browser.newContext({ ...options, baseURL: E2E.baseUrl }),
    'es-ES',
  );
  const errors = collectPageErrors(page);
  const catalogues = catalogueRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
  await expect(page.getByText('Mesa de ayuda', { exact: true })).toBeVisible();
  const username = page.getByLabel('Nombre de usuario');
  await expect(username).toBeFocused();
  await expect(username).toHaveAttribute('placeholder', 'Introduce tu nombre de usuario');
  await page.keyboard.type(DEMO.agent.username);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Contraseña' })).toBeFocused();
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  // The server answers in English; the screen says it in Spanish.
  await expect(page.getByTestId('login-error')).toHaveText('Nombre de usuario o contraseña incorrectos.');
  await expect(username).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(DEMO.agent.password);
  await page.keyboard.press('Enter');
  await expect(toastText(page, '¡Hola de nuevo!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  expect(catalogues.filter((url) => url.startsWith(E2E.baseUrl))).toHaveLength(1);
  expect(catalogues[0]).toMatch(/\/es\.[0-9a-f]+\.json$/);
  expect(errors).toEqual([]);
  await context.close();
});

test('a German browser registers on a German form whose card says its language', async ({ browser }) => {
  const { context, page } = await pageIn(
    (options) => browser.newContext({ ...options, baseURL: E2E.baseUrl }),
    'de-AT',
  );
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konto erstellen');
  await expect(page.locator('[lang="de"]').getByText('Sie haben bereits ein Konto?')).toBeVisible();
  await expect(page.getByLabel('Passwort bestätigen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Konto erstellen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passwort anzeigen' }).first()).toBeVisible();
  // A taken username: the server answers in English, the field says it in German.
  await page.getByLabel('Vorname').fill('Jana');
  await page.getByLabel('Nachname').fill('Keller');
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('E-Mail').fill(`${uniqueName('jana')}@example.com`);
  await page.getByLabel('Passwort', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Passwort bestätigen').fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Konto erstellen' }).press('Enter');
  await expect(
    page.getByText('Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.'),
  ).toBeVisible();
  await expect(page.getByLabel('Benutzername')).toBeFocused();
  await context.close();
});

test('an English browser gets the English screens and fetches no catalogue', async ({ browser }) => {
  const { context, page } = await pageIn(
    (options) => browser.newContext({ ...options, baseURL: E2E.baseUrl }),
    'en-GB',
  );
  const catalogues = catalogueRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByText("Don't have an account?")).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
  expect(catalogues).toEqual([]);
  await context.close();
});

test("a French admin's business calendars come in French, their catalogue from mf-admin itself", async ({
  browser,
}) => {
  // French is the admin's own language; the browser's (English) no longer decides after sign-in.
  const admin = await apiAs();
  const frenchAdmin = await createPerson(admin, 'admin', 'fr');
  await admin.dispose();
  const { context, page } = await pageIn(
    (options) => browser.newContext({ ...options, baseURL: E2E.baseUrl }),
    'en-US',
  );
  const catalogues = catalogueRequests(page);
  await signInAsAdmin(page, frenchAdmin);
  await page.goto('/admin/service-levels');
  await expect(page.getByRole('heading', { name: 'Calendriers ouvrés' })).toBeVisible();
  // Only the translated section says French; the policies above it are still English.
  await expect(
    page.locator('section[lang="fr"]').getByRole('heading', { name: 'Calendriers ouvrés' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nouveau calendrier' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Fuseau horaire' })).toBeVisible();
  const remoteCatalogues = catalogues.filter((url) => new URL(url).port === String(E2E.ports.mfAdmin));
  expect(remoteCatalogues).toHaveLength(1);
  expect(remoteCatalogues[0]).toMatch(/\/fr\.[0-9a-f]+\.json$/);
  await context.close();
});

test("a German agent's dashboard is painted in German by the HTML, and React keeps it German", async ({
  browser,
}) => {
  await whileSpeaking(DEMO.agent, 'de', async () => {
    const { context, page } = await pageIn(
      (options) => browser.newContext({ ...options, baseURL: E2E.baseUrl }),
      'de-DE',
    );
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(DEMO.agent.username);
    await page.locator('input[name="password"]').fill(DEMO.agent.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    const greeting = (on: Page) => on.getByRole('heading', { level: 2, name: /^Willkommen zurück, / });

    // The server's HTML alone, no script: the layout and greeting already in German.
    const html = await context.newPage();
    await html.route('**/*.js', (route) => route.abort());
    await html.goto('/dashboard');
    await expect(greeting(html)).toBeVisible();
    await expect(html.getByTestId('page-title')).toHaveText('Übersicht');
    await expect(html.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link')).toHaveText([
      'Übersicht',
      'Alle Tickets',
      'Wissensdatenbank',
    ]);
    await html.close();

    // With scripts: React replaces the paint with the same words, never English in between.
    const fresh = await context.newPage();
    await fresh.addInitScript(() => {
      const seen = { english: false };
      Object.assign(window, { __seen: seen });
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Welcome back')) seen.english = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await fresh.goto('/dashboard');
    await expect(fresh.getByRole('list', { name: 'Ticket-Kennzahlen' })).toBeVisible();
    await expect(greeting(fresh)).toHaveCount(1);
    await expect(fresh.getByText('Offene Tickets')).toBeVisible();
    expect(
      await fresh.evaluate(() => (window as unknown as { __seen: { english: boolean } }).__seen.english),
    ).toBe(false);
    await context.close();
  });
});

test('a German admin works on German Users & Teams and exports a German report', async ({ browser }) => {
  await whileSpeaking(DEMO.admin, 'de', async () => {
    const { context, page } = await pageIn(
      (options) => browser.newContext({ ...options, baseURL: E2E.baseUrl, acceptDownloads: true }),
      'de-DE',
    );
    await signInAsAdmin(page);
    // Counted from the next page load on: the sign-in's own /admin/users fetches the file too, and
    // it may still be on its way when the URL has already changed.
    await expect(page.getByRole('tab', { name: 'Benutzer', selected: true })).toBeVisible();
    const catalogues = catalogueRequests(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('tab', { name: 'Benutzer', selected: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Registriert am' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Benutzer hinzufügen' })).toBeVisible();
    // The tabs from the keyboard: arrow to Teams, then to the audit log.
    await page.getByRole('tab', { name: 'Benutzer' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Team anlegen' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('columnheader', { name: 'Betroffen' })).toBeVisible();

    // Within the app (no page load): mf-admin's German file is fetched once for both pages.
    await page.locator('a[href="/admin/reports"]').first().click();
    await expect(page.getByLabel('Berichtsart')).toBeVisible();
    await expect(
      page.getByTestId('report-summary').getByRole('heading', { name: 'Zusammenfassung' }),
    ).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportieren' }).focus();
    await page.keyboard.press('Enter');
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(
      csv.startsWith('"Zusammenfassung"\r\n"Kennzahl","Wert"\r\n"Erstellte Tickets",'),
      csv.slice(0, 80),
    ).toBe(true);

    const remoteCatalogues = catalogues.filter((url) => new URL(url).port === String(E2E.ports.mfAdmin));
    expect(remoteCatalogues).toHaveLength(1);
    expect(remoteCatalogues[0]).toMatch(/\/de\.[0-9a-f]+\.json$/);
    await context.close();
  });
});
