import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, signInAsAdmin, toastBehindDialog, toastText, uniqueName } from './support.ts';

async function openTeamsTab(page: Page) {
  await page.getByRole('tab', { name: 'Teams' }).click();
  await expect(page.getByRole('button', { name: 'Create Team' })).toBeVisible();
}

function teamCard(page: Page, name: string) {
  return page.getByTestId('team-card').filter({ has: page.getByText(name, { exact: true }) });
}

test('an admin creates a team, adds two agents, removes one, renames and deletes it', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  const name = `Field Ops ${uniqueName('')}`;
  const renamed = `${name} East`;

  await signInAsAdmin(page);
  await openTeamsTab(page);

  await page.getByRole('button', { name: 'Create Team' }).click();
  const form = page.getByTestId('team-form-dialog');
  await form.getByRole('button', { name: 'Create Team' }).click();
  await expect(form.getByText('Team name is required')).toBeVisible();
  await form.getByLabel('Team name').fill(name);
  await form.getByLabel('Description').fill('On-site hardware swaps');
  await form.getByRole('button', { name: 'Create Team' }).click();
  await expect(toastText(page, 'Team created successfully')).toBeVisible();
  await expect(form).toBeHidden();

  const card = teamCard(page, name);
  await expect(card).toContainText('On-site hardware swaps');
  await expect(card.getByTestId('member-count')).toHaveText('0 members');

  await card.getByRole('button', { name: `Manage ${name}` }).click();
  const manage = page.getByTestId('team-members-dialog');
  await expect(manage.getByText('No team members assigned yet')).toBeVisible();
  await manage.getByRole('button', { name: 'Add Members' }).click();

  const picker = page.getByTestId('add-members-dialog');
  await expect(picker.getByTestId('candidate').first()).toBeVisible();
  // Only active agents and admins are offered: the demo end user and the pending user are not.
  await expect(picker.getByText('@user ·')).toHaveCount(0);
  await expect(picker.getByText('@pending ·')).toHaveCount(0);
  await expect(picker.getByTestId('selected-count')).toHaveText('0 user(s) selected');
  await expect(picker.getByRole('button', { name: 'Add Selected Members (0)' })).toBeDisabled();

  await picker.getByLabel('Search users to add').fill('zz-nobody-matches');
  await expect(picker.getByText('No users found matching your search')).toBeVisible();
  await picker.getByLabel('Search users to add').fill('marcus');
  await picker.getByRole('checkbox', { name: 'Select Marcus Chen' }).click();
  await picker.getByLabel('Search users to add').fill('priya');
  await picker.getByRole('checkbox', { name: 'Select Priya Patel' }).click();
  await expect(picker.getByTestId('selected-count')).toHaveText('2 user(s) selected');
  await picker.getByRole('button', { name: 'Add Selected Members (2)' }).click();
  await expect(toastBehindDialog(page, 'Members added successfully')).toContainText(
    'Added 2 member(s) to the team.',
  );
  await expect(picker).toBeHidden();

  const members = manage.getByTestId('team-member');
  await expect(members).toHaveCount(2);
  await expect(manage).toContainText('Marcus Chen');
  await expect(manage).toContainText('Priya Patel');

  // Members already in the team are no longer offered.
  await manage.getByRole('button', { name: 'Add Members' }).click();
  await expect(picker.getByTestId('candidate').first()).toBeVisible();
  await expect(picker.getByRole('checkbox', { name: 'Select Marcus Chen' })).toHaveCount(0);
  await expect(picker.getByRole('checkbox', { name: 'Select Priya Patel' })).toHaveCount(0);
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toBeHidden();

  await manage.getByRole('button', { name: 'Remove Marcus Chen' }).click();
  await expect(toastBehindDialog(page, 'Member removed successfully')).toBeVisible();
  await expect(members).toHaveCount(1);
  await expect(manage).toContainText('Priya Patel');
  await expect(manage).not.toContainText('Marcus Chen');
  await manage.locator('[data-slot="dialog-footer"]').getByRole('button', { name: 'Close' }).click();
  await expect(card.getByTestId('member-count')).toHaveText('1 member');

  await page.reload();
  await openTeamsTab(page);
  await expect(teamCard(page, name).getByTestId('member-count')).toHaveText('1 member');

  await teamCard(page, name)
    .getByRole('button', { name: `Team actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit team' }).click();
  await expect(form.getByLabel('Team name')).toHaveValue(name);
  await form.getByLabel('Team name').fill(renamed);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastText(page, 'Team updated successfully')).toBeVisible();
  const renamedCard = teamCard(page, renamed);
  await expect(renamedCard).toBeVisible();

  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await page.getByLabel('Action', { exact: true }).click();
  await page.getByRole('option', { name: 'Team members added' }).click();
  await expect(page.getByTestId('audit-row').first()).toContainText(
    `Team ${name}: added @marcus.chen, @priya.patel`,
  );
  await page.getByRole('tab', { name: 'Teams' }).click();

  await renamedCard.getByRole('button', { name: `Team actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete team' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Deleting ${renamed}`);
  await confirm.getByRole('button', { name: 'Delete Team' }).click();
  await expect(toastText(page, 'Team deleted successfully')).toBeVisible();
  await expect(teamCard(page, renamed)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a duplicate team name is refused under the field', async ({ page }) => {
  await signInAsAdmin(page);
  await openTeamsTab(page);
  const existing =
    (await page.getByTestId('team-card').first().locator('[data-slot="card-title"]').textContent()) ?? '';
  expect(existing).not.toBe('');
  await page.getByRole('button', { name: 'Create Team' }).click();
  const form = page.getByTestId('team-form-dialog');
  await form.getByLabel('Team name').fill(existing.toUpperCase());
  await form.getByRole('button', { name: 'Create Team' }).click();
  await expect(form.getByText('A team with this name already exists')).toBeVisible();
  await expect(form.getByLabel('Team name')).toBeFocused();
});
