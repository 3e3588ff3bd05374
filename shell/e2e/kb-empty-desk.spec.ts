import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { SCREENSHOT_PNG_BASE64 } from './harness/screenshot-png.ts';
import {
  signInAsTrialAdmin,
  startTrialDesk,
  stopTrialDesk,
  type TrialDesk,
  waitForLine,
} from './harness/trial-desk.ts';
import { toastText } from './support.ts';

/**
 * The knowledge base on a desk nobody has set up (`bun run start` on an empty database): an agent
 * starts it from the empty page (a category, then a formatted article with a pasted screenshot), an
 * end user reads it and answers "No" with a comment, the agent sees that, edits the article, compares
 * the two revisions and restores the first.
 */
const FIRST_PORT = E2E.ports.shell + 331;
const AGENT = { username: 'kbagent', password: 'Agent-Writes-42!', firstName: 'Kim', lastName: 'Writer' };
const READER = { username: 'kbreader', password: 'Reader-Reads-42!', firstName: 'Robin', lastName: 'Reader' };

let desk: TrialDesk;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-kb-empty-'));
  desk = startTrialDesk(dataDir, FIRST_PORT);
  await waitForLine(desk, /helpdesk running at/, 90_000);
});

test.afterAll(async () => {
  await stopTrialDesk(desk);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signed in at the public sign-in page, in a browser context of its own. */
async function signedIn(browser: Browser, who: { username: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${desk.url}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`^${desk.url}/$`));
  return page;
}

test('an agent starts the knowledge base from nothing; a reader answers No; an edit, the diff and a restore', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The first admin adds the agent and a reader (Add User with a password: active at once).
  await signInAsTrialAdmin(page, desk);
  for (const [person, role] of [
    [AGENT, 'agent'],
    [READER, 'end_user'],
  ] as const) {
    const added = await page.request.post(`${desk.url}/api/admin/users`, {
      data: { ...person, email: `${person.username}@example.com`, role },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  // The empty knowledge base shows the agent where to start: a category first.
  const agent = await signedIn(browser, AGENT);
  await agent.goto(`${desk.url}/kb`);
  await expect(agent.getByTestId('kb-empty')).toContainText('Create your first category');
  await agent.getByTestId('kb-create-first-category').click();
  const manage = agent.getByTestId('manage-categories-dialog');
  await manage.getByLabel('Name').fill('Remote work');
  await manage.getByRole('button', { name: 'Create category' }).click();
  await expect(manage.getByTestId('manage-category-name').filter({ hasText: 'Remote work' })).toBeVisible();
  // The toast is the topmost layer for Escape; the dialog's own Close button closes it.
  await manage.getByRole('button', { name: 'Close' }).first().click();
  await expect(manage).toBeHidden();

  // A formatted article with a pasted screenshot.
  await agent.getByTestId('create-article-button').click();
  const editor = agent.getByTestId('create-article-dialog');
  await editor.getByLabel('Title').fill('Connecting to the VPN from home');
  await editor.getByLabel('Category').click();
  await agent.getByRole('option', { name: 'Remote work', exact: true }).click();
  await editor.getByLabel('Status').click();
  await agent.getByRole('option', { name: 'Published', exact: true }).click();
  const content = editor.getByLabel('Content');
  await content.fill('## Before you start\n\n- Install the client\n- Sign in with your desk account\n\n');
  await content.press('ControlOrMeta+End');
  await content.evaluate((textarea, base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'vpn settings.png', { type: 'image/png' }));
    textarea.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, SCREENSHOT_PNG_BASE64);
  await expect(content).toHaveValue(/!\[vpn settings\.png\]\(\/api\/kb\/images\/[0-9a-f-]{36}\)/);
  await editor.getByRole('button', { name: 'Create Article' }).click();
  await expect(toastText(agent, 'Article created successfully')).toBeVisible();
  await agent.getByTestId('kb-search-input').fill('VPN from home');
  await agent.getByRole('link', { name: 'Connecting to the VPN from home' }).click();
  await expect(agent).toHaveURL(/\/kb\/article\/[0-9a-f-]{36}$/);
  const articleUrl = agent.url();

  // The reader finds it under its category, reads it formatted with its image, and answers No.
  const reader = await signedIn(browser, READER);
  await reader.goto(`${desk.url}/kb`);
  await reader.getByRole('button', { name: /Remote work/ }).click();
  await reader.getByRole('link', { name: 'Connecting to the VPN from home' }).click();
  const body = reader.getByTestId('article-content');
  await expect(body.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(body.getByRole('listitem')).toHaveCount(2);
  const image = body.getByRole('img', { name: 'vpn settings.png' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
  const box = reader.getByTestId('helpful-box');
  await box.getByTestId('helpful-no').click();
  await box.getByLabel('What was missing or wrong? (optional)').fill('Which server name do I type?');
  await box.getByTestId('helpful-comment-send').click();
  await expect(toastText(reader, 'Thanks for your feedback')).toBeVisible();

  // The agent sees the answer and the comment.
  await agent.goto(articleUrl);
  const summary = agent.getByTestId('feedback-summary');
  await expect(summary.getByTestId('feedback-no')).toHaveText('1');
  await expect(summary.getByTestId('feedback-comment')).toContainText('Which server name do I type?');
  await expect(summary.getByTestId('feedback-comment')).toContainText('Robin');

  // An edit answers the reader; the history compares the two revisions; the first comes back.
  await agent.getByTestId('edit-article-button').click();
  const edit = agent.getByTestId('edit-article-dialog');
  const edited = await edit.getByLabel('Content').inputValue();
  await edit
    .getByLabel('Content')
    .fill(edited.replace('- Sign in with your desk account', '- Connect to vpn.example.com'));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastText(agent, 'Article updated successfully')).toBeVisible();
  await expect(agent.getByTestId('article-content')).toContainText('Connect to vpn.example.com');

  await agent.getByTestId('article-history-button').click();
  const history = agent.getByTestId('revision-history-dialog');
  await expect(history.getByTestId('revision-item')).toHaveCount(2);
  const diff = history.getByTestId('revision-diff');
  await expect(diff).toContainText('From revision 1 to revision 2');
  await expect(diff.locator('[data-kind="removed"]')).toHaveText([/Sign in with your desk account/]);
  await expect(diff.locator('[data-kind="added"]')).toHaveText([/Connect to vpn\.example\.com/]);
  await history.getByRole('button', { name: 'Restore revision 1' }).click();
  await agent.getByTestId('restore-revision-dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(history.getByTestId('revision-item')).toHaveCount(3);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(agent.getByTestId('article-content')).toContainText('Sign in with your desk account');
  await expect(agent.getByTestId('article-content')).not.toContainText('Connect to vpn.example.com');
  await reader.context().close();
  await agent.context().close();
});
