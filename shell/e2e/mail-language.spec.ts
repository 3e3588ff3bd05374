import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminApi, readCaughtMail, type SavedSettings, saveSwitches } from './support.ts';

/**
 * Mail goes in its recipient's language (docs/product.md#email). The stack's harness has no way to
 * set one person's language, so this flow sets the desk's: a person who chose none gets it.
 */

const USER_EMAIL = 'user@example.com';

let admin: APIRequestContext;
let before: SavedSettings;

test.beforeAll(async () => {
  admin = await adminApi();
  before = await saveSwitches(admin, { language: 'de' });
});

test.afterAll(async () => {
  await saveSwitches(admin, { language: before.language });
  await admin.dispose();
});

test('on a German desk, a forgotten password brings a German reset mail', async ({ page }) => {
  const seen = (await readCaughtMail()).length;
  await page.goto('/forgot-password');
  await page.getByLabel(/mail/i).fill(USER_EMAIL);
  await page.getByLabel(/mail/i).press('Enter');

  await expect
    .poll(async () => {
      const caught = await readCaughtMail();
      return caught.slice(0, caught.length - seen).find((mail) => mail.envelope.to.includes(USER_EMAIL))
        ?.subject;
    })
    .toMatch(/Setzen Sie Ihr Passwort zurück$/);
  const [mail] = (await readCaughtMail()).filter((caught) => caught.envelope.to.includes(USER_EMAIL));
  expect(mail?.text).toMatch(/^Hallo /);
  expect(mail?.text).toMatch(/Passwort zurücksetzen: https?:\/\/\S+\/reset-password\?token=/);
  expect(mail?.text).not.toContain('Reset password');
});
