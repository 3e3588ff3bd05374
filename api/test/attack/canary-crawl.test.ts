/**
 * The canary crawl (docs/reliability.md#canary-crawl): internal notes with a unique marker and a unique word are
 * written on an end user's ticket; then, as that end user, every GET route they may call (ids from
 * their own objects), the desk and KB search for the canaries, the live-update stream while the
 * notes are posted, their notifications and every email queued to them are read (staff's canned
 * replies carry a canary too). The canaries
 * appear nowhere, and nothing the end user sees changes when an internal note is added (so no
 * count, timestamp or activity line gives it away). Controls prove the canaries are findable by staff.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ATTACHMENT_UPLOAD_FIELD,
  CANNED_REPLY_PATHS,
  DEFAULT_SETTINGS,
  TICKET_VIEWS_PATH,
  type TSearchResponse,
  type TTicketDetail,
  ticketAttachmentsPath,
  ticketCommentsPath,
  ticketPath,
  ticketPresencePath,
  ticketSlaStatusPath,
  ticketWaitingPath,
} from '@helpdesk/contracts';
import { insertCategory, postArticle, uploadTestKbImage } from '../../src/kb/test-fixtures.ts';
import { isRoleAllowed } from '../../src/route-access.ts';
import { insertDefaultSettingsIfMissing } from '../../src/settings/queries.ts';
import { createUser, signIn, sql, type TestClient, type TestUser } from '../helpers.ts';
import { ensureSlaPolicies, fileTicket } from '../tickets.ts';
import {
  type Answer,
  canaryWord,
  fillPath,
  type ObjectKind,
  paramKinds,
  registeredRoutes,
  secretsIn,
  send,
  writeFigures,
} from './harness.ts';

const routeKeys = new Set(registeredRoutes().map((route) => route.key));
/** The live stream and desk search are crawled when the app has them (both are optional parts of the app). */
const hasEvents = routeKeys.has(`GET ${API_PATHS.events}`);
const hasSearch = routeKeys.has(`GET ${API_PATHS.search}`);

const tally = { surfaces: 0, leaks: 0, changedViews: 0, controlsFailed: 0, streamEvents: 0 };
const findings: string[] = [];
const controls: string[] = [];

const MARKER = `CANARY-${crypto.randomUUID()}`;
const WORD = canaryWord('cnry');
const PUBLIC_MARKER = `PUBLICREPLY-${crypto.randomUUID()}`;
const TITLE_WORD = canaryWord('ttl');
/** In staff's canned replies (a personal and a shared one): staff-only text the owner must never read. */
const CANNED_MARKER = `CANNED-${crypto.randomUUID()}`;

let owner: TestUser;
let ownerClient: TestClient;
let ownerCookie = '';
let staffClient: TestClient;
let staffCookie = '';
/** Writes only the internal notes: if one leaked into the owner's activity, this person would appear there. */
let noteWriter: TestClient;
let ticket: TTicketDetail;
let attachmentId = '';
let publishedArticleId = '';
let publishedImageId = '';
let canaries: string[] = [MARKER, WORD, CANNED_MARKER];
let savedSettings: { emailNotifications: boolean; pushNotifications: boolean } | null = null;

async function settingsRow() {
  const [row] = await sql<{ emailNotifications: boolean; pushNotifications: boolean }[]>`
    select email_notifications as "emailNotifications", push_notifications as "pushNotifications" from settings`;
  return row ?? null;
}

async function hasTable(name: string): Promise<boolean> {
  const [row] = await sql<
    { exists: boolean }[]
  >`select to_regclass(${`public.${name}`}) is not null as exists`;
  return row?.exists === true;
}

function control(name: string, isMet: boolean): void {
  controls.push(`${isMet ? 'ok' : 'FAILED'}: ${name}`);
  if (!isMet) tally.controlsFailed += 1;
}

