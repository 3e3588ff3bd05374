import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

/** The boxes that must not move when React replaces the server's first paint. */
const STILL = {
  greeting: (page: Page) => page.getByRole('heading', { level: 2, name: /^Welcome back, / }),
  subtitle: (page: Page) => page.getByText('How the help desk is doing right now.'),
  title: (page: Page) => page.getByTestId('page-title'),
  navigation: (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('list').first(),
  metrics: (page: Page) => page.locator('[aria-label="Loading metrics"], ul[aria-label="Ticket metrics"]'),
};

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
}

/** A page of the signed-in context on which no script runs: what the server's HTML paints by itself. */
/** Signs the demo agent in through the login page and waits for the dashboard. */
async function signInAsAgent(page: Page) {
  await signIn(page, DEMO.agent.username, DEMO.agent.password);
  await expect(page).toHaveURL(/\/$/);
}

async function withoutScripts(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/*.js', (route) => route.abort());
  return page;
}

test("a signed-in agent's dashboard is drawn by the HTML, and React takes it over without a move", async ({
  page,
  context,
}) => {
  await signInAsAgent(page);
  const firstName = (await STILL.greeting(page).textContent())?.replace('Welcome back, ', '') ?? '';
  expect(firstName).not.toBe('');

  const html = await withoutScripts(context);
  await html.goto('/dashboard');
  await expect(STILL.greeting(html)).toHaveText(`Welcome back, ${firstName}`);
  await expect(STILL.subtitle(html)).toBeVisible();
  await expect(STILL.title(html)).toHaveText('Dashboard');
  await expect(html.getByLabel('Loading metrics')).toBeVisible();
  const nav = html.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'All Tickets', 'Knowledge Base']);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  const painted = {
    greeting: await boxOf(STILL.greeting(html)),
    subtitle: await boxOf(STILL.subtitle(html)),
    title: await boxOf(STILL.title(html)),
    navigation: await boxOf(STILL.navigation(html)),
    metrics: await boxOf(STILL.metrics(html)),
  };
  // Without scripts its links still lead somewhere: the server answers them with the page itself.
  await nav.getByRole('link', { name: 'All Tickets' }).click();
  await expect(html).toHaveURL(/\/tickets$/);
  await html.close();

  await page.goto('/dashboard');
  await expect(page.locator('ul[aria-label="Ticket metrics"]')).toBeVisible();
  // React's page replaced the first paint: one greeting, one navigation, the header's tools.
  await expect(STILL.greeting(page)).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /user menu/i })).toBeVisible();
  for (const [name, locate] of Object.entries(STILL)) {
    const box = await boxOf(locate(page));
    const before = painted[name as keyof typeof painted];
    expect({ name, x: box.x, y: box.y, width: box.width }).toEqual({
      name,
      x: before.x,
      y: before.y,
      width: before.width,
    });
    // The metric cards may already hold their figures, whose height the skeleton matches on wide screens.
    expect({ name, height: box.height }).toEqual({ name, height: before.height });
  }
});

test("an end user's first paint has their own navigation; signed out, the HTML is empty", async ({
  page,
  context,
}) => {
  const signedOut = await withoutScripts(context);
  await signedOut.goto('/');
  await expect(signedOut.locator('#root')).toBeEmpty();
  await signedOut.close();

  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page).toHaveURL(/\/$/);
  const html = await withoutScripts(context);
  await html.goto('/');
  await expect(html.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Dashboard',
    'My Tickets',
    'Knowledge Base',
  ]);
  await expect(html.getByText('Your support requests at a glance.')).toBeVisible();
  // Pages outside the signed-in layout start from the empty root.
  await html.goto('/register');
  await expect(html.locator('#root')).toBeEmpty();
});

test('every signed-in page arrives with its layout and title, which React keeps in place', async ({
  page,
  context,
}) => {
  await signInAsAgent(page);
  for (const [path, title, current] of [
    ['/tickets', 'Tickets', 'All Tickets'],
    ['/kb', 'Knowledge Base', 'Knowledge Base'],
    ['/profile', 'Profile', null],
  ] as const) {
    const html = await withoutScripts(context);
    await html.goto(path);
    await expect(STILL.title(html)).toHaveText(title);
    const nav = html.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'All Tickets', 'Knowledge Base']);
    if (current)
      await expect(nav.getByRole('link', { name: current })).toHaveAttribute('aria-current', 'page');
    else await expect(nav.locator('[aria-current]')).toHaveCount(0);
    await expect(html.locator('main')).toBeEmpty();
    const painted = {
      title: await boxOf(STILL.title(html)),
      navigation: await boxOf(STILL.navigation(html)),
    };
    await html.close();

    await page.goto(path);
    await expect(page.getByRole('button', { name: /user menu/i })).toBeVisible();
    await expect(page.locator('main')).not.toBeEmpty();
    expect({ path, title: await boxOf(STILL.title(page)) }).toEqual({ path, title: painted.title });
    expect({ path, navigation: await boxOf(STILL.navigation(page)) }).toEqual({
      path,
      navigation: painted.navigation,
    });
  }
});
