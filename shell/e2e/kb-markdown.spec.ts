import { expect, type Locator, type Page, test } from '@playwright/test';
import { SCREENSHOT_PNG_BASE64 } from './harness/screenshot-png.ts';
import { DEMO, signIn, toastText, uniqueName } from './support.ts';

const SHOTS = process.env.KB_MARKDOWN_SHOTS;

async function signedIn(page: Page, account: { username: string; password: string }) {
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
}

/** The content box's selected text, once the last command has placed it. */
const selectedText = (page: Page) =>
  page
    .getByTestId('create-article-dialog')
    .getByLabel('Content')
    .evaluate((box: HTMLTextAreaElement) => box.value.slice(box.selectionStart, box.selectionEnd));

/** Types at the end of the content box, selects the line typed, and runs a toolbar command on it. */
async function typeAndFormat(page: Page, text: string, command: string) {
  const content = page.getByTestId('create-article-dialog').getByLabel('Content');
  await content.press('ControlOrMeta+End');
  await content.pressSequentially(text);
  await content.press('Shift+Home');
  await page.getByTestId(`markdown-${command}`).click();
}

/**
 * Picks a select's option and waits for the list to close. A select ignores a release that comes too soon
 * after the press that opened it (on a busy machine the click can), and an open list keeps the keyboard
 * and the pointer from the editor: so the pick is retried until the list has closed.
 */
async function pick(page: Page, trigger: Locator, option: string) {
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await trigger.click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(trigger).toContainText(option);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.configure({ timeout: 120_000 });

test('an agent formats an article with the toolbar, pastes a screenshot, previews and saves; an end user sees it', async ({
  page,
  browser,
}) => {
  const marker = uniqueName('mdmarker');
  const title = `Connecting to the VPN ${marker}`;
  await signedIn(page, DEMO.agent);
  await page.goto('/kb');
  await page.getByTestId('create-article-button').click();
  const dialog = page.getByTestId('create-article-dialog');
  await dialog.getByLabel('Title').fill(title);
  await pick(page, dialog.getByLabel('Category'), 'Network & VPN');
  await pick(page, dialog.getByLabel('Status'), 'Published');

  const content = dialog.getByLabel('Content');
  await content.fill('');
  await typeAndFormat(page, 'Before you start', 'heading');
  await expect.poll(() => selectedText(page)).toBe('## Before you start');
  await content.press('ControlOrMeta+End');
  await content.press('Enter');
  await typeAndFormat(page, 'Install the client', 'bulletList');
  await expect.poll(() => selectedText(page)).toBe('- Install the client');
  await content.press('ControlOrMeta+End');
  await content.press('Enter');
  await content.press('Enter');
  await typeAndFormat(page, 'Open the portal', 'link');
  // The link's address is selected for typing.
  await expect.poll(() => selectedText(page)).toBe('https://');
  await content.pressSequentially('https://vpn.example.com/portal');
  await content.press('ControlOrMeta+End');
  await content.press('Enter');
  await page.getByTestId('markdown-table').click();
  await content.press('ControlOrMeta+End');
  await content.press('Enter');
  await content.press('Enter');

  // A screenshot pasted into the text is uploaded and put in at the cursor.
  await content.evaluate((textarea, base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'vpn settings.png', { type: 'image/png' }));
    textarea.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, SCREENSHOT_PNG_BASE64);
  await expect(content).toHaveValue(/!\[vpn settings\.png\]\(\/api\/kb\/images\/[0-9a-f-]{36}\)/);
  await expect(content).not.toHaveValue(/Uploading image/);
  const written = await content.inputValue();
  expect(written).toContain('## Before you start');
  expect(written).toContain('- Install the client');
  expect(written).toContain('[Open the portal](https://vpn.example.com/portal)');
  expect(written).toContain('| Column | Column |\n| --- | --- |');
  await shot(page, 'editor-write');

  // Preview renders the same Markdown as the article page.
  await dialog.getByTestId('content-preview-tab').click();
  const preview = dialog.getByTestId('article-preview');
  await expect(preview.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: 'Install the client' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Open the portal' })).toHaveAttribute(
    'href',
    'https://vpn.example.com/portal',
  );
  await expect(preview.getByRole('table')).toBeVisible();
  await expect(preview.getByRole('img', { name: 'vpn settings.png' })).toBeVisible();
  await shot(page, 'editor-preview');
  await dialog.getByTestId('content-write-tab').click();

  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toastText(page, 'Article created successfully')).toBeVisible();

  await page.getByTestId('kb-search-input').fill(marker);
  await page.getByRole('link', { name: title }).click();
  const body = page.getByTestId('article-content');
  await expect(body.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  const link = body.getByRole('link', { name: 'Open the portal' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(body.getByRole('table')).toBeVisible();
  const image = body.getByRole('img', { name: 'vpn settings.png' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
  const articleUrl = page.url();
  await shot(page, 'article-agent');

  // The end user reads the published article with its image.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signedIn(user, DEMO.user);
  await user.goto(articleUrl);
  const userImage = user.getByTestId('article-content').getByRole('img', { name: 'vpn settings.png' });
  await expect(userImage).toBeVisible();
  expect(await userImage.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
  await shot(user, 'article-user');
  await userContext.close();
});
