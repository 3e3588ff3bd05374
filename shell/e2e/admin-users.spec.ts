import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectPageErrors, DEMO, signIn, signInAsAdmin, signOut, toastText, uniqueName } from './support.ts';

function userRow(page: Page, username: string) {
  return page.getByRole('row').filter({ hasText: `@${username}` });
}

// The Role column's badge (the cell also holds the field's name for phones): its text is the raw
// role, capitalised by CSS.
function roleCell(row: Locator) {
  return row.getByRole('cell').nth(2).locator('[data-slot="badge"]');
}

async function findUser(page: Page, username: string) {
  await page.getByLabel('Search users').fill(username);
  await expect(userRow(page, username)).toBeVisible();
}

test('Add User creates an active agent who can sign in at once; the admin then changes the role', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  const username = uniqueName('agent');
  const password = 'Str0ng!pass';

  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByTestId('add-user-dialog');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();

  await dialog.getByLabel('First Name').fill('Noor');
  await dialog.getByLabel('Last Name').fill('Haddad');
  await dialog.getByLabel('Username').fill(DEMO.agent.username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill('Different1!');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('This username is already taken.')).toBeVisible();
  await expect(dialog.getByLabel('Username')).toBeFocused();

  await dialog.getByLabel('Username').fill(username);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('Agent');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(toastText(page, `Noor Haddad (@${username}) can sign in now as Agent.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await findUser(page, username);
  const row = userRow(page, username);
  await expect(roleCell(row)).toHaveText(/^agent$/i);
  await expect(row).toContainText('Active');
  await signOut(page);

  await signIn(page, username, password);
  await expect(toastText(page, 'Successfully signed in as Noor Haddad')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'All Tickets' })).toBeVisible();
  await signOut(page);

  await signInAsAdmin(page);
  await findUser(page, username);
  await row.getByRole('button', { name: 'Actions for Noor Haddad' }).click();
  await page.getByRole('menuitem', { name: 'Make End User' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('goes from Agent to End User');
  await confirm.getByRole('button', { name: 'Make End User' }).click();
  await expect(toastText(page, 'Noor Haddad is now End User.')).toBeVisible();
  await expect(roleCell(row)).toHaveText(/^end user$/i);
  await signOut(page);

  await signIn(page, username, password);
  await expect(page.getByRole('link', { name: 'My Tickets' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an admin cannot change their own role from the users table', async ({ page }) => {
  await signInAsAdmin(page);
  await findUser(page, DEMO.admin.username);
  const row = userRow(page, DEMO.admin.username).filter({ hasText: 'admin@example.com' });
  await row.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem', { name: 'You cannot change your own role' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: /^Make / })).toHaveCount(0);
});
