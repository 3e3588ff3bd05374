import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, DEMO, signIn, uniqueName } from './support.ts';

async function signedIn(page: Page, account: { username: string; password: string }) {
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  // The header is ready (the shortcut listens from then on).
  await expect(page.getByTestId('global-search-input')).toBeVisible();
}

const popover = (page: Page) => page.getByTestId('global-search-popover');
const options = (page: Page) => popover(page).getByRole('option');

test.describe.configure({ timeout: 90_000 });

test('an agent finds a ticket by a word as they type, opens it with the keyboard, then sees all results', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const word = uniqueName('glimmer');
  const title = `Badge reader beeps twice ${word}`;

  // The requester files the ticket; the word is in its title and description.
  await signedIn(page, DEMO.user);
  const filed = await page.request.post('/api/tickets', {
    data: {
      title,
      description: `Since Monday the ${word} panel at the side door beeps twice and stays red.`,
    },
  });
  expect(filed.status()).toBe(201);
  const ticketId = ((await filed.json()) as { id: string }).id;
  await page.context().clearCookies();

  await signedIn(page, DEMO.agent);
  const input = page.getByTestId('global-search-input');
  // '/' anywhere outside a text field focuses the box.
  await page.getByRole('heading', { name: /Welcome back/ }).click();
  await page.keyboard.press('/');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('role', 'combobox');
  await expect(input).toHaveAttribute('aria-expanded', 'false');

  // Results appear as the word is typed (above 2 characters), grouped by kind.
  await input.pressSequentially(word.slice(0, 9), { delay: 30 });
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const hit = options(page).filter({ hasText: title });
  await expect(hit).toHaveCount(1);
  await expect(popover(page).getByRole('group', { name: 'Tickets' })).toBeVisible();
  await expect(hit.locator('mark').first()).toHaveText(word);

  // Arrows move the highlight (aria-activedescendant follows); Enter opens the ticket.
  const index = await options(page).evaluateAll(
    (all, wanted) => all.findIndex((option) => option.textContent?.includes(wanted)),
    title,
  );
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  const hitId = await hit.getAttribute('id');
  await expect(input).toHaveAttribute('aria-activedescendant', hitId ?? 'missing');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(popover(page)).toHaveCount(0);

  // Escape closes the popover; Enter with nothing highlighted opens the full results page.
  await page.keyboard.press('/');
  await expect(input).toBeFocused();
  await input.fill(word);
  await expect(options(page).filter({ hasText: title })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);
  await input.press('ArrowDown');
  await expect(popover(page)).toBeVisible();
  await input.press('ArrowUp');
  await input.press('ArrowDown');
  await input.fill(`${word} `);
  await expect(options(page).filter({ hasText: title })).toHaveCount(1);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByTestId('search-page-title')).toHaveText(`Search results for "${word}"`);
  const tickets = page.getByTestId('search-group-ticket');
  await expect(tickets.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  await expect(tickets.getByTestId('search-result-link')).toHaveCount(1);
  await expect(page.getByTestId('search-group-user')).toBeVisible();
  await expect(page.getByTestId('search-group-article')).toBeVisible();
  await tickets.getByTestId('search-result-link').click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  expect(errors).toEqual([]);
});

test("an agent finds people; an end user's search never shows a People group", async ({ page }) => {
  await signedIn(page, DEMO.agent);
  const input = page.getByTestId('global-search-input');
  await input.fill('jordan');
  const people = popover(page).getByRole('group', { name: 'People' });
  await expect(people.getByRole('option').filter({ hasText: '@agent' })).toBeVisible();
  await page.context().clearCookies();

  await signedIn(page, DEMO.user);
  await input.fill('jordan');
  await expect(page.getByTestId('global-search-status').or(options(page).first())).toBeVisible();
  await expect(popover(page).getByRole('group', { name: 'People' })).toHaveCount(0);
  await expect(popover(page).getByText('@agent')).toHaveCount(0);
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=jordan$/);
  await expect(page.getByTestId('search-page-title')).toBeVisible();
  await expect(page.getByTestId('search-group-user')).toHaveCount(0);
  await expect(page.getByText('@agent')).toHaveCount(0);
});

test("the results' rows come with the box's first focus; a failed fetch says so and the next focus recovers", async ({
  page,
}) => {
  let isDown = true;
  let asked = 0;
  await page.route('**/static/js/async/search-result-rows.*.js', (route) => {
    asked += 1;
    return isDown ? route.abort('connectionrefused') : route.continue();
  });
  await signedIn(page, DEMO.agent);
  // Not with the dashboard: only reaching for the box fetches them.
  expect(asked).toBe(0);
  const input = page.getByTestId('global-search-input');
  await input.focus();
  await input.pressSequentially('printer', { delay: 30 });
  await expect(page.getByTestId('global-search-status')).toHaveText('Search failed. Please try again.');
  await expect(options(page)).toHaveCount(0);
  expect(asked).toBeGreaterThan(0);

  isDown = false;
  await input.blur();
  await input.focus();
  await expect(options(page).first()).toBeVisible();
});
