import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './accessibility/axe-check.ts';
import { apiAs, createPerson, type TPerson } from './people.ts';
import { signIn, signInAsAdmin, toastText } from './support.ts';

/**
 * Sessions people can see (docs/product.md#sessions): one person signed in from several browsers sees
 * each on the profile and signs the others out from the keyboard; an admin ends a user's sessions from
 * the row menu. A browser whose session ended is signed out on its next request.
 */

test.describe.configure({ timeout: 90_000 });

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await apiAs();
});

test.afterAll(async () => {
  await admin.dispose();
});

/** A fresh browser (its own cookies) signed in as the person. */
async function signedInBrowser(browser: Browser, person: TPerson): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, person.username, person.password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** Whether the browser's session still lets it in (its next request). */
async function isSignedIn(page: Page): Promise<boolean> {
  return (await page.request.get('/api/auth/me')).status() === 200;
}

const sessionRows = (page: Page) => page.getByTestId('sessions-section').getByTestId('session-row');

test('the profile lists both browsers; signing the other out from the keyboard ends it at once', async ({
  page,
  browser,
}) => {
  const person = await createPerson(admin, 'end_user', null);
  await signIn(page, person.username, person.password);
  await expect(page).toHaveURL(/\/$/);
  const other = await signedInBrowser(browser, person);

  await page.goto('/profile');
  const rows = sessionRows(page);
  await expect(rows).toHaveCount(2);
  const current = rows.filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Active now');
  await expect(current.getByRole('button', { name: /^Sign out of / })).toHaveCount(0);
  const otherRow = rows.filter({ hasNotText: 'This device' });
  await expect(otherRow).toContainText('Last used: ');
  await expect(otherRow).toContainText('Password');

  const signOutButton = otherRow.getByRole('button', { name: /^Sign out of / });
  await signOutButton.focus();
  await page.keyboard.press('Enter');
  await expect(toastText(page, 'Session signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);
  // The keyboard keeps its place: the section's heading, not the top of the page.
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeFocused();

  expect(await isSignedIn(other)).toBe(false);
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  expect(await isSignedIn(page)).toBe(true);
  await other.context().close();
});

test('"Sign out of all other sessions" asks first, then keeps only this browser', async ({
  page,
  browser,
}) => {
  const person = await createPerson(admin, 'agent', null);
  const others = [await signedInBrowser(browser, person), await signedInBrowser(browser, person)];
  await signIn(page, person.username, person.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(sessionRows(page)).toHaveCount(3);
  // On a phone the sessions are cards, within the width, with nothing serious for assistive technology.
  await page.setViewportSize({ width: 390, height: 844 });
  const rowBox = await sessionRows(page).first().boundingBox();
  expect((rowBox?.x ?? 0) + (rowBox?.width ?? 999)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, 'profile sessions (phone)')).toEqual([]);

  const askButton = page.getByRole('button', { name: 'Sign out of all other sessions' });
  await askButton.focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('group', { name: 'Sign out of all other sessions?' });
  await expect(question).toContainText('The 2 other sessions are signed out at once.');
  // Cancel has the focus first: a stray Enter changes nothing; Escape puts the question away.
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page, 'profile sessions, the question')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(askButton).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Sign out of all other sessions' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toastText(page, 'Signed out of 2 other sessions')).toBeVisible();
  await expect(sessionRows(page)).toHaveCount(1);
  await expect(page.getByText('No other session is signed in.')).toBeVisible();

  for (const other of others) {
    expect(await isSignedIn(other)).toBe(false);
    await other.context().close();
  }
  expect(await isSignedIn(page)).toBe(true);
});

test("an admin ends a user's sessions from the row menu; the user's browser is signed out", async ({
  page,
  browser,
}) => {
  const person = await createPerson(admin, 'end_user', null);
  const userPage = await signedInBrowser(browser, person);

  await signInAsAdmin(page);
  await page.getByLabel('Search users').fill(person.username);
  const row = page.getByRole('row').filter({ hasText: `@${person.username}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Actions for / }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'End sessions' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'End sessions?' });
  await expect(dialog).toContainText(`@${person.username}`);
  await dialog.getByRole('button', { name: 'End sessions' }).click();
  await expect(toastText(page, `Ended 1 session of ${person.firstName} ${person.lastName}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  expect(await isSignedIn(userPage)).toBe(false);
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/login/);
  await userPage.context().close();
});
