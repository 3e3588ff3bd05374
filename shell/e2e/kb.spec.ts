import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn, toastText, uniqueName } from './support.ts';

const CATEGORY = 'Hardware';

async function signedIn(page: Page, account: { username: string; password: string }) {
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
}

function categoryCard(page: Page, name: string): Locator {
  return page.getByTestId('kb-category-card').filter({ hasText: name });
}

/** The published-article count on a category card ('1 article' / 'N articles'). */
async function categoryCount(page: Page, name: string): Promise<number> {
  const count = categoryCard(page, name).getByTestId('kb-category-count');
  await expect(count).toHaveText(/^\d[\d,]* articles?$/);
  return Number((await count.textContent())?.replace(/\D/g, ''));
}

async function search(page: Page, text: string) {
  await page.getByTestId('kb-search-input').fill(text);
  await expect(page.getByTestId('kb-search-title')).toHaveText(`Search Results for "${text}"`);
}

async function viewCount(page: Page): Promise<number> {
  const views = page.getByTestId('article-views');
  await expect(views).toHaveText(/^\d[\d,]* views?$/);
  return Number((await views.textContent())?.replace(/\D/g, ''));
}

test.describe.configure({ timeout: 90_000 });

test('an agent drafts an article the end user cannot find, publishes it, and the end user reads it', async ({
  page,
  browser,
}) => {
  const marker = uniqueName('kbmarker');
  const bodyWord = uniqueName('bodyword');
  const title = `Replacing the toner ${marker}`;
  const content = `Open the front panel.\nPull the old cartridge out.\n\nInsert the new one and run ${bodyWord}.`;

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signedIn(agent, DEMO.agent);
  await signedIn(page, DEMO.user);
  await page.goto('/kb');
  const countBefore = await categoryCount(page, CATEGORY);

  // The agent writes a draft; field errors come first.
  await agent.goto('/kb');
  await agent.getByTestId('create-article-button').click();
  const create = agent.getByTestId('create-article-dialog');
  await create.getByRole('button', { name: 'Create Article' }).click();
  await expect(create.getByText('Title is required')).toBeVisible();
  await expect(create.getByText('Please choose a category')).toBeVisible();
  await expect(create.getByText('Content is required')).toBeVisible();
  await create.getByLabel('Title').fill(title);
  await expect(create.getByText('Title is required')).toHaveCount(0);
  await create.getByLabel('Category').click();
  await agent.getByRole('option', { name: CATEGORY, exact: true }).click();
  await expect(create.getByLabel('Status')).toHaveText('Draft');
  await create.getByLabel('Excerpt').fill('Swap a toner cartridge in the office printers.');
  await create.getByLabel('Content').fill(content);
  await create.getByLabel('Tags').fill('printer, toner,');
  await create.getByLabel('Tags').fill('hardware');
  await create.getByLabel('Tags').press('Enter');
  await expect(create.getByTestId('tag-chip')).toHaveText(['printer', 'toner', 'hardware']);
  await create.getByRole('button', { name: 'Create Article' }).click();
  await expect(toastText(agent, 'Article created successfully')).toBeVisible();
  await expect(create).toBeHidden();

  // The new draft shows in its category for staff, badged as a draft.
  const agentRow = agent
    .getByTestId('kb-category-articles')
    .getByTestId('article-row')
    .filter({ hasText: title });
  await expect(agentRow.getByTestId('article-status-badge')).toHaveText('Draft');
  await agentRow.getByRole('link', { name: title }).click();
  await expect(agent.getByTestId('article-title')).toHaveText(title);
  const articleId = agent.url().split('/').pop() ?? '';
  expect(articleId).toMatch(/^[0-9a-f-]{36}$/);

  // The end user finds it nowhere: search by title or body word, the category, its count, its URL.
  await page.goto('/kb');
  await search(page, marker);
  await expect(page.getByText('No articles found matching your search.')).toBeVisible();
  await search(page, bodyWord);
  await expect(page.getByText('No articles found matching your search.')).toBeVisible();
  await page.getByTestId('kb-search-input').fill('');
  expect(await categoryCount(page, CATEGORY)).toBe(countBefore);
  await categoryCard(page, CATEGORY).click();
  await expect(page.getByTestId('kb-category-articles').getByTestId('article-row').first()).toBeVisible();
  await expect(page.getByTestId('kb-category-articles')).not.toContainText(marker);
  await page.goto(`/kb/article/${articleId}`);
  await expect(page.getByTestId('article-not-found')).toContainText('Article Not Found');
  await expect(page.getByTestId('back-to-kb')).toHaveText('Back to Knowledge Base');

  // The agent publishes it.
  await agent.getByTestId('edit-article-button').click();
  const edit = agent.getByTestId('edit-article-dialog');
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Content')).toHaveValue(content);
  await edit.getByLabel('Status').click();
  await agent.getByRole('option', { name: 'Published', exact: true }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastText(agent, 'Article updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(agent.getByTestId('article-status-badge')).toHaveText('Published');

  // The end user finds it by a word of its body, opens it, and each read counts.
  await page.goto('/kb');
  expect(await categoryCount(page, CATEGORY)).toBe(countBefore + 1);
  await search(page, bodyWord);
  const result = page.getByTestId('kb-search-results').getByTestId('article-row').filter({ hasText: title });
  await expect(result).toContainText('Swap a toner cartridge in the office printers.');
  await expect(result).toContainText('Jordan Lee');
  await result.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/kb/article/${articleId}$`));
  await expect(page.getByTestId('article-title')).toHaveText(title);
  await expect(page.getByTestId('article-status-badge')).toHaveText('Published');
  await expect(page.getByTestId('article-category')).toHaveText(CATEGORY);
  await expect(page.getByTestId('article-tag')).toHaveText(['printer', 'toner', 'hardware']);
  // Line breaks are kept: the text as rendered (innerText follows CSS) is exactly what was typed.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point; textContent ignores CSS
  expect(await page.getByTestId('article-content').innerText()).toBe(content);
  // The body is Markdown now: a single line break is a <br>, a blank line a new paragraph.
  await expect(page.getByTestId('article-content').locator('br')).toHaveCount(1);
  await expect(page.getByTestId('article-content').locator('p')).toHaveCount(2);
  await expect(page.getByTestId('edit-article-button')).toHaveCount(0);
  const firstRead = await viewCount(page);
  expect(firstRead).toBeGreaterThanOrEqual(1);
  // A view counts once per person and day: reloading cannot make an article popular.
  await page.reload();
  await expect(page.getByTestId('article-title')).toHaveText(title);
  expect(await viewCount(page)).toBe(firstRead);

  await page.getByTestId('back-to-kb').click();
  await expect(page).toHaveURL(/\/kb$/);
  await agentContext.close();
});

test('the Create Ticket dialog suggests a matching published article, opening in a new tab', async ({
  page,
}) => {
  const marker = uniqueName('suggest');
  const title = `Docking station ${marker} shows no picture`;
  await signedIn(page, DEMO.agent);
  const categories = (await (await page.request.get('/api/kb/categories')).json()) as {
    id: string;
    name: string;
  }[];
  const categoryId = categories.find((category) => category.name === CATEGORY)?.id;
  expect(categoryId).toBeDefined();
  const created = await page.request.post('/api/kb/articles', {
    data: {
      title,
      categoryId,
      status: 'published',
      excerpt: 'Reseat the cable and update the dock firmware.',
      content: 'Unplug the dock for ten seconds.\nUpdate its firmware.',
      tags: ['dock'],
    },
  });
  expect(created.status()).toBe(201);
  const articleId = ((await created.json()) as { id: string }).id;

  await page.context().clearCookies();
  await signedIn(page, DEMO.user);
  await page.getByTestId('header-new-ticket').click();
  const dialog = page.getByTestId('create-ticket-dialog');
  const subject = dialog.getByLabel('Subject');
  const box = dialog.getByTestId('article-suggestions-box');
  await subject.pressSequentially('no');
  await page.waitForTimeout(600);
  await expect(box).toHaveAttribute('data-state', 'closed');
  await expect(dialog.getByTestId('article-suggestion')).toHaveCount(0);
  await subject.pressSequentially(` picture from ${marker}`);
  const suggestion = dialog.getByTestId('article-suggestion').filter({ hasText: title });
  await expect(box).toHaveAttribute('data-state', 'open');
  await expect(dialog.getByText('These articles may help')).toBeVisible();
  await expect(suggestion).toHaveAttribute('href', `/kb/article/${articleId}`);
  await expect(suggestion).toHaveAttribute('target', '_blank');
  await expect(suggestion).toHaveAttribute('rel', /noopener/);
  expect(await dialog.getByTestId('article-suggestion').count()).toBeLessThanOrEqual(3);

  const [tab] = await Promise.all([page.context().waitForEvent('page'), suggestion.click()]);
  await expect(tab.getByTestId('article-title')).toHaveText(title);
  await tab.close();
  await expect(subject).toHaveValue(`no picture from ${marker}`);

  // Cut back to two characters, the suggestions close at once (no wait for the debounce).
  await subject.fill('no');
  await expect(box).toHaveAttribute('data-state', 'closed', { timeout: 250 });
});
