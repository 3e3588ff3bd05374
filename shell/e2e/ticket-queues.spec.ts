import {
  SLA_ADMIN_PATHS,
  slaPolicyPath,
  TICKET_BULK_MAX,
  TICKET_VIEW_LABELS,
  TICKET_VIEWS_PATH,
  type TSlaPolicy,
  type TTicketListResponse,
  type TTicketSummary,
  type TTicketView,
  type TTicketViewCounts,
} from '@helpdesk/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { viewCountText } from '../../mf-tickets/src/ticket-list/view-counts.ts';
import { seriousViolations, settle } from './accessibility/axe-check.ts';
import { E2E } from './harness/e2e-config.ts';
import { DEMO, saveSwitches, uniqueName } from './support.ts';

/**
 * The queues from an agent's desk: the views with their counts, the next deadline first, twenty
 * tickets taken in one bulk change picked from the keyboard (x) and with Shift-click, and the counts
 * following; a requester's My Tickets on a phone is a list of cards. The tickets the flow works on
 * carry a word of their own, so the search box narrows each view to them.
 */
const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
const CREATED = 22;
const PICKED = 20;

/** A context holding a signed-in session (the API's own sign-in, not the login page's JavaScript). */
async function signedIn(browser: Browser, who: { username: string; password: string }, phone = false) {
  const context = await browser.newContext({
    baseURL: E2E.baseUrl,
    ...(phone ? { viewport: { width: 390, height: 844 } } : {}),
  });
  const response = await context.request.post('/api/auth/login', {
    data: who,
    headers: { Origin: E2E.baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

async function viewCounts(request: APIRequestContext): Promise<TTicketViewCounts> {
  const response = await request.get(TICKET_VIEWS_PATH);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TTicketViewCounts;
}

/** The view's tab as a screen reader hears it: its name and its count. */
function viewTab(page: Page, view: TTicketView, counts: TTicketViewCounts) {
  const count = viewCountText(counts, view);
  const name = count ? `${TICKET_VIEW_LABELS[view]} ${count.shown} ${count.noun}` : TICKET_VIEW_LABELS[view];
  return page.getByRole('navigation', { name: 'Ticket views' }).getByRole('link', { name, exact: true });
}

/** Opens a view from the keyboard: its tab focused, then Enter. */
async function openView(page: Page, view: TTicketView, counts: TTicketViewCounts) {
  const tab = viewTab(page, view, counts);
  await tab.focus();
  await tab.press('Enter');
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(view === 'all' ? /\/tickets$/ : new RegExp(`view=${view}`));
}

const ORIGIN = { Origin: E2E.baseUrl };
/** One minute to respond: a ticket under it is at risk after three quarters of that. */
const TINY = { responseTimeHours: 1 / 60, resolutionTimeHours: 1 / 60 };
const RISKY = { priority: 'low', category: 'access' } as const;

/**
 * A one-minute service level for low access requests (made, or an existing one shortened), and how
 * to put things back afterwards.
 */
async function tinyServiceLevel(admin: APIRequestContext): Promise<() => Promise<void>> {
  const created = await admin.post(SLA_ADMIN_PATHS.slaPolicies, {
    data: { name: uniqueName('Tiny '), ...RISKY, ...TINY },
    headers: ORIGIN,
  });
  if (created.status() === 201) {
    const policy = (await created.json()) as TSlaPolicy;
    return async () => {
      await admin.patch(slaPolicyPath(policy.id), { data: { isActive: false }, headers: ORIGIN });
    };
  }
  const policies = (await (await admin.get(SLA_ADMIN_PATHS.slaPolicies)).json()) as TSlaPolicy[];
  const existing = policies.find(
    (p) => p.isActive && p.priority === RISKY.priority && p.category === RISKY.category && p.teamId === null,
  );
  if (!existing) throw new Error(`no service level could be made: ${await created.text()}`);
  const { responseTimeHours, resolutionTimeHours } = existing;
  const shortened = await admin.patch(slaPolicyPath(existing.id), { data: TINY, headers: ORIGIN });
  expect(shortened.status(), await shortened.text()).toBe(200);
  return async () => {
    await admin.patch(slaPolicyPath(existing.id), {
      data: { responseTimeHours, resolutionTimeHours },
      headers: ORIGIN,
    });
  };
}

/** The due key of a row as the API orders it: the next deadline it can still miss, or none. */
function dueOf(ticket: TTicketSummary): number | null {
  if (ticket.status !== 'new' && ticket.status !== 'in_progress') return null;
  const deadline = ticket.respondedAt ? ticket.slaResolveBy : ticket.slaResponseBy;
  return deadline ? Date.parse(deadline) : null;
}

let putBack: (() => Promise<void>) | null = null;

// The tiny service level goes back to what it was, whatever happened to the flow.
test.afterEach(async () => {
  await putBack?.();
  putBack = null;
});

test('an agent works the queues: counts, next deadline first, twenty tickets taken at once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueName('queue');
  const riskTag = uniqueName('risk');
  const admin = await signedIn(browser, DEMO.admin);
  const putBackPolicy = await tinyServiceLevel(admin.request);
  // The flow's tickets must stay unassigned until the agent takes them.
  const settings = await saveSwitches(admin.request, { autoAssignment: false });
  putBack = async () => {
    await putBackPolicy();
    await saveSwitches(admin.request, { autoAssignment: settings.autoAssignment });
    await admin.close();
  };
  const requester = await signedIn(browser, DEMO.user);
  // Filed first: its minute runs while the others are filed.
  const risky = await requester.request.post('/api/tickets', {
    data: { title: `${riskTag} VPN access`, description: 'I need VPN access today.', ...RISKY },
    headers: ORIGIN,
  });
  expect(risky.status(), await risky.text()).toBe(201);
  for (let i = 0; i < CREATED; i += 1) {
    const response = await requester.request.post('/api/tickets', {
      data: {
        title: `${tag} printer ${i}`,
        description: 'The printer on the third floor jams.',
        priority: PRIORITIES[i % PRIORITIES.length],
        category: 'hardware',
      },
      headers: ORIGIN,
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await requester.close();

  const agent = await signedIn(browser, DEMO.agent);
  // Three quarters of its minute gone, the access request is at risk.
  await expect
    .poll(
      async () => {
        const response = await agent.request.get(`/api/tickets?view=at_risk&q=${riskTag}`);
        return ((await response.json()) as TTicketListResponse).tickets.length;
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBe(1);
  const before = await viewCounts(agent.request);
  const page = await agent.newPage();
  await page.goto('/tickets');
  await expect(page.getByTestId('ticket-list-page')).toBeVisible();

  // The views, each with the count the API gives, reached from the keyboard; Back returns to the last.
  await openView(page, 'mine', before);
  await openView(page, 'unassigned', before);
  await openView(page, 'at_risk', before);
  await page.getByLabel('Search this view').fill(riskTag);
  await expect(page.getByTestId('ticket-row')).toHaveCount(1);
  await expect(page.getByTestId('ticket-row')).toContainText(/Response (due soon|overdue)/);
  await page.goBack();
  await expect(viewTab(page, 'unassigned', before)).toHaveAttribute('aria-current', 'page');

  // Within Unassigned, only this flow's tickets, next deadline first: the API's order, soonest first.
  await page.getByLabel('Search this view').fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await page.getByLabel('Sort by').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Next deadline' }).click();
  await expect(page).toHaveURL(/sort=due/);
  await expect(page.getByTestId('ticket-row')).toHaveCount(CREATED);
  const listed = await agent.request.get(`/api/tickets?view=unassigned&sort=due&q=${tag}&limit=100`);
  const ordered = ((await listed.json()) as TTicketListResponse).tickets;
  const dues = ordered.map(dueOf);
  const known = dues.filter((due): due is number => due !== null);
  expect(known).toEqual([...known].sort((a, b) => a - b));
  expect(dues.slice(known.length).every((due) => due === null)).toBe(true);
  const shown = await page.getByTestId('ticket-row').locator('.font-mono').allInnerTexts();
  expect(shown).toEqual(ordered.map((ticket) => ticket.ticketNumber));

  // Twenty of them: j and x take the first, Shift-click the twentieth takes those between.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select ticket ${shown[0]}` })).toBeChecked();
  await page
    .getByRole('checkbox', { name: `Select ticket ${shown[PICKED - 1]}` })
    .click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Change the selected tickets' });
  await expect(bar).toContainText(`${PICKED} tickets selected`);
  expect(PICKED).toBeLessThanOrEqual(TICKET_BULK_MAX);
  await settle(page);
  expect(await seriousViolations(page, 'the list with its bulk bar')).toEqual([]);

  // ? lists the shortcuts in a dialog; Escape closes it and the selection stays.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(bar).toContainText(`${PICKED} tickets selected`);
  const assign = bar.getByRole('button', { name: 'Assign to me' });
  await assign.focus();
  await assign.press('Enter');
  await expect(page.getByTestId('bulk-outcome')).toContainText(`${PICKED} tickets changed`);
  await expect(bar).toBeHidden();

  // The counts follow: twenty fewer unassigned, twenty more of the agent's own.
  const after = await viewCounts(agent.request);
  expect(after.views.unassigned).toBe((before.views.unassigned ?? 0) - PICKED);
  expect(after.views.mine).toBe((before.views.mine ?? 0) + PICKED);
  await expect(viewTab(page, 'unassigned', after)).toBeVisible();
  await expect(viewTab(page, 'mine', after)).toBeVisible();
  await expect(page.getByTestId('ticket-row')).toHaveCount(CREATED - PICKED);

  // The sidebar carries the views as its Queues group with their counts, on the list and on a ticket's page.
  const main = page.getByRole('navigation', { name: 'Main' });
  const queues = main.getByRole('region', { name: 'Queues' });
  const sidebarUnassigned = queues.getByRole('link', {
    name: `Unassigned ${after.views.unassigned} tickets`,
  });
  await expect(sidebarUnassigned).toBeVisible();
  await page.getByTestId('ticket-row').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(sidebarUnassigned).toBeVisible();
  await expect(main.getByRole('link', { name: 'All Tickets', exact: true })).toBeVisible();
  await agent.close();
});

test("a requester's My Tickets on a phone is a list of cards, open or closed", async ({ browser }) => {
  const context = await signedIn(browser, DEMO.user, true);
  const page = await context.newPage();
  await page.goto('/tickets');
  const cards = page.locator('[data-testid="ticket-row"][data-layout="card"]');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // Every card keeps the ticket's number, title, status and priority inside the screen.
  const box = await cards.first().boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
  await expect(cards.first().getByRole('link')).toBeVisible();

  const open = page.getByRole('navigation', { name: 'Which tickets' }).getByRole('link', { name: 'Open' });
  await open.focus();
  await open.press('Enter');
  await expect(page).toHaveURL(/view=open/);
  await expect(open).toHaveAttribute('aria-current', 'page');
  const closed = page
    .getByRole('navigation', { name: 'Which tickets' })
    .getByRole('link', { name: 'Closed' });
  await closed.focus();
  await closed.press('Enter');
  await expect(page).toHaveURL(/status=resolved%2Cclosed|status=resolved,closed/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settle(page);
  expect(await seriousViolations(page, "a requester's closed tickets on a phone")).toEqual([]);
  await context.close();
});
