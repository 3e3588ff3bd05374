import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, toastBehindDialog, toastText, uniqueName } from './support.ts';

const SHOTS = process.env.KB_REVISIONS_SHOTS;

/** Saves a screenshot for review at both widths when KB_REVISIONS_SHOTS names a folder; a no-op otherwise. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/kb-revisions-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signedIn(page: Page, account: { username: string; password: string }) {
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
}

/** A fresh draft article, created through the API as the signed-in agent. */
async function createArticle(request: APIRequestContext, title: string, content: string): Promise<string> {
  const categories = (await (await request.get('/api/kb/categories')).json()) as { id: string }[];
  const response = await request.post('/api/kb/articles', {
    data: { title, content, categoryId: categories[0]?.id },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Opens the edit dialog from the keyboard and replaces the body. */
async function editContent(page: Page, content: string) {
  await page.getByTestId('edit-article-button').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('edit-article-dialog');
  await dialog.getByLabel('Content').fill(content);
  return dialog;
}

async function saveFromKeyboard(page: Page) {
  await page.getByTestId('edit-article-dialog').getByRole('button', { name: 'Save Changes' }).focus();
  await page.keyboard.press('Enter');
}

test.describe.configure({ timeout: 120_000 });

test('an agent edits twice, compares two revisions in the history and restores the first', async ({
  page,
}) => {
  await signedIn(page, DEMO.agent);
  const title = `Printer jams ${uniqueName('rev')}`;
  const id = await createArticle(page.request, title, 'Open tray two.\nPull the paper out.\nClose the tray.');
  await page.goto(`/kb/article/${id}`);
  await expect(page.getByTestId('article-title')).toHaveText(title);

  await editContent(page, 'Open tray two.\nPull the paper out slowly.\nClose the tray.');
  await saveFromKeyboard(page);
  await expect(toastText(page, 'Article updated successfully')).toBeVisible();
  await expect(page.getByTestId('edit-article-dialog')).toBeHidden();
  await editContent(page, 'Open tray two.\nPull the paper out slowly.\nClose the tray.\nPrint a test page.');
  await saveFromKeyboard(page);
  await expect(page.getByTestId('edit-article-dialog')).toBeHidden();
  await expect(page.getByTestId('article-content')).toContainText('Print a test page.');

  await page.getByTestId('article-history-button').focus();
  await page.keyboard.press('Enter');
  const history = page.getByTestId('revision-history-dialog');
  const items = history.getByTestId('revision-item');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Revision 3');
  await expect(items.first()).toContainText('Current');
  await expect(items.first()).toContainText('Changed content');
  await expect(items.last()).toContainText('Created');

  // The default comparison is the newest two: one added line.
  const diff = history.getByTestId('revision-diff');
  await expect(diff).toContainText('From revision 2 to revision 3');
  await expect(diff.locator('[data-kind="added"]')).toHaveText([/Print a test page\./]);
  await expect(diff.locator('[data-kind="removed"]')).toHaveCount(0);
  await shots(page, 'history');

  // Any two: the first against the newest.
  await history.getByTestId('revision-compare-from').selectOption('1');
  await expect(diff).toContainText('From revision 1 to revision 3');
  await expect(diff.locator('[data-kind="removed"]')).toHaveText([/Pull the paper out\./]);
  await expect(diff.locator('[data-kind="added"]')).toHaveText([
    /Pull the paper out slowly\./,
    /Print a test page\./,
  ]);
  // The markers are spoken, not only coloured.
  await expect(diff.locator('[data-kind="removed"]').first()).toContainText('Removed:');
  await shots(page, 'diff');

  await history.getByRole('button', { name: 'Restore revision 1' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('restore-revision-dialog');
  await expect(confirm).toContainText('Restore revision 1?');
  await confirm.getByRole('button', { name: 'Restore' }).focus();
  await page.keyboard.press('Enter');
  await expect(toastBehindDialog(page, 'Revision 1 restored')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(items).toHaveCount(4);
  await expect(items.first()).toContainText('Restored revision 1');
  // Escape would first dismiss the toast (the topmost layer); the dialog's own Close button closes it.
  await history.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(history).toBeHidden();
  await expect(page.getByTestId('article-content')).toHaveText(
    'Open tray two.\nPull the paper out.\nClose the tray.',
  );
});

test('two staff edit one article at once: the second is told who saved and shown the difference', async ({
  page,
  browser,
}) => {
  await signedIn(page, DEMO.agent);
  const title = `VPN drops ${uniqueName('conflict')}`;
  const id = await createArticle(page.request, title, 'Restart the client.\nSign in again.');

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signedIn(admin, DEMO.admin);

  await page.goto(`/kb/article/${id}`);
  await admin.goto(`/kb/article/${id}`);
  await expect(admin.getByTestId('article-title')).toHaveText(title);

  // Both open the editor on revision 1; the agent saves first.
  await editContent(page, 'Restart the client.\nSign in again.\nCheck the office Wi-Fi.');
  const adminDialog = await editContent(admin, 'Restart the client.\nSign in with your token.');
  await saveFromKeyboard(page);
  await expect(toastText(page, 'Article updated successfully')).toBeVisible();

  await saveFromKeyboard(admin);
  const conflict = adminDialog.getByTestId('edit-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('edit-conflict-who')).toContainText('saved revision 2');
  await expect(conflict.getByTestId('edit-conflict-who')).toContainText('Your changes were not saved.');
  const conflictDiff = conflict.getByTestId('edit-conflict-diff');
  await expect(conflictDiff.locator('[data-kind="removed"]')).toHaveText([
    /Sign in again\./,
    /Check the office Wi-Fi\./,
  ]);
  await expect(conflictDiff.locator('[data-kind="added"]')).toHaveText([/Sign in with your token\./]);
  // Nothing was overwritten: the dialog still holds the admin's text, the article the agent's.
  await expect(adminDialog.getByLabel('Content')).toHaveValue(
    'Restart the client.\nSign in with your token.',
  );
  await shots(admin, 'conflict');

  await conflict.getByRole('button', { name: 'Discard my edit and reload' }).focus();
  await admin.keyboard.press('Enter');
  await expect(conflict).toBeHidden();
  await expect(adminDialog.getByLabel('Content')).toHaveValue(
    'Restart the client.\nSign in again.\nCheck the office Wi-Fi.',
  );
  await adminDialog
    .getByLabel('Content')
    .fill('Restart the client.\nSign in with your token.\nCheck the office Wi-Fi.');
  await saveFromKeyboard(admin);
  await expect(toastText(admin, 'Article updated successfully')).toBeVisible();
  await expect(admin.getByTestId('article-content')).toContainText('Sign in with your token.');
  await adminContext.close();
});
