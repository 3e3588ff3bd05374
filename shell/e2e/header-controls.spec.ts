import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

/**
 * The header's menu, bell and drawer fetch their code when the pointer reaches them. A press can land
 * while that code is still on its way; if it arrives before the release, the button pressed is
 * replaced by the real trigger and the click goes to neither. These hold the code back until the
 * button is pressed, let it in, and release only once the real trigger is there.
 */
const CONTROLS: readonly {
  name: string;
  width: number;
  /** The button's accessible name. */
  button: string | RegExp;
  opened: (page: Page) => Locator;
}[] = [
  {
    name: 'the user menu',
    width: 1280,
    button: /user menu/i,
    opened: (page) => page.getByRole('menuitem', { name: 'Log out' }),
  },
  {
    name: 'the notifications bell',
    width: 1280,
    button: /^Notifications/,
    opened: (page) => page.getByTestId('notification-list'),
  },
  {
    name: 'the navigation drawer',
    width: 390,
    button: 'Open navigation menu',
    opened: (page) => page.getByRole('dialog').getByRole('link', { name: 'Knowledge Base' }),
  },
];

for (const control of CONTROLS) {
  test(`${control.name} opens when its code arrives between the press and the release`, async ({ page }) => {
    await page.setViewportSize({ width: control.width, height: 800 });
    await signIn(page, DEMO.agent.username, DEMO.agent.password);
    await expect(page.getByTestId('recent-tickets')).toBeVisible();
    // A fresh load: the sign-in's toast covers the drawer's button on a phone.
    await page.reload();
    await expect(page.getByTestId('recent-tickets')).toBeVisible();
    const button = page.getByRole('button', { name: control.button });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).not.toHaveAttribute('data-state');

    let held = 0;
    let letIn = () => {};
    const gate = new Promise<void>((resolve) => {
      letIn = resolve;
    });
    await page.route('**/*', async (route) => {
      if (['script', 'stylesheet'].includes(route.request().resourceType())) {
        held += 1;
        await gate;
      }
      await route.continue();
    });
    const box = await button.boundingBox();
    if (box === null) throw new Error(`${control.name} has no box`);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => held, { message: 'the pointer asked for the code' }).toBeGreaterThan(0);
    await page.mouse.down();

    letIn();
    // Radix's trigger carries data-state; the placeholder does not. An open modal drawer hides its
    // trigger from the accessibility tree, hence includeHidden.
    await expect(page.getByRole('button', { name: control.button, includeHidden: true })).toHaveAttribute(
      'data-state',
      /open|closed/,
    );
    await page.mouse.up();

    await expect(control.opened(page)).toBeVisible();
  });
}
