import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, settle } from './accessibility/axe-check.ts';
import { DEMO, signIn, uniqueName } from './support.ts';

test.describe.configure({ timeout: 90_000 });

/** Signed in as a demo user in a context of their own. */
async function signedIn(
  browser: import('@playwright/test').Browser,
  who: { username: string; password: string },
) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who.username, who.password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** 'YYYY-MM-DDTHH:MM' two days ahead in the browser's zone, as a datetime-local input takes it. */
async function twoDaysAhead(page: Page): Promise<string> {
  return page.evaluate(() => {
    const at = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T10:00`;
  });
}

test('an agent puts a ticket on hold and resumes it from the keyboard; card and timeline say so', async ({
  browser,
}) => {
  const requester = await signedIn(browser, DEMO.user);
  const title = `Printer jam ${uniqueName('')}`;
  const filed = await requester.request.post('/api/tickets', {
    data: { title, description: 'Filed for the waiting flow.', notifyRequester: false },
  });
  expect(filed.status()).toBe(201);
  const { id } = (await filed.json()) as { id: string };

  const agent = await signedIn(browser, DEMO.agent);
  await agent.goto(`/tickets/${id}`);
  const card = agent.getByTestId('sla-card');
  const activity = agent.getByTestId('ticket-activity');
  await expect(card).toBeVisible();

  // Open the form with Enter, give a date, and send it with Enter from the date field.
  const wait = agent.getByRole('button', { name: 'Wait on requester' });
  await wait.focus();
  await agent.keyboard.press('Enter');
  const form = agent.getByRole('dialog', { name: 'Wait on requester' });
  await expect(form).toBeVisible();
  await settle(agent);
  expect(await seriousViolations(agent, 'wait on requester form')).toEqual([]);
  const until = form.getByLabel(/^Until/);
  await expect(until).toBeFocused();
  await until.fill(await twoDaysAhead(agent));
  await agent.keyboard.press('Enter');

  await expect(form).toBeHidden();
  await expect(card).toContainText('Waiting on requester');
  await expect(card.locator('[data-sla-paused]')).toContainText('Resolution: paused');
  await expect(card).toContainText('Paused while waiting on the requester since');
  await expect(activity).toContainText('started waiting on the requester (until');

  // The requester sees the hold, without the agent's controls.
  await requester.goto(`/tickets/${id}`);
  const requesterCard = requester.getByTestId('sla-card');
  await expect(requesterCard).toContainText('Waiting on requester');
  await expect(requesterCard.getByRole('button')).toHaveCount(0);

  const resume = agent.getByRole('button', { name: 'Resume' });
  await resume.focus();
  await agent.keyboard.press('Enter');
  await expect(card).not.toContainText('Waiting on requester');
  await expect(wait).toBeVisible();
  await expect(activity).toContainText('resumed the clock — waited');
  await settle(agent);
  expect(await seriousViolations(agent, 'ticket page after a hold')).toEqual([]);
  await requester.context().close();
  await agent.context().close();
});
