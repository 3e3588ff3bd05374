import { expect, type Page, request, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { DEMO, readCaughtMail, toastText, uniqueName } from './support.ts';

const AGENT_EMAIL = 'agent@example.com';

/**
 * Signs in from the keyboard on a sign-in page that is already open: the username field has focus,
 * Tab moves on to the password (past a "Forgot password?" link where the page has one), Enter submits.
 */
async function signInByKeyboard(page: Page, credentials: { username: string; password: string }) {
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(credentials.username);
  const password = page.getByLabel('Password', { exact: true });
  for (let tabs = 0; tabs < 3 && !(await password.evaluate((el) => el === document.activeElement)); tabs++) {
    await page.keyboard.press('Tab');
  }
  await expect(password).toBeFocused();
  await page.keyboard.type(credentials.password);
  await page.keyboard.press('Enter');
}

/** The "View ticket" link of the confirmation mail for the ticket titled `title`, waiting up to 15 s. */
async function readTicketLink(title: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await readCaughtMail())
          .filter((m) => m.envelope.to.includes(AGENT_EMAIL) && m.subject.includes(title))
          .map((m) => m.text.match(/View ticket: (\S+)/)?.[1])
          .find((found) => found !== undefined);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return link ?? '';
}

test('a signed-out agent follows a mail’s ticket link and lands on the ticket after signing in', async ({
  page,
}) => {
  // An admin opens a ticket on the agent's behalf; the confirmation mail carries its link.
  const admin = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await admin.post('/api/auth/admin/login', { data: DEMO.admin })).ok()).toBe(true);
  const title = `Deep link ${uniqueName('')}`;
  const created = await admin.post('/api/tickets', {
    data: { title, description: 'Opened from a mail.', requesterEmail: AGENT_EMAIL, notifyRequester: true },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();

  const link = new URL(await readTicketLink(title));
  expect(link.pathname).toMatch(/^\/tickets\/[0-9a-f-]{36}$/);
  await page.goto(link.pathname);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(link.pathname)}`);
  await signInByKeyboard(page, DEMO.agent);
  await expect(page).toHaveURL(link.pathname);
  await expect(page.getByTestId('ticket-title')).toHaveText(title);
  // The user menu is named by the name it shows (Label in Name).
  await expect(page.getByRole('button', { name: /Jordan Lee/ })).toBeVisible();
});

test('a session that ends while a page is open returns to that page after signing in again', async ({
  page,
  context,
}) => {
  await page.goto('/tickets');
  await signInByKeyboard(page, DEMO.agent);
  await expect(page).toHaveURL('/tickets');
  await page.getByTestId('ticket-row').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('ticket-title')).toBeVisible();

  // The session ends behind the open page; its next write is refused and sends it to sign in.
  await context.clearCookies();
  await page.getByLabel('Add a comment').fill('Written after the session ended.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(toastText(page, 'You are logged out. Logging in again...')).toBeVisible();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(ticketPath)}`);
  await signInByKeyboard(page, DEMO.agent);
  await expect(page).toHaveURL(ticketPath);
  await expect(page.getByTestId('ticket-title')).toBeVisible();
});

test('an admin page asked for while signed out returns there through the administrator sign-in', async ({
  page,
}) => {
  await page.goto('/admin/settings');
  await expect(page).toHaveURL('/admin?redirect=%2Fadmin%2Fsettings');
  await signInByKeyboard(page, DEMO.admin);
  await expect(page).toHaveURL('/admin/settings');
});

test('a hostile return path is ignored: sign-in goes to the default page', async ({ page }) => {
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fphish');
  await signInByKeyboard(page, DEMO.agent);
  await expect(page).toHaveURL('/');
});