/** Counts a surface and records any canary in it. */
function inspect(surface: string, text: string): void {
  tally.surfaces += 1;
  const found = secretsIn(text, canaries);
  if (found.length) {
    tally.leaks += found.length;
    findings.push(`${surface} holds ${found.join(', ')}`);
  }
}

/** The owner's view of the parts of the desk an internal note must not move, with clock-driven text blanked. */
async function ownerView(): Promise<Record<string, string>> {
  const paths = {
    detail: ticketPath(ticket.id),
    list: API_PATHS.tickets,
    activity: API_PATHS.dashboardTeamActivity,
    metrics: API_PATHS.dashboardMetrics,
    slaMetrics: API_PATHS.dashboardSlaMetrics,
    slaStatus: ticketSlaStatusPath(ticket.id),
    viewCounts: TICKET_VIEWS_PATH,
    ...(hasSearch ? { search: `${API_PATHS.search}?q=${TITLE_WORD}` } : {}),
  };
  const view: Record<string, string> = {};
  for (const [name, path] of Object.entries(paths)) {
    const answer = await send('GET', path, { cookie: ownerCookie });
    // 'Commented on TKT-1 · 2 minutes ago': the relative time moves with the clock, not with the note.
    view[name] = `${answer.status} ${answer.text.replaceAll(/ · [^"]*"/g, ' · <when>"')}`;
  }
  return view;
}

/** Query strings a GET route needs to answer 200, by route key; every other route is called bare. */
function queriesFor(key: string): string[] {
  switch (key) {
    case `GET ${API_PATHS.search}`:
      return [`?q=${WORD}`, `?q=${encodeURIComponent(MARKER)}`, `?q=${TITLE_WORD}`, '?q=internal'];
    case `GET ${API_PATHS.kbArticlesSearch}`:
      return [`?q=${WORD}`];
    case `GET ${API_PATHS.tickets}`:
      return [
        '',
        '?status=all&priority=all',
        // The queues an end user has, in each order, and their words: an internal note moves none of them.
        '?view=open&sort=due',
        '?view=all&sort=-updated',
        `?view=all&q=${WORD}`,
        '?view=all&q=internal',
      ];
    default:
      return [''];
  }
}

beforeAll(async () => {
  await ensureSlaPolicies();
  // Mail and live updates must be on, or the crawl would find nothing because nothing was sent.
  savedSettings = await settingsRow();
  await insertDefaultSettingsIfMissing(sql, DEFAULT_SETTINGS);
  await sql`update settings set email_notifications = true, push_notifications = true`;

  owner = await createUser({ role: 'end_user' });
  const staff = await createUser({ role: 'agent' });
  noteWriter = await signIn(await createUser({ role: 'agent' }));
  const admin = await createUser({ role: 'admin' });
  ownerClient = await signIn(owner);
  staffClient = await signIn(staff);
  ownerCookie = ownerClient.cookie ?? '';
  staffCookie = staffClient.cookie ?? '';
  ticket = await fileTicket(ownerClient, {
    title: `Printer ${TITLE_WORD} jams`,
    description: 'It jams on every page.',
  });
  const reply = await staffClient.post(ticketCommentsPath(ticket.id), {
    content: `Try the other tray. ${PUBLIC_MARKER}`,
  });
  expect(reply.status).toBe(201);
  // Waiting on the owner: an internal note is no reply of theirs, so the hold (and the SLA status the
  // owner reads) must not move when one is written.
  expect((await staffClient.put(ticketWaitingPath(ticket.id), {})).status).toBe(200);
  // Staff have the ticket open and are writing: presence is for staff only and must show the owner nothing.
  expect((await staffClient.put(ticketPresencePath(ticket.id), { typing: true })).status).toBe(200);
  const form = new FormData();
  form.append(ATTACHMENT_UPLOAD_FIELD, new Blob(['jam log'], { type: 'text/plain' }), 'jam.txt');
  const upload = await ownerClient.request('POST', ticketAttachmentsPath(ticket.id), { body: form });
  expect(upload.status).toBe(201);
  attachmentId = (upload.body as { id: string }).id;
  for (const isShared of [false, true]) {
    const canned = await staffClient.post(CANNED_REPLY_PATHS.list, {
      title: `Escalation ${isShared ? 'shared' : 'personal'}`,
      body: `Hi {{requester.first_name}}. ${CANNED_MARKER}`,
      isShared,
    });
    expect(canned.status).toBe(201);
  }
  const adminClient = await signIn(admin);
  const category = await insertCategory();
  publishedImageId = await uploadTestKbImage(adminClient);
  publishedArticleId = (
    await postArticle(adminClient, category.id, {
      status: 'published',
      content: `![shot](${API_PATHS.kbImages}/${publishedImageId})`,
    })
  ).id;
});

