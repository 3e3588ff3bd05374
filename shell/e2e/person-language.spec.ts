import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import {
  apiAs,
  createPerson,
  setDeskLanguage,
  signInFromKeyboard,
  signOutFromKeyboard,
  type TLanguage,
} from './people.ts';
import { collectPageErrors, toastText } from './support.ts';

/**
 * Who sees which language (docs/product.md#languages): a signed-in person's own choice, else the desk's
 * default (admin settings), and before sign-in or after sign-out the browser's. The specs run one at
 * a time against one stack (playwright.config.ts: one worker), so the desk's language changed here
 * is put back before the next spec starts.
 */

let admin: APIRequestContext;
let deskLanguage: TLanguage = 'en';

test.beforeAll(async () => {
  admin = await apiAs();
  deskLanguage = await setDeskLanguage(admin, 'en');
});

test.afterAll(async () => {
  await setDeskLanguage(admin, deskLanguage);
  await admin.dispose();
});

async function pageIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, baseURL: E2E.baseUrl });
  return context.newPage();
}

const html = (page: Page) => page.locator('html');

test('a person picks Deutsch on the profile from the keyboard, keeps it across reload and sign-in, and leaves in the browser language', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const person = await createPerson(admin, 'end_user', null);
  // The browser speaks French: the public pages do, and so does the page after sign-out.
  const page = await pageIn(browser, 'fr-FR');
  const errors = collectPageErrors(page);
  await page.goto('/login');
  await expect(html(page)).toHaveAttribute('lang', 'fr');
  await signInFromKeyboard(page, person);
  // No choice of their own: the desk's language (English), not the browser's.
  await expect(html(page)).toHaveAttribute('lang', 'en');

  await page.goto('/profile');
  const language = page.getByLabel('Language', { exact: true });
  await expect(language).toHaveValue('');
  await expect(language.locator('option:checked')).toHaveText('Desk default (English)');
  await language.focus();
  await page.keyboard.type('Deutsch');
  await expect(language).toHaveValue('de');
  await page.keyboard.press('Tab');
  const zone = page.getByLabel('Time zone', { exact: true });
  await expect(zone).toBeFocused();
  await page.keyboard.type('Europe/Berlin');
  await expect(zone).toHaveValue('Europe/Berlin');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');

  // Every screen switches at once, the toast already in German.
  await expect(toastText(page, 'Sprache und Zeitzone gespeichert')).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Sprache', { exact: true })).toHaveValue('de');
  await expect(page.getByText('Sprache und Zeitzone', { exact: true })).toBeVisible();

  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Sprache', { exact: true })).toHaveValue('de');
  await expect(page.getByLabel('Zeitzone', { exact: true })).toHaveValue('Europe/Berlin');
  // The sidebar, drawn before the German texts arrived, redraws with them.
  await expect(page.getByTestId('sidebar-user')).toContainText('Endbenutzer');

  await signOutFromKeyboard(page, person);
  await expect(html(page)).toHaveAttribute('lang', 'fr');
  await signInFromKeyboard(page, person);
  await expect(html(page)).toHaveAttribute('lang', 'de');
  await page.goto('/profile');
  await expect(page.getByLabel('Sprache', { exact: true })).toHaveValue('de');
  expect(errors).toEqual([]);
  await page.context().close();
});

test("the desk's default language reaches whoever chose none, at once for the admin who sets it, and not who chose their own", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const [deskAdmin, follower, german] = await Promise.all([
    createPerson(admin, 'admin', null),
    createPerson(admin, 'end_user', null),
    createPerson(admin, 'end_user', 'de'),
  ]);
  try {
    const adminPage = await pageIn(browser, 'en-US');
    await signInFromKeyboard(adminPage, deskAdmin);
    await adminPage.goto('/admin/settings');
    await expect(adminPage.getByTestId('settings-form')).toBeVisible();
    await expect(html(adminPage)).toHaveAttribute('lang', 'en');
    const select = adminPage.getByLabel('Default Language', { exact: true });
    await select.focus();
    await adminPage.keyboard.press('Enter');
    await adminPage.getByRole('option', { name: 'Spanish (es)', exact: true }).press('Enter');
    await adminPage.getByRole('button', { name: 'Save Settings' }).press('Enter');
    // The admin chose no language of their own: the desk's new one applies to them as soon as it is saved.
    await expect(html(adminPage)).toHaveAttribute('lang', 'es');

    const followerPage = await pageIn(browser, 'fr-FR');
    await signInFromKeyboard(followerPage, follower);
    await expect(html(followerPage)).toHaveAttribute('lang', 'es');
    await followerPage.goto('/profile');
    await expect(followerPage.getByText('Idioma y zona horaria', { exact: true })).toBeVisible();
    await expect(followerPage.getByLabel('Idioma', { exact: true }).locator('option:checked')).toHaveText(
      'Predeterminado (Español)',
    );

    const germanPage = await pageIn(browser, 'en-US');
    await signInFromKeyboard(germanPage, german);
    await expect(html(germanPage)).toHaveAttribute('lang', 'de');
    await germanPage.goto('/profile');
    await expect(germanPage.getByText('Sprache und Zeitzone', { exact: true })).toBeVisible();
    for (const page of [adminPage, followerPage, germanPage]) await page.context().close();
  } finally {
    await setDeskLanguage(admin, 'en');
  }
});
