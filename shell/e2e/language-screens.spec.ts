import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { apiAs, createPerson, signInFromKeyboard, type TLanguage, type TPerson } from './people.ts';
import { DEMO, uniqueName } from './support.ts';

/**
 * Every screen of the desk in each other language, as the person's own language (docs/product.md#languages):
 * an end user, an agent and an admin of that language visit the screens at 1280 px and at 390 px; the
 * page must say its language (`<html lang>`), have rendered (a heading), and not be wider than a phone.
 * A screenshot of each is kept (test-results/language-screens/<language>/<screen>-<width>.png) to look at.
 */

const LANGUAGES: TLanguage[] = ['es', 'fr', 'de'];
/** A screen's first load fetches its app and its language's texts, three tours at once on a busy machine. */
const LOAD_MS = 20_000;
const SHOTS = join(import.meta.dirname, '../../test-results/language-screens');

/** One screen: how to reach it from a signed-in page, and what says it has rendered. */
type TScreen = { name: string; open: (page: Page) => Promise<void> };

const visit =
  (path: string, ready?: (page: Page) => ReturnType<Page['getByTestId']>): TScreen['open'] =>
  async (page) => {
    await page.goto(path);
    await expect(ready ? ready(page) : page.locator('main').getByRole('heading').first()).toBeVisible({
      timeout: LOAD_MS,
    });
  };

/** A tab of a page (Users & Teams unless said), by its place (its name is in the page's language). */
const tab =
  (index: number, path = '/admin/users'): TScreen['open'] =>
  async (page) => {
    await page.goto(path);
    const tabs = page.getByRole('tab');
    await expect(tabs.nth(index)).toBeVisible({ timeout: LOAD_MS });
    await tabs.nth(index).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tabpanel')).toBeVisible();
  };

/** A dialog opened by a button of the page (the next screen's goto closes it). */
const dialog =
  (path: string, button: string, testId: string): TScreen['open'] =>
  async (page) => {
    await page.goto(path);
    await page.getByTestId(button).click({ timeout: LOAD_MS });
    await expect(page.getByTestId(testId)).toBeVisible({ timeout: LOAD_MS });
  };

/** A dialog opened by a button inside a tab of a page. */
const tabDialog =
  (index: number, path: string, button: string, testId: string): TScreen['open'] =>
  async (page) => {
    await tab(index, path)(page);
    await page.getByTestId(button).click({ timeout: LOAD_MS });
    await expect(page.getByTestId(testId)).toBeVisible({ timeout: LOAD_MS });
  };

const notifications: TScreen['open'] = async (page) => {
  await page.goto('/');
  await page.locator('header button:has(svg.lucide-bell)').click({ timeout: LOAD_MS });
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: LOAD_MS });
};

let admin: APIRequestContext;
let ticketId = '';
let articleId = '';

test.beforeAll(async () => {
  admin = await apiAs();
  const agent = await apiAs(DEMO.agent);
  const categories = (await (await agent.get('/api/kb/categories')).json()) as { id: string }[];
  const article = await agent.post('/api/kb/articles', {
    data: {
      title: `Resetting a password ${uniqueName('')}`,
      content: 'Open the sign-in page.\n\nChoose **Forgot password** and follow the link in the mail.',
      categoryId: categories[0]?.id,
      status: 'published',
    },
  });
  expect(article.status(), await article.text()).toBe(201);
  articleId = ((await article.json()) as { id: string }).id;
  await agent.dispose();
});

test.afterAll(async () => {
  await admin.dispose();
});

/**
 * Each screen once per language, by the role that uses it most (so three tours share the time): the end
 * user's own tickets and the knowledge base, the agent's desk, the admin's pages.
 */
