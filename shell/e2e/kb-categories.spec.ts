import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, toastBehindDialog, uniqueName } from './support.ts';

test.describe.configure({ timeout: 120_000 });

async function signedIn(page: Page, account: { username: string; password: string }) {
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
}

/** Focuses a control and presses a key: the flows below are driven from the keyboard. */
async function press(page: Page, control: ReturnType<Page['getByRole']>, key = 'Enter') {
  await control.focus();
  await page.keyboard.press(key);
}

async function openManage(page: Page) {
  await page.goto('/kb');
  await press(page, page.getByRole('button', { name: 'Manage categories' }));
  const dialog = page.getByTestId('manage-categories-dialog');
  await expect(dialog.getByRole('list', { name: 'Categories in order' })).toBeVisible();
  return dialog;
}

async function createCategory(page: Page, name: string) {
  const dialog = page.getByTestId('manage-categories-dialog');
  await press(page, dialog.getByRole('button', { name: 'New category' }));
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Made from the keyboard');
  // Tab reaches the checked icon radio; the arrow keys move the choice along the grid.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Book open' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Cloud' })).toBeChecked();
  await press(page, dialog.getByRole('button', { name: 'Create category' }));
  await expect(toastBehindDialog(page, 'Category created')).toBeVisible();
  await expect(dialog.getByTestId('manage-category-name').filter({ hasText: name })).toBeVisible();
}

test('an agent creates, moves and deactivates a category; end users stop seeing it and its articles', async ({
  page,
  browser,
}) => {
  const name = uniqueName('Printers ');
  await signedIn(page, DEMO.agent);
  const dialog = await openManage(page);
  await createCategory(page, name);

  // A new category goes last; Move up swaps it with the one above.
  const names = dialog.getByTestId('manage-category-name');
  await expect(names.last()).toHaveText(name);
  const before = await names.allTextContents();
  await press(page, dialog.getByRole('button', { name: `Move ${name} up` }));
  await expect(names.nth(before.length - 2)).toHaveText(name);
  await expect(names.last()).toHaveText(before.at(-2) ?? '');

  // A published article in it, which the end user reads.
  const categories = (await (await page.request.get('/api/kb/categories')).json()) as {
    id: string;
    name: string;
  }[];
  const categoryId = categories.find((category) => category.name === name)?.id ?? '';
  const created = await page.request.post('/api/kb/articles', {
    data: { title: `Jammed paper ${name}`, content: 'Open tray 2.', categoryId, status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { id: articleId } = (await created.json()) as { id: string };

  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signedIn(user, DEMO.user);
  await user.goto('/kb');
  await expect(user.getByTestId('kb-category-card').filter({ hasText: name })).toBeVisible();
  await expect(user.getByRole('button', { name: 'Manage categories' })).toHaveCount(0);

  // Deactivate: marked inactive for staff, gone for end users (card, article page).
  await press(page, dialog.getByRole('button', { name: `Deactivate ${name}` }));
  const row = dialog.getByTestId('manage-category-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-active', 'false');
  await expect(row.getByText('Inactive')).toBeVisible();

  await user.goto('/kb');
  await expect(user.getByTestId('kb-category-card').first()).toBeVisible();
  await expect(user.getByTestId('kb-category-card').filter({ hasText: name })).toHaveCount(0);
  await user.goto(`/kb/article/${articleId}`);
  await expect(user.getByText(/not found/i).first()).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto(`/kb/article/${articleId}`);
  await expect(page.getByTestId('article-inactive-category-badge')).toBeVisible();
  await userContext.close();
});

test('an admin deletes an empty category and is refused one that still has articles', async ({ page }) => {
  const empty = uniqueName('Empty ');
  await signedIn(page, DEMO.admin);
  const dialog = await openManage(page);
  await createCategory(page, empty);

  await press(page, dialog.getByRole('button', { name: `Delete ${empty}` }));
  const confirm = page.getByTestId('delete-category-dialog');
  await expect(confirm.getByText('Delete category?')).toBeVisible();
  await press(page, confirm.getByRole('button', { name: 'Delete category' }));
  await expect(confirm).toBeHidden();
  await expect(dialog.getByTestId('manage-category-name').filter({ hasText: empty })).toHaveCount(0);

  // The demo's Hardware category holds articles: the refusal says why and nothing is deleted.
  await press(page, dialog.getByRole('button', { name: 'Delete Hardware' }));
  await press(page, confirm.getByRole('button', { name: 'Delete category' }));
  await expect(confirm.getByTestId('delete-category-refusal')).toContainText('This category still has');
  await press(page, confirm.getByRole('button', { name: 'Close' }));
  await expect(dialog.getByTestId('manage-category-name').filter({ hasText: 'Hardware' })).toBeVisible();
});
