import type { Page } from '@playwright/test';
import { SIGNED_IN_PAGES, type TSignedInPage } from '../../src/layout/signed-in-pages.ts';

/** Who looks at a screen: signed out, or signed in as one of the demo accounts. */
export type TVisitor = 'signedOut' | 'user' | 'agent' | 'admin';
export type TWidth = 'desktop' | 'phone';

export type TScreen = {
  /** Names the screen in a failure report. */
  name: string;
  /**
   * The routes this screen stands for, written as their route files declare them without pathless
   * `_layout` segments or a trailing slash ('/tickets/$ticketId'); empty for the 404 page.
   */
  routes: readonly string[];
  visitors: readonly TVisitor[];
  /** Only at these widths (the phone's navigation drawer); at every width when absent. */
  widths?: readonly TWidth[];
  /** Brings the screen up on a page that is already signed in (or out) as the visitor, and waits for its content. */
  open: (page: Page) => Promise<void>;
};

const SIGNED_IN: readonly TVisitor[] = ['user', 'agent', 'admin'];
const VISITOR_OF_ROLE = { end_user: 'user', agent: 'agent', admin: 'admin' } as const;

/** The visitors a signed-in page admits, read from the page's own entry so the two never disagree. */
function visitorsOf(page: TSignedInPage): readonly TVisitor[] {
  if (page.roles === undefined) return SIGNED_IN;
  return [VISITOR_OF_ROLE[page.roles]];
}

async function visit(page: Page, url: string, readyTestId: string) {
  await page.goto(url);
  await page.getByTestId(readyTestId).first().waitFor();
}

async function visitHeading(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await page.getByRole('heading', { name: heading }).first().waitFor();
}

/** A signed-out page: open `url` and wait for `heading`. */
function publicScreen(name: string, route: string, url: string, heading: string | RegExp): TScreen {
  return { name, routes: [route], visitors: ['signedOut'], open: (page) => visitHeading(page, url, heading) };
}

/**
 * A signed-in page as every role it admits sees it: open `url` (its own path unless given) and wait
 * for an element with `readyTestId`; `bringUp` brings up a state of it (a tab, a dialog, a menu).
 */
function signedInScreen(
  name: string,
  signedInPage: TSignedInPage,
  readyTestId: string,
  options: { url?: string; visitors?: readonly TVisitor[]; bringUp?: (page: Page) => Promise<void> } = {},
): TScreen {
  return {
    name,
    routes: [signedInPage.path],
    visitors: options.visitors ?? visitorsOf(signedInPage),
    open: async (page) => {
      await visit(page, options.url ?? signedInPage.path, readyTestId);
      await options.bringUp?.(page);
    },
  };
}

async function openDialog(page: Page, button: ReturnType<Page['getByRole']>, dialogTestId: string) {
  await button.click();
  await page.getByTestId(dialogTestId).waitFor();
}

/**
 * Every screen of the product, the states that matter (open dialogs and popovers) included. A route
 * file without a screen here fails shell/e2e/accessibility/screens.test.ts; adding a page is one entry
 * (docs/development.md#accessibility).
 */
