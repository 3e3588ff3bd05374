import { SLA_MESSAGES } from '@helpdesk/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectPageErrors, signInAsAdmin, toastText, uniqueName } from './support.ts';

/** Presses a control from the keyboard: focus, then Enter (buttons, links, select triggers). */
async function press(control: Locator, key = 'Enter') {
  await control.focus();
  await control.press(key);
}

/** Opens a select of the open dialog from the keyboard and picks one of its options. */
async function choose(page: Page, label: string, option: string) {
  await press(page.getByRole('dialog').getByLabel(label, { exact: true }));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('an admin sets up office hours in Berlin and a high-priority policy on them, from the keyboard', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const calendarName = uniqueName('Berlin office ');
  const policyName = uniqueName('High, office hours ');
  await signInAsAdmin(page);
  await press(page.getByRole('link', { name: 'Service levels' }));
  await expect(page).toHaveURL(/\/admin\/service-levels$/);
  await expect(page.getByTestId('page-title')).toHaveText('Service levels');

  // The calendar: Mon-Fri 09:00-17:00 in Europe/Berlin, with Christmas off every year.
  await press(page.getByRole('button', { name: 'New calendar' }));
  const calendarDialog = page.getByTestId('calendar-form-dialog');
  await expect(calendarDialog.getByLabel('Calendar name *')).toBeFocused();
  await page.keyboard.type(calendarName);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Europe/Berlin');
  await press(calendarDialog.getByRole('button', { name: 'Around the clock' }));
  await press(calendarDialog.getByRole('button', { name: 'Mon-Fri 9-17' }));
  await expect(calendarDialog.getByRole('switch', { name: 'Saturday' })).not.toBeChecked();
  await expect(calendarDialog.getByLabel('Friday until')).toHaveValue('17:00');

  // A time past midnight is refused before anything is sent, under the range it belongs to.
  await calendarDialog.getByLabel('Monday until').fill('25:00');
  await calendarDialog.getByLabel('Monday until').press('Enter');
  await expect(calendarDialog.getByText('Times are HH:MM, from 00:00 to 24:00')).toBeVisible();
  await expect(calendarDialog.getByLabel('Monday until')).toHaveAttribute('aria-invalid', 'true');
  await calendarDialog.getByLabel('Monday until').fill('17:00');

  await press(calendarDialog.getByRole('button', { name: 'Add holiday' }));
  await calendarDialog.getByLabel('Holiday 1 date').fill('2026-12-25');
  await calendarDialog.getByLabel('Holiday 1 name').fill('Christmas');
  await press(calendarDialog.getByRole('checkbox', { name: 'Every year' }), 'Space');
  await expect(calendarDialog.getByRole('checkbox', { name: 'Every year' })).toBeChecked();
  await press(calendarDialog.getByRole('button', { name: 'Create Calendar' }));
  await expect(toastText(page, 'Calendar created')).toBeVisible();
  await expect(calendarDialog).toBeHidden();
  const calendarRow = page.getByTestId('calendar-row').filter({ hasText: calendarName });
  await expect(calendarRow).toContainText('Europe/Berlin');
  await expect(calendarRow).toContainText('Mon-Fri 09:00-17:00');
  await expect(calendarRow).toContainText('No policies');

  // The policy: high priority, 4 h to respond, 16 h to resolve, counted in the calendar.
  await press(page.getByRole('button', { name: 'New policy' }));
  const policyDialog = page.getByTestId('policy-form-dialog');
  await expect(policyDialog.getByLabel('Policy name *')).toBeFocused();
  await page.keyboard.type(policyName);
  await choose(page, 'Priority *', 'High');
  await policyDialog.getByLabel('First response within *').fill('4');
  await policyDialog.getByLabel('Resolution within *').fill('2');
  await choose(page, 'Business calendar', calendarName);
  await press(policyDialog.getByRole('button', { name: 'Create Policy' }));
  await expect(policyDialog.getByText(SLA_MESSAGES.resolutionBeforeResponse)).toBeVisible();
  await expect(policyDialog.getByLabel('Resolution within *')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('16');

  // The demo data already has a high-priority policy for any team and category: the server's refusal
  // shows under Priority, and narrowing the policy to one category makes it fit.
  await press(policyDialog.getByRole('button', { name: 'Create Policy' }));
  await expect(policyDialog.getByText(SLA_MESSAGES.policyMatchExists)).toBeVisible();
  await choose(page, 'Category', 'Access Request');
  await press(policyDialog.getByRole('button', { name: 'Create Policy' }));
  await expect(toastText(page, 'SLA policy created')).toBeVisible();
  await expect(policyDialog).toBeHidden();
  const policyRow = page.getByTestId('sla-policy-row').filter({ hasText: policyName });
  for (const text of ['High', 'Access Request', '4 h', '16 h', calendarName, 'Active'])
    await expect(policyRow).toContainText(text);
  await expect(calendarRow).toContainText(policyName);

  // Editing: a first response within 90 minutes, sent as 1.5 hours.
  await press(policyRow.getByRole('button', { name: `Edit ${policyName}` }));
  await expect(policyDialog.getByLabel('Resolution within *')).toHaveValue('16');
  await choose(page, 'First response within: unit', 'minutes');
  await policyDialog.getByLabel('First response within *').fill('90');
  await press(policyDialog.getByRole('button', { name: 'Save Changes' }));
  await expect(toastText(page, 'SLA policy saved')).toBeVisible();
  await expect(policyRow).toContainText('1 h 30 min');
  await press(policyRow.getByRole('button', { name: `Deactivate ${policyName}` }));
  await expect(policyRow).toContainText('Inactive');

  // A calendar a policy counts in cannot go: the server's reason stays in the dialog.
  await press(calendarRow.getByRole('button', { name: `Delete ${calendarName}` }));
  await press(page.getByRole('button', { name: 'Delete Calendar' }));
  await expect(page.getByTestId('delete-calendar-error')).toHaveText(SLA_MESSAGES.calendarInUse);
  await page.keyboard.press('Escape');
  await expect(calendarRow).toBeVisible();
  expect(errors).toEqual([]);
});