function screensOf(role: TPerson['role']): TScreen[] {
  if (role === 'end_user') {
    return [
      { name: 'tickets', open: visit('/tickets') },
      {
        name: 'ticket',
        open: visit(`/tickets/${ticketId}`, (page) => page.getByTestId('ticket-detail-page')),
      },
      { name: 'new-ticket', open: dialog('/', 'header-new-ticket', 'create-ticket-dialog') },
      { name: 'kb', open: visit('/kb', (page) => page.getByTestId('knowledge-base-page')) },
      {
        name: 'kb-article',
        open: visit(`/kb/article/${articleId}`, (page) => page.getByTestId('article-page')),
      },
      { name: 'profile', open: visit('/profile', (page) => page.getByTestId('language-preferences')) },
    ];
  }
  if (role === 'agent') {
    return [
      { name: 'dashboard', open: visit('/') },
      { name: 'tickets', open: visit('/tickets') },
      {
        name: 'ticket',
        open: visit(`/tickets/${ticketId}`, (page) => page.getByTestId('ticket-detail-page')),
      },
      { name: 'search', open: visit('/search?q=password') },
      { name: 'profile', open: visit('/profile', (page) => page.getByTestId('language-preferences')) },
      {
        name: 'canned-replies',
        open: dialog(`/tickets/${ticketId}`, 'canned-reply-button', 'canned-reply-picker'),
      },
      { name: 'kb-editor', open: dialog('/kb', 'create-article-button', 'create-article-dialog') },
      { name: 'notifications', open: notifications },
    ];
  }
  return [
    { name: 'dashboard', open: visit('/') },
    { name: 'admin-users', open: tab(0) },
    { name: 'admin-teams', open: tab(1) },
    { name: 'admin-audit-log', open: tab(2) },
    { name: 'admin-settings', open: visit('/admin/settings', (page) => page.getByTestId('settings-form')) },
    { name: 'admin-service-levels', open: visit('/admin/service-levels') },
    { name: 'admin-reports', open: visit('/admin/reports') },
    { name: 'admin-sso', open: tab(3) },
    { name: 'admin-triggers', open: tab(0, '/admin/automation') },
    {
      name: 'admin-trigger-editor',
      open: tabDialog(0, '/admin/automation', 'add-trigger-button', 'trigger-form-dialog'),
    },
    { name: 'admin-webhooks', open: tab(1, '/admin/automation') },
    {
      name: 'admin-webhook-form',
      open: tabDialog(1, '/admin/automation', 'add-webhook-button', 'webhook-form-dialog'),
    },
    { name: 'admin-api-tokens', open: tab(2, '/admin/automation') },
  ];
}

/** Whether the page is wider than the window (something sticks out sideways), with the widest culprits. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter((element) => getComputedStyle(element).position !== 'fixed')
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { pageWidth: document.documentElement.scrollWidth, width, wide };
  });
}

/** The screen as shown; at phone width the whole page, to see what is below the fold too. */
async function shoot(page: Page, dir: string, name: string, isFullPage = false) {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: isFullPage });
}

async function tour(browser: Browser, language: TLanguage, person: TPerson) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInFromKeyboard(page, person);
  const dir = join(SHOTS, language);
  mkdirSync(dir, { recursive: true });
  for (const screen of screensOf(person.role)) {
    await test.step(`${person.role} ${screen.name}`, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await screen.open(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await shoot(page, dir, `${person.role}-${screen.name}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      let found = await overflow(page);
      // Resizing keeps what a screen measured at 1280 px (a virtual list's width): a screen wider than
      // the phone is opened again at 390 px, as a phone would load it, before it counts as too wide.
      if (found.pageWidth > found.width) {
        await screen.open(page);
        found = await overflow(page);
      }
      await shoot(page, dir, `${person.role}-${screen.name}-390`, true);
      const where = `${person.role}-${screen.name}`;
      const detail = `${where} at 390 px: ${found.width} wide, page ${found.pageWidth}: ${found.wide.join(' | ')}`;
      // Soft: every screen is still visited and shot, and the run lists every screen that is too wide.
      expect.soft(found.pageWidth, detail).toBeLessThanOrEqual(found.width);
    });
  }
  await context.close();
}

for (const language of LANGUAGES) {
  test(`every screen in ${language}, at 1280 and 390 px, for an end user, an agent and an admin`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const [endUser, agent, deskAdmin] = await Promise.all([
      createPerson(admin, 'end_user', language),
      createPerson(admin, 'agent', language),
      createPerson(admin, 'admin', language),
    ]);
    const requester = await apiAs(endUser);
    const ticket = await requester.post('/api/tickets', {
      data: { title: `Printer on the 3rd floor ${uniqueName('')}`, description: 'It prints blank pages.' },
    });
    expect(ticket.status(), await ticket.text()).toBe(201);
    ticketId = ((await ticket.json()) as { id: string }).id;
    await requester.dispose();
    // Side by side: the three tours spend most of their time waiting on the stack.
    const tours = await Promise.allSettled(
      [endUser, agent, deskAdmin].map((person) => tour(browser, language, person)),
    );
    for (const outcome of tours) if (outcome.status === 'rejected') throw outcome.reason;
  });
}