export const SCREENS: readonly TScreen[] = [
  publicScreen('sign in', '/login', '/login', /sign in/i),
  publicScreen('register', '/register', '/register', /create|register/i),
  publicScreen('administrator sign in', '/admin', '/admin', /sign in|admin/i),
  publicScreen(
    'administrator forgot password',
    '/admin/forgot-password',
    '/admin/forgot-password',
    /password/i,
  ),
  publicScreen(
    'administrator reset password (a stale link)',
    '/admin/reset-password',
    '/admin/reset-password?token=x',
    /password|link/i,
  ),
  publicScreen('forgot password', '/forgot-password', '/forgot-password', /password/i),
  publicScreen(
    'reset password (a stale link)',
    '/reset-password',
    '/reset-password?token=x',
    /password|link/i,
  ),
  publicScreen('set password (a stale link)', '/set-password', '/set-password?token=x', /password|link/i),
  {
    name: 'verify email (a stale link)',
    routes: ['/verify-email'],
    visitors: ['signedOut'],
    open: (page) => visit(page, '/verify-email?token=x', 'verify-email-error'),
  },
  {
    name: '404',
    routes: [],
    visitors: ['signedOut', ...SIGNED_IN],
    open: (page) => visitHeading(page, '/no-such-page', '404 Page Not Found'),
  },
  // '/' and '/dashboard' render the one dashboard page.
  { ...signedInScreen('dashboard', SIGNED_IN_PAGES.home, 'recent-tickets'), routes: ['/', '/dashboard'] },
  signedInScreen('tickets', SIGNED_IN_PAGES.tickets, 'ticket-row'),
  signedInScreen('ticket', SIGNED_IN_PAGES.ticket, 'ticket-row', {
    url: '/tickets',
    bringUp: async (page) => {
      await page.getByTestId('ticket-row').first().getByRole('link').first().click();
      await page.getByTestId('ticket-activity').waitFor();
    },
  }),
  signedInScreen('knowledge base', SIGNED_IN_PAGES.knowledgeBase, 'kb-category-card'),
  signedInScreen('knowledge base category', SIGNED_IN_PAGES.knowledgeBase, 'kb-category-card', {
    bringUp: async (page) => {
      await page.getByTestId('kb-category-card').first().click();
      await page.getByTestId('kb-category-articles').getByTestId('article-row').first().waitFor();
    },
  }),
  signedInScreen('knowledge base article', SIGNED_IN_PAGES.article, 'article-row', {
    url: '/kb',
    bringUp: async (page) => {
      await page.getByTestId('article-row').first().getByRole('link').first().click();
      await page.getByTestId('article-content').waitFor();
      await page.getByTestId('helpful-box').waitFor();
    },
  }),
  signedInScreen('search results', SIGNED_IN_PAGES.search, 'search-result-link', {
    url: '/search?q=password',
  }),
  signedInScreen('profile', SIGNED_IN_PAGES.profile, 'profile-role'),
  signedInScreen('users', SIGNED_IN_PAGES.users, 'user-row'),
  signedInScreen('teams', SIGNED_IN_PAGES.users, 'user-row', {
    bringUp: async (page) => {
      await page.getByRole('tab', { name: 'Teams' }).click();
      await page.getByTestId('team-card').first().waitFor();
    },
  }),
  signedInScreen('a team', SIGNED_IN_PAGES.users, 'user-row', {
    bringUp: async (page) => {
      await page.getByRole('tab', { name: 'Teams' }).click();
      await openDialog(page, page.getByRole('button', { name: /^Manage / }).first(), 'team-members-dialog');
    },
  }),
  signedInScreen('audit log', SIGNED_IN_PAGES.users, 'user-row', {
    bringUp: async (page) => {
      await page.getByRole('tab', { name: 'Audit Log' }).click();
      await page.getByTestId('audit-row').first().waitFor();
    },
  }),
  signedInScreen('settings', SIGNED_IN_PAGES.settings, 'settings-form'),
  signedInScreen('reports', SIGNED_IN_PAGES.reports, 'report-summary'),
  signedInScreen('knowledge base report', SIGNED_IN_PAGES.reports, 'report-summary', {
    bringUp: async (page) => {
      await page.getByLabel('Report type').click();
      await page.getByRole('option', { name: 'Knowledge Base', exact: true }).click();
      await page.getByTestId('report-knowledge').waitFor();
    },
  }),
  signedInScreen('service levels', SIGNED_IN_PAGES.serviceLevels, 'sla-policy-row'),
  signedInScreen('business calendar dialog', SIGNED_IN_PAGES.serviceLevels, 'sla-policy-row', {
    bringUp: (page) =>
      openDialog(page, page.getByRole('button', { name: 'New calendar' }), 'calendar-form-dialog'),
  }),
  signedInScreen('SLA policy dialog', SIGNED_IN_PAGES.serviceLevels, 'sla-policy-row', {
    bringUp: (page) =>
      openDialog(page, page.getByRole('button', { name: 'New policy' }), 'policy-form-dialog'),
  }),
  signedInScreen('triggers', SIGNED_IN_PAGES.automation, 'triggers-tab'),
  signedInScreen('trigger editor', SIGNED_IN_PAGES.automation, 'triggers-tab', {
    bringUp: (page) => openDialog(page, page.getByTestId('add-trigger-button'), 'trigger-form-dialog'),
  }),
  signedInScreen('webhooks', SIGNED_IN_PAGES.automation, 'triggers-tab', {
    bringUp: async (page) => {
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await page.getByTestId('webhooks-tab').waitFor();
    },
  }),
  signedInScreen('webhook form', SIGNED_IN_PAGES.automation, 'triggers-tab', {
    bringUp: async (page) => {
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await openDialog(page, page.getByTestId('add-webhook-button'), 'webhook-form-dialog');
    },
  }),
  signedInScreen("everyone's API tokens", SIGNED_IN_PAGES.automation, 'triggers-tab', {
    bringUp: async (page) => {
      await page.getByRole('tab', { name: 'API tokens' }).click();
      await page.getByTestId('all-tokens-tab').waitFor();
    },
  }),
  signedInScreen('new API token form', SIGNED_IN_PAGES.profile, 'api-tokens-section', {
    bringUp: async (page) => {
      await page.getByRole('button', { name: 'New token' }).click();
      await page.getByTestId('api-token-form').waitFor();
    },
  }),
  signedInScreen('canned replies', SIGNED_IN_PAGES.ticket, 'ticket-row', {
    url: '/tickets',
    visitors: ['agent', 'admin'],
    bringUp: async (page) => {
      await page.getByTestId('ticket-row').first().getByRole('link').first().click();
      await openDialog(page, page.getByTestId('canned-reply-button'), 'canned-reply-picker');
    },
  }),
  signedInScreen('create ticket dialog', SIGNED_IN_PAGES.tickets, 'list-new-ticket', {
    visitors: ['user', 'agent'],
    bringUp: (page) => openDialog(page, page.getByTestId('list-new-ticket'), 'create-ticket-dialog'),
  }),
  signedInScreen('add user dialog', SIGNED_IN_PAGES.users, 'user-row', {
    bringUp: (page) => openDialog(page, page.getByRole('button', { name: 'Add User' }), 'add-user-dialog'),
  }),
  signedInScreen('create article dialog', SIGNED_IN_PAGES.knowledgeBase, 'create-article-button', {
    visitors: ['agent', 'admin'],
    bringUp: (page) => openDialog(page, page.getByTestId('create-article-button'), 'create-article-dialog'),
  }),
  signedInScreen('manage categories dialog', SIGNED_IN_PAGES.knowledgeBase, 'manage-categories-button', {
    visitors: ['agent', 'admin'],
    bringUp: (page) =>
      openDialog(page, page.getByTestId('manage-categories-button'), 'manage-categories-dialog'),
  }),
  signedInScreen('new category form', SIGNED_IN_PAGES.knowledgeBase, 'manage-categories-button', {
    visitors: ['agent', 'admin'],
    bringUp: async (page) => {
      await openDialog(page, page.getByTestId('manage-categories-button'), 'manage-categories-dialog');
      await page.getByTestId('new-category-button').click();
      await page.getByTestId('category-form').waitFor();
    },
  }),
  signedInScreen('article editor preview', SIGNED_IN_PAGES.knowledgeBase, 'create-article-button', {
    visitors: ['agent', 'admin'],
    bringUp: async (page) => {
      await openDialog(page, page.getByTestId('create-article-button'), 'create-article-dialog');
      const markdown =
        '## Steps\n\n- Open [the portal](https://example.com)\n\n| Port | Use |\n| --- | --- |\n| 443 | VPN |';
      await page.getByTestId('create-article-dialog').getByLabel('Content').fill(markdown);
      await page.getByTestId('content-preview-tab').click();
      await page.getByTestId('article-preview').getByRole('table').waitFor();
    },
  }),
  signedInScreen('article history dialog', SIGNED_IN_PAGES.article, 'article-row', {
    url: '/kb',
    visitors: ['agent', 'admin'],
    bringUp: async (page) => {
      await page.getByTestId('article-row').first().getByRole('link').first().click();
      await openDialog(page, page.getByTestId('article-history-button'), 'revision-history-dialog');
      await page.getByTestId('revision-item').first().waitFor();
    },
  }),
  signedInScreen('user menu', SIGNED_IN_PAGES.home, 'recent-tickets', {
    bringUp: async (page) => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menu').waitFor();
    },
  }),
  signedInScreen('notifications popover', SIGNED_IN_PAGES.home, 'recent-tickets', {
    // End users have no bell (docs/product.md#notifications).
    visitors: ['agent', 'admin'],
    bringUp: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByTestId('notification-list').waitFor();
    },
  }),
  {
    ...signedInScreen('navigation drawer', SIGNED_IN_PAGES.home, 'recent-tickets', {
      bringUp: async (page) => {
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await page.getByRole('button', { name: 'Close navigation menu' }).waitFor();
      },
    }),
    widths: ['phone'],
  },
];
