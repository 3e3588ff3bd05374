import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { apiAs, createPerson } from './people.ts';
import { signIn, signInAsAdmin, toastText } from './support.ts';

/**
 * API tokens (docs/product.md#api-tokens): a person makes a token on the profile from the keyboard,
 * sees it once, a script uses it, and the person revokes it; an admin revokes someone else's from
 * Automation › API tokens. A revoked token is refused on its next request.
 */

test.describe.configure({ timeout: 90_000 });

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await apiAs();
});

test.afterAll(async () => {
  await admin.dispose();
});

/** A script's client: no cookies, only the token. */
async function scriptWith(secret: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
}

test('a person makes a token from the keyboard, sees it once, a script uses it, and it is revoked', async ({
  page,
}) => {
  const person = await createPerson(admin, 'agent', null);
  await signIn(page, person.username, person.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  const section = page.getByTestId('api-tokens-section');
  await expect(section.getByText('You have no API tokens.')).toBeVisible();

  await section.getByRole('button', { name: 'New token' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Deploy script');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Expires after')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('checkbox', { name: /Read tickets/ })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(section.getByRole('checkbox', { name: /Create and change tickets/ })).toBeChecked();
  // An agent may give every scope but admin.
  await expect(section.getByRole('checkbox')).toHaveCount(4);
  for (let step = 0; step < 4; step++) await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Create token' })).toBeFocused();
  await page.keyboard.press('Enter');

  const secretBox = section.getByTestId('api-token-secret');
  await expect(secretBox).toBeFocused();
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^hd_[A-Za-z0-9_-]{43}$/);
  const row = section.getByTestId('api-token-row').filter({ hasText: 'Deploy script' });
  await expect(row).toContainText(secret.slice(0, 9));
  await expect(row).toContainText('tickets:write');
  await expect(row).toContainText('Never used');

  const script = await scriptWith(secret);
  const me = await script.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { username: string } }).user.username).toBe(person.username);
  const filed = await script.post('/api/tickets', {
    data: { title: 'Filed by the deploy script', description: 'Release 42 is out.' },
  });
  expect(filed.status(), await filed.text()).toBe(201);

  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Done' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(secretBox).toBeHidden();
  await page.reload();
  await expect(row).toContainText('Last used');
  await expect(page.getByText(secret)).toHaveCount(0);

  const revokeButton = row.getByRole('button', { name: 'Revoke Deploy script' });
  await revokeButton.focus();
  await page.keyboard.press('Enter');
  const question = section.getByRole('group', { name: 'Revoke Deploy script?' });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(toastText(page, 'Token revoked')).toBeVisible();
  await expect(section.getByText('You have no API tokens.')).toBeVisible();
  expect((await script.get('/api/auth/me')).status()).toBe(401);
  await script.dispose();
});

test("an admin revokes another person's token from Automation › API tokens", async ({ page }) => {
  const person = await createPerson(admin, 'end_user', null);
  const owner = await apiAs(person);
  const made = await owner.post('/api/api-tokens', {
    data: { name: 'Home automation', expiresInDays: 7, scopes: ['tickets:read'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { secret } = (await made.json()) as { secret: string };
  await owner.dispose();
  const script = await scriptWith(secret);
  expect((await script.get('/api/tickets')).status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto('/admin/automation');
  await page.getByRole('tab', { name: 'API tokens' }).click();
  const row = page.getByTestId('all-tokens-row').filter({ hasText: `@${person.username}` });
  await expect(row).toContainText('Home automation');
  await expect(row).toContainText('tickets:read');
  await row.getByRole('button', { name: /^Revoke Home automation of / }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(toastText(page, 'Token revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await script.get('/api/tickets')).status()).toBe(401);
  await script.dispose();
});
