import { type Browser, test as base, expect } from '@playwright/test';
import { seriousViolations, settle } from './accessibility/axe-check.ts';
import { expectVisibleFocus, isFocusInside, tabTo } from './accessibility/keyboard.ts';
import { SCREENS, type TVisitor, type TWidth } from './accessibility/screens.ts';
import { DEMO, signIn, signInAsAdmin, uniqueName } from './support.ts';

type TStorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

const VIEWPORTS: Record<TWidth, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};
const VISITORS: readonly TVisitor[] = ['signedOut', 'user', 'agent', 'admin'];

/** Signs each demo account in once per worker; every test after that starts from its saved cookies. */
const test = base.extend<
  object,
  { storageStateOf: (visitor: TVisitor) => Promise<TStorageState | undefined> }
>({
  storageStateOf: [
    async ({ browser }, use) => {
      const states = new Map<TVisitor, Promise<TStorageState>>();
      async function signedInState(visitor: Exclude<TVisitor, 'signedOut'>): Promise<TStorageState> {
        const context = await browser.newContext();
        const page = await context.newPage();
        if (visitor === 'admin') await signInAsAdmin(page);
        else {
          await signIn(page, DEMO[visitor].username, DEMO[visitor].password);
          await expect(page).toHaveURL(/\/$/);
        }
        const state = await context.storageState();
        await context.close();
        return state;
      }
      await use(async (visitor) => {
        if (visitor === 'signedOut') return undefined;
        const state = states.get(visitor) ?? signedInState(visitor);
        states.set(visitor, state);
        return state;
      });
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel', timeout: 240_000 });
// A screen that never shows its content fails its own step quickly instead of the whole test's time.
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

for (const visitor of VISITORS) {
  for (const width of ['desktop', 'phone'] as const) {
    const screens = SCREENS.filter(
      (screen) => screen.visitors.includes(visitor) && (screen.widths ?? [width]).includes(width),
    );
    test(`every screen ${visitor} sees at ${width} width has no serious or critical WCAG violation`, async ({
      browser,
      storageStateOf,
    }) => {
      const context = await browser.newContext({
        viewport: VIEWPORTS[width],
        storageState: await storageStateOf(visitor),
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const screen of screens) {
        await test.step(screen.name, async () => {
          await screen.open(page);
          await settle(page);
          found.push(...(await seriousViolations(page, `${screen.name} (${visitor}, ${width})`)));
        });
      }
      await context.close();
      expect(found.join('\n\n'), `${found.length} serious or critical axe violations`).toBe('');
    });
  }
}

test('from the keyboard alone an end user signs in, files a ticket in the dialog and comments on it', async ({
  page,
}) => {
  const title = `Keyboard only ${uniqueName('kbd')}`;
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username'));
  await expectVisibleFocus(page);
  await page.keyboard.type(DEMO.user.username);
  // "Forgot password?" sits beside the Password label, so it comes before the field.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO.user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  const newTicket = page.getByTestId('header-new-ticket');
  await tabTo(page, newTicket);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('create-ticket-dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => isFocusInside(dialog)).toBe(true);

  // Focus stays in the dialog both ways round, with a ring on every stop.
  for (const key of ['Tab', 'Shift+Tab'] as const) {
    for (let presses = 0; presses < 25; presses++) {
      await page.keyboard.press(key);
      expect(await isFocusInside(dialog)).toBe(true);
      await expectVisibleFocus(page);
    }
  }
  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newTicket).toBeFocused();

  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Subject'));
  await page.keyboard.type(title);
  await tabTo(page, dialog.getByLabel('Description'));
  await page.keyboard.type('Typed without a mouse.');
  await tabTo(page, dialog.getByRole('button', { name: 'Create Ticket' }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('ticket-title')).toHaveText(title);

  const commentForm = page.getByTestId('add-comment-form');
  await tabTo(page, commentForm.getByRole('textbox'));
  await expectVisibleFocus(page);
  await page.keyboard.type('Added from the keyboard.');
  await tabTo(page, commentForm.getByRole('button', { name: /add comment/i }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('ticket-comment').filter({ hasText: 'Added from the keyboard.' }),
  ).toBeVisible();
});