afterAll(async () => {
  if (savedSettings) {
    await sql`update settings set email_notifications = ${savedSettings.emailNotifications},
                                  push_notifications = ${savedSettings.pushNotifications}`;
  } else {
    await sql`delete from settings`;
  }
  writeFigures(
    'canary',
    'Canary crawl (internal notes)',
    [
      {
        name: 'surfaces crawled as the ticket’s owner',
        value: tally.surfaces,
        target: { op: '>=', value: 10 },
      },
      { name: 'canary leaks', value: tally.leaks, target: { op: '=', value: 0 } },
      {
        name: 'owner’s views changed by an internal note',
        value: tally.changedViews,
        target: { op: '=', value: 0 },
      },
      { name: 'live-update events the owner received', value: tally.streamEvents },
      {
        name: 'controls failed (canaries findable by staff)',
        value: tally.controlsFailed,
        target: { op: '=', value: 0 },
      },
    ],
    [
      'Canaries: a unique marker and a unique word in two internal notes, and the notes’ ids.',
      'Surfaces: every GET route an end user may call (ids from their own ticket, attachment and a published article), desk and KB search for the canaries, the /api/events stream while the notes were posted, the owner’s notifications and every email queued to them.',
      ...controls,
    ],
  );
});

describe('canary crawl', () => {
  test('internal notes reach the ticket’s owner through no surface, and move nothing they see', async () => {
    const before = await ownerView();

    // The owner's live stream is open while the notes are posted; a staff stream is the control.
    const listen = (cookie: string) =>
      hasEvents ? send('GET', API_PATHS.events, { cookie, streamMs: 2_500 }) : Promise.resolve(null);
    const ownerStream = listen(ownerCookie);
    const staffStream = listen(staffCookie);
    await Bun.sleep(400);
    const internalIds: string[] = [];
    for (const content of [`Internal: ${MARKER} suspects the customer`, `Root cause ${WORD} per vendor`]) {
      const response = await noteWriter.post(ticketCommentsPath(ticket.id), { content, isInternal: true });
      expect(response.status).toBe(201);
      internalIds.push((response.body as { id: string }).id);
    }
    canaries = [MARKER, WORD, CANNED_MARKER, ...internalIds];
    const [ownerEvents, staffEvents] = await Promise.all([ownerStream, staffStream]);

    if (ownerEvents && staffEvents) {
      control('the owner’s live-update stream opened', ownerEvents.status === 200);
      inspect('GET /api/events (owner, while the notes were posted)', ownerEvents.text);
      tally.streamEvents = (ownerEvents.text.match(/^event:/gm) ?? []).length;
      if (ownerEvents.text.includes(ticket.id)) {
        tally.leaks += 1;
        findings.push('the owner’s stream named the ticket when only internal notes changed it');
      }
      control(
        'a staff stream got a ticket event for the notes',
        staffEvents.text.includes('event: ticket') && staffEvents.text.includes(ticket.id),
      );
    }

    const after = await ownerView();
    for (const [name, text] of Object.entries(before)) {
      if (after[name] !== text) {
        tally.changedViews += 1;
        findings.push(`the owner's ${name} changed when internal notes were added:\n${text}\n${after[name]}`);
      }
    }

    // Every GET route the owner may call, with ids of their own objects.
    const own: Partial<Record<ObjectKind, string>> = {
      ticket: ticket.id,
      attachment: attachmentId,
      article: publishedArticleId,
      image: publishedImageId,
      user: owner.id,
    };
    for (const route of registeredRoutes()) {
      if (route.method !== 'GET' || route.key === `GET ${API_PATHS.events}`) continue;
      if (!isRoleAllowed(route.access, 'end_user')) continue;
      const values = Object.fromEntries(
        paramKinds(route).map(({ name, kind }) => [name, own[kind] ?? crypto.randomUUID()]),
      );
      for (const query of queriesFor(route.key)) {
        const path = `${fillPath(route, values)}${query}`;
        const answer: Answer = await send('GET', path, { cookie: ownerCookie });
        if (answer.status >= 500) findings.push(`GET ${path}: ${answer.status}`);
        inspect(
          `GET ${path} (${answer.status})`,
          `${[...answer.headers.values()].join('\n')}\n${answer.text}`,
        );
      }
    }
    // The bell is staff-only today; if it ever opens to end users it is crawled all the same.
    for (const path of [API_PATHS.notifications, API_PATHS.notificationsCount]) {
      inspect(`GET ${path}`, (await send('GET', path, { cookie: ownerCookie })).text);
    }
    const notifications = await sql<{ title: string; message: string }[]>`
      select title, message from notifications where user_id = ${owner.id}`;
    inspect('the owner’s notification rows', JSON.stringify(notifications));

    if (await hasTable('email_outbox')) {
      const mails = await sql<{ subject: string; textBody: string; htmlBody: string }[]>`
        select subject, text_body as "textBody", html_body as "htmlBody" from email_outbox
        where lower(recipient) = lower(${owner.email})`;
      for (const mail of mails) inspect(`email “${mail.subject}” to the owner`, JSON.stringify(mail));
      control(
        'the public reply reached the owner’s mail (the crawl reads the right rows)',
        mails.some((mail) => mail.textBody.includes(PUBLIC_MARKER)),
      );
    }

    // Controls: the public reply is in the owner's detail, and staff do find the internal notes.
    const ownerDetail = await send('GET', ticketPath(ticket.id), { cookie: ownerCookie });
    control('the owner sees the public reply', ownerDetail.text.includes(PUBLIC_MARKER));
    const staffDetail = await send('GET', ticketPath(ticket.id), { cookie: staffCookie });
    const staffReplies = await send('GET', CANNED_REPLY_PATHS.list, { cookie: staffCookie });
    control('staff read their canned replies', staffReplies.text.includes(CANNED_MARKER));
    control(
      'staff see both internal notes',
      staffDetail.text.includes(MARKER) && staffDetail.text.includes(WORD),
    );
    if (hasSearch) {
      const staffSearch = await send('GET', `${API_PATHS.search}?q=${WORD}`, { cookie: staffCookie });
      const staffHits =
        staffSearch.status === 200 ? (JSON.parse(staffSearch.text) as TSearchResponse).tickets : [];
      control(
        'staff search finds the ticket by the internal word',
        staffHits.some((hit) => hit.id === ticket.id && hit.snippetSource === 'comment'),
      );
      const ownerSearch = await send('GET', `${API_PATHS.search}?q=${WORD}`, { cookie: ownerCookie });
      if (
        ownerSearch.status === 200 &&
        (JSON.parse(ownerSearch.text) as TSearchResponse).tickets.length > 0
      ) {
        tally.leaks += 1;
        findings.push('the owner’s search for a word only an internal note holds found their ticket');
      }
    }

    expect(findings).toEqual([]);
    expect(controls.filter((line) => line.startsWith('FAILED'))).toEqual([]);
    expect(tally.surfaces).toBeGreaterThanOrEqual(10);
  });
});
