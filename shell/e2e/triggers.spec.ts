import { API_PATHS, TRIGGER_PATHS, triggerPath } from '@helpdesk/contracts';
import { expect, test } from '@playwright/test';
import {
  adminApi,
  collectPageErrors,
  DEMO,
  signIn,
  signInAsAdmin,
  toastText,
  uniqueName,
} from './support.ts';

test.describe.configure({ timeout: 90_000 });

test('an admin writes the printer rule from the keyboard; a printer ticket goes to Hardware and its timeline names the rule', async ({
  page,
  browser,
}) => {
  const errors = collectPageErrors(page);
  const ruleName = `Printers to Hardware ${uniqueName('')}`;
  const admin = await adminApi();
  // The printer example (docs/product.md#triggers) names a Hardware team; the demo desk has none, so the flow adds it once.
  const teams = (await (await admin.get(API_PATHS.teams)).json()) as { name: string }[];
  if (!teams.some((team) => team.name === 'Hardware')) {
    expect(
      (
        await admin.post(API_PATHS.teams, {
          data: { name: 'Hardware', description: 'Printers and devices.' },
        })
      ).ok(),
    ).toBe(true);
  }
  try {
    await signInAsAdmin(page);
    await page.goto('/admin/automation');
    const tab = page.getByTestId('triggers-tab');
    const add = tab.getByRole('button', { name: 'Add trigger' });
    await add.focus();
    await page.keyboard.press('Enter');

    const form = page.getByTestId('trigger-form-dialog');
    const name = form.getByLabel('Name', { exact: true });
    await expect(name).toBeFocused();
    await page.keyboard.type(ruleName);
    // Runs: "When a ticket is created" is the default; the switch is on.
    await form.getByRole('button', { name: 'Add condition' }).focus();
    await page.keyboard.press('Enter');
    await form.getByLabel('Words, separated by commas').focus();
    await page.keyboard.type('printer');
    // The first action row is "Assign to team": its team is chosen in the native select.
    await form.getByLabel('Value of action 1').selectOption({ label: 'Hardware' });
    await form.getByRole('button', { name: 'Add trigger' }).focus();
    await page.keyboard.press('Enter');
    await expect(toastText(page, 'Trigger added')).toBeVisible();
    await expect(form).toBeHidden();
    const row = tab.getByTestId('trigger-row').filter({ hasText: ruleName });
    await expect(row).toContainText('When a ticket is created');
    await expect(row.getByRole('switch', { name: `Enable ${ruleName}` })).toBeChecked();

    // A user files a printer ticket.
    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await signIn(user, DEMO.user.username, DEMO.user.password);
    await user.getByTestId('header-new-ticket').click();
    const dialog = user.getByTestId('create-ticket-dialog');
    await dialog.getByLabel('Subject').fill('Printer on floor 3 jams');
    await dialog.getByLabel('Description').fill('Every second page jams in tray 2.');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(toastText(user, 'Ticket created successfully')).toBeVisible();
    await expect(user).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const ticketUrl = new URL(user.url()).pathname;
    await userContext.close();

    // Staff see it in the Hardware team, and the timeline says which rule did it.
    await page.goto(ticketUrl);
    await expect(page.getByTestId('ticket-details')).toContainText('Hardware');
    await expect(page.getByTestId('ticket-activity')).toContainText(
      `System applied the rule "${ruleName}": moved the ticket to the Hardware team`,
    );
    expect(errors).toEqual([]);
  } finally {
    // Rules act on every ticket filed while they exist: this one must not outlive the flow.
    const list = (await (await admin.get(TRIGGER_PATHS.list)).json()) as {
      triggers: { id: string; name: string }[];
    };
    for (const trigger of list.triggers.filter((one) => one.name === ruleName)) {
      await admin.delete(triggerPath(trigger.id));
    }
    await admin.dispose();
  }
});
