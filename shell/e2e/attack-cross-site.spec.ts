import type {
  TAuditLogListResponse,
  TSearchResponse,
  TSettings,
  TTeamListResponse,
  TTicketListResponse,
  TUserListResponse,
  TUserResponse,
} from '@helpdesk/contracts';
import { type APIRequestContext, expect, type Frame, type Response, test } from '@playwright/test';
import { apiAs, expectJson, withoutAutoAssignment } from './attack/api.ts';
import { type AttackOutcome, startAttackerSite } from './attack/attacker-site.ts';
import { atLeast, mustBeZero, recordBrowserFigures } from './attack/figures.ts';
import { E2E } from './harness/e2e-config.ts';
import { DEMO, signInAsAdmin, uniqueName } from './support.ts';

/** The attacker's server: a port of this stack's block, so another origin than every desk server. */
const ATTACKER_PORT = E2E.ports.shell + 300;
/**
 * Two attackers. 127.0.0.1 on another port is another origin but the same site, so the browser
 * sends the SameSite=Lax cookie with every request: only the server's Origin check stands. The
 * 'localhost' one is another site: the cookie stays home on cross-site POSTs, and the server also
 * sees Sec-Fetch-Site: cross-site.
 */
const ATTACKER_ORIGINS = [`http://127.0.0.1:${ATTACKER_PORT}`, `http://localhost:${ATTACKER_PORT}`];
const VICTIM_ORIGINS = [E2E.baseUrl, `http://127.0.0.1:${E2E.ports.api}`];
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type DeskState = Record<string, string>;

/** What an attack could have changed, read by an admin's own API session. */
async function deskState(
  admin: APIRequestContext,
  marker: string,
  pendingUserId: string,
): Promise<DeskState> {
  const tickets = await expectJson<TTicketListResponse>(await admin.get('/api/tickets?limit=20'), 200);
  const users = await expectJson<TUserListResponse>(await admin.get('/api/admin/users?limit=1000'), 200);
  const audit = await expectJson<TAuditLogListResponse>(
    await admin.get('/api/admin/audit-logs?limit=5'),
    200,
  );
  const settings = await expectJson<TSettings>(await admin.get('/api/admin/settings'), 200);
  const teams = await expectJson<TTeamListResponse>(await admin.get('/api/teams'), 200);
  const search = await expectJson<TSearchResponse>(
    await admin.get(`/api/search?q=${encodeURIComponent(marker)}`),
    200,
  );
  return {
    'newest tickets': tickets.tickets.map((ticket) => ticket.id).join(','),
    'pending user': users.users.find((user) => user.id === pendingUserId)?.status ?? 'missing',
    'users (role, status)': users.users.map((user) => `${user.id}:${user.role}:${user.status}`).join(','),
    'newest audit rows': audit.entries.map((entry) => entry.id).join(','),
    settings: `${settings.updatedAt} ${settings.companyName}`,
    teams: teams.map((team) => `${team.id}:${team.name}`).join(','),
    'tickets carrying the marker': String(search.tickets.length),
  };
}

const isVictimUrl = (url: string) => VICTIM_ORIGINS.some((origin) => url.startsWith(`${origin}/`));

/** A frame of the attacker's page that holds a document of the desk: framing was not refused. */
async function renderedDeskFrames(frames: Frame[]): Promise<string[]> {
  const rendered: string[] = [];
  for (const frame of frames) {
    if (frame.parentFrame() === null || !isVictimUrl(frame.url())) continue;
    const text = await frame.evaluate(() => document.body?.textContent ?? '').catch(() => '');
    rendered.push(`${frame.url()} (${text.slice(0, 80)})`);
  }
  return rendered;
}

