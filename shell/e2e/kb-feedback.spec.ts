import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  clearOfUtcMidnight,
  collectPageErrors,
  DEMO,
  signIn,
  signInAsAdmin,
  toastText,
  uniqueName,
} from './support.ts';

const SHOTS = process.env.KB_FEEDBACK_SHOTS;

async function signedIn(page: Page, account: { username: string; password: string }) {
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
}

/** Screenshots for a person to look at, at the desktop and phone sizes, when KB_FEEDBACK_SHOTS names a folder. */
async function shoot(page: Page, name: string, target: Locator) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Presses a button from the keyboard: focus, then Enter. */
async function pressButton(button: Locator) {
  await button.focus();
  await button.press('Enter');
}

/** One table row of the open report, by its first cell. */
function reportRow(page: Page, table: string, firstCell: string): Locator {
  return page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row')
    .filter({ hasText: firstCell });
}

async function summaryValue(page: Page, label: string): Promise<string> {
  const card = page.getByTestId('report-stat').filter({ has: page.getByText(label, { exact: true }) });
  return (await card.locator('dd').textContent())?.trim() ?? '';
}

async function openKnowledgeReport(page: Page) {
  await page.goto('/admin/reports');
  await expect(page.getByTestId('report-overview')).toBeVisible();
  await page.getByLabel('Report type').click();
  await page.getByRole('option', { name: 'Knowledge Base', exact: true }).click();
  await expect(page.getByTestId('report-knowledge')).toBeVisible();
  await expect(page.getByTestId('report-period')).not.toContainText('updating');
}

test('readers answer "Was this helpful?", staff see it, and the admin reads the knowledge-base report', async ({
  browser,
}) => {
  test.setTimeout(120_000 + (await clearOfUtcMidnight(120_000)));
  const marker = uniqueName('dockq');
  const title = `Docking station flickers ${marker}`;
  const comment = 'Step two does not match the new dock.';

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await openKnowledgeReport(admin);
  const readsBefore = Number(await summaryValue(admin, 'Articles read'));

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signedIn(agent, DEMO.agent);
  const categories = (await (await agent.request.get('/api/kb/categories')).json()) as { id: string }[];
  const created = await agent.request.post('/api/kb/articles', {
    data: {
      title,
      content: 'Unplug the dock.\nWait ten seconds.',
      categoryId: categories[0]?.id,
      status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const articleId = ((await created.json()) as { id: string }).id;

  // The end user reads the article and answers No with a comment, from the keyboard.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  const errors = collectPageErrors(user);
  await signedIn(user, DEMO.user);
  await user.goto(`/kb/article/${articleId}`);
  const box = user.getByTestId('helpful-box');
  await expect(box.getByText('Was this helpful?')).toBeVisible();
  await expect(user.getByTestId('feedback-summary')).toHaveCount(0);
  await pressButton(box.getByTestId('helpful-no'));
  await expect(box.getByTestId('helpful-no')).toHaveAttribute('aria-pressed', 'true');
  await box.getByLabel('What was missing or wrong? (optional)').fill(comment);
  await pressButton(box.getByTestId('helpful-comment-send'));
  await expect(toastText(user, 'Thanks for your feedback')).toBeVisible();
  await shoot(user, 'helpful-box-end-user', box);

  // The agent sees the counts and the comment with who wrote it.
  await agent.goto(`/kb/article/${articleId}`);
  const summary = agent.getByTestId('feedback-summary');
  await expect(summary.getByTestId('feedback-no')).toHaveText('1');
  await expect(summary.getByTestId('feedback-yes')).toHaveText('0');
  await expect(summary.getByTestId('feedback-rate')).toHaveText('0.0% helpful');
  await expect(summary.getByTestId('feedback-comment')).toContainText(comment);
  await expect(summary.getByTestId('feedback-comment')).toContainText('Taylor');
  await shoot(agent, 'staff-summary', summary);

  // The end user changes their answer to Yes (Space works as well as Enter).
  const yes = box.getByTestId('helpful-yes');
  await yes.focus();
  await yes.press('Space');
  await expect(yes).toHaveAttribute('aria-pressed', 'true');
  await expect(box.getByTestId('helpful-answered')).toHaveText(
    'You answered Yes. You can change your answer.',
  );
  await agent.reload();
  await expect(summary.getByTestId('feedback-yes')).toHaveText('1');
  await expect(summary.getByTestId('feedback-no')).toHaveText('0');
  await expect(summary.getByTestId('feedback-rate')).toHaveText('100.0% helpful');

  // A search that finds nothing.
  const missing = uniqueName('qqzvw');
  await user.goto('/kb');
  await user.getByTestId('kb-search-input').fill(missing);
  await expect(user.getByText('No articles found matching your search.')).toBeVisible();

  // A deflection: the suggestion is opened, then the ticket draft abandoned.
  await user.getByTestId('header-new-ticket').click();
  const dialog = user.getByTestId('create-ticket-dialog');
  await dialog.getByLabel('Subject').fill(`My docking station flickers ${marker}`);
  const suggestion = dialog.getByTestId('article-suggestion').filter({ hasText: title });
  await expect(suggestion).toBeVisible();
  const opened = userContext.waitForEvent('page');
  await suggestion.click();
  await (await opened).close();
  const deflected = user.waitForResponse((r) => r.url().endsWith('/api/kb/deflections'));
  await user.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await deflected).status()).toBe(204);

  // The admin's knowledge-base report shows all of it.
  await openKnowledgeReport(admin);
  expect(Number(await summaryValue(admin, 'Articles read'))).toBe(readsBefore + 2);
  await expect(reportRow(admin, 'Helpfulness by article', title)).toContainText('100.0%');
  await expect(reportRow(admin, 'Searches with no result', missing.toLowerCase())).toContainText('1');
  await expect(reportRow(admin, 'Deflections by article', title)).toContainText('1');
  await shoot(admin, 'knowledge-report', admin.getByTestId('report-knowledge'));
  await shoot(admin, 'knowledge-report-lists', admin.locator('[data-section="helpfulness"]'));
  expect(errors).toEqual([]);
  await Promise.all([adminContext.close(), agentContext.close(), userContext.close()]);
});