test('a page on another origin can neither act nor read with the signed-in admin’s cookie', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const figures = {
    attempts: 0,
    unsafeRequests: 0,
    unsafeWithCookie: 0,
    unsafeNot403: [] as string[],
    corsGranted: [] as string[],
    stateChanges: [] as string[],
    victimSignedOut: 0,
    reads: [] as string[],
    framesRendered: [] as string[],
  };
  try {
    const admin = await apiAs(DEMO.admin);
    const users = await expectJson<TUserListResponse>(
      await admin.get('/api/admin/users?status=pending&limit=1000'),
      200,
    );
    const pendingUserId = users.users.find((user) => user.username === DEMO.pending.username)?.id ?? '';
    expect(pendingUserId, 'the demo pending user').not.toBe('');
    const marker = uniqueName('csrfmark');

    await signInAsAdmin(page);
    const session = (await context.cookies(E2E.baseUrl)).find((cookie) => cookie.httpOnly);
    expect(session?.sameSite).toBe('Lax');
    const before = await deskState(admin, marker, pendingUserId);

    const site = await startAttackerSite(ATTACKER_PORT, {
      targets: VICTIM_ORIGINS,
      framedPages: [`${E2E.baseUrl}/`, `${E2E.baseUrl}/tickets`, `${E2E.baseUrl}/admin/users`],
      pendingUserId,
      marker,
      attackerAccount: DEMO.user,
    });
    // Every answer the desk gives the attacker's pages (frames and popups included), judged once
    // the attack is over (the full request headers, the cookie among them, are read asynchronously).
    const answers: Response[] = [];
    const onResponse = (response: Response) => {
      if (isVictimUrl(response.url())) answers.push(response);
    };
    const judge = async (response: Response) => {
      const request = response.request();
      // allHeaders waits for the network layer's report, which a torn-down frame may never send.
      const sent = await Promise.race([
        request.allHeaders(),
        new Promise<Record<string, string>>((resolve) => setTimeout(() => resolve(request.headers()), 2_000)),
      ]);
      const label = `${request.method()} ${request.url()} (Origin: ${sent.origin ?? 'none'})`;
      const cors = Object.keys(response.headers()).filter((name) => name.startsWith('access-control-allow-'));
      if (cors.length) figures.corsGranted.push(`${label}: ${cors.join(', ')}`);
      if (!UNSAFE_METHODS.has(request.method())) return;
      figures.unsafeRequests += 1;
      if (sent.cookie) figures.unsafeWithCookie += 1;
      if (response.status() !== 403) figures.unsafeNot403.push(`${label} answered ${response.status()}`);
    };
    context.on('response', onResponse);
    try {
      for (const origin of ATTACKER_ORIGINS) {
        const attacker = await context.newPage();
        await attacker.goto(`${origin}/prize`);
        await attacker.waitForFunction(
          () => (window as unknown as { __attackDone?: boolean }).__attackDone === true,
          null,
          { timeout: 60_000 },
        );
        figures.framesRendered.push(...(await renderedDeskFrames(attacker.frames())));
        await Promise.all(answers.splice(0).map(judge));
        for (const popup of context.pages()) if (popup !== page && popup !== attacker) await popup.close();
        await attacker.close();
      }
    } finally {
      context.off('response', onResponse);
      await site.stop();
    }

    const outcomes: AttackOutcome[] = site.loot.flat();
    figures.attempts = outcomes.length;
    for (const outcome of outcomes) {
      if (outcome.read !== '') figures.reads.push(`${outcome.attack}: ${outcome.read.slice(0, 120)}`);
    }
    const after = await deskState(admin, marker, pendingUserId);
    for (const [what, value] of Object.entries(before)) {
      if (after[what] !== value) figures.stateChanges.push(`${what}: ${value} -> ${after[what]}`);
    }
    const me = await page.request.get('/api/auth/me');
    if (me.status() !== 200) figures.victimSignedOut = 1;
    else expect(((await me.json()) as TUserResponse).user.username).toBe(DEMO.admin.username);

    // Two attackers, each over twenty attempts per desk origin plus the frames and the popup.
    expect(outcomes.length).toBeGreaterThanOrEqual(2 * (VICTIM_ORIGINS.length * 24 + 4));
    // The same-site attacker's requests carried the victim's cookie: the Origin check was what stood.
    expect(figures.unsafeWithCookie).toBeGreaterThan(0);
    expect(figures.unsafeNot403, 'unsafe requests the desk did not refuse').toEqual([]);
    expect(figures.stateChanges, 'what the attack changed').toEqual([]);
    expect(figures.victimSignedOut, 'the victim was signed out').toBe(0);
    expect(figures.reads, 'what the attacker could read').toEqual([]);
    expect(figures.corsGranted, 'CORS headers on desk answers').toEqual([]);
    expect(figures.framesRendered, 'desk pages rendered in the attacker’s frames').toEqual([]);

    // The control: the same request from the desk's own page does go through, and the state check
    // sees it, so the zero above is the attack failing, not the check being blind.
    const created = await withoutAutoAssignment(admin, () =>
      page.evaluate(async (title) => {
        const response = await fetch('/api/tickets', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ title, description: 'control' }),
        });
        return { status: response.status, id: ((await response.json()) as { id?: string }).id ?? '' };
      }, `${marker} control`),
    );
    expect(created.status).toBe(201);
    const control = await deskState(admin, marker, pendingUserId);
    expect(control['newest tickets']).not.toBe(after['newest tickets']);
    expect(control['tickets carrying the marker']).toBe('1');
    await expectJson(await admin.patch(`/api/tickets/${created.id}`, { data: { status: 'closed' } }), 200);
    await admin.dispose();
  } finally {
    recordBrowserFigures(
      'cross-site',
      [
        atLeast('cross-site attempts (2 attacker origins)', figures.attempts, 1),
        atLeast('unsafe requests that reached the desk', figures.unsafeRequests, 1),
        atLeast('of them with the victim’s cookie (same-site attacker)', figures.unsafeWithCookie, 1),
        mustBeZero('unsafe requests not refused with 403', figures.unsafeNot403.length),
        mustBeZero('state changes (tickets, users, audit, settings, teams)', figures.stateChanges.length),
        mustBeZero('victim sessions ended', figures.victimSignedOut),
        mustBeZero('answers the attacker could read', figures.reads.length),
        mustBeZero('answers with CORS headers', figures.corsGranted.length),
        mustBeZero('desk pages rendered in a frame', figures.framesRendered.length),
      ],
      [
        'Cross-site: forms (urlencoded, multipart, text/plain JSON, sandboxed Origin null, top-level popup), no-cors and CORS fetches, images, scripts and frames from 127.0.0.1 on another port (same site: the cookie is sent) and from localhost (another site), against the shell and the API origin, with an admin signed in.',
      ],
    );
  }
});
