/**
 * Hostile input at scale (docs/reliability.md#hostile-input). For every route of the OpenAPI document the API
 * serves (read at run time, so new routes are covered without editing this file) and every
 * caller the route's declared access lets in, fast-check generates malformed and hostile path parameters,
 * query strings, headers and bodies from the route's own schema. Required of every answer: no
 * 5xx, no stack/SQL/driver text, the one error shape, a refusal where the schema or policy
 * demands one, and no table changed by a refused request. Then malformed transport, by hand.
 *
 * HOSTILE_RUNS (inputs per route and allowed caller, default 160: at least 20,000 inputs a run), HOSTILE_SEED (default fixed),
 * HOSTILE_ONLY (run only routes whose key contains this text), HOSTILE_SHARD (k/n: this process's share of the
 * routes, hostile/shards.ts; `bun run test:unit` runs the shards side by side). Figures go to
 * .data/reliability/hostile-input.json (a shard's to hostile-input.shard-k-of-n.json, which the reliability
 * report adds up).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  API_PATHS,
  ATTACHMENT_UPLOAD_FIELD,
  CANNED_REPLY_PATHS,
  kbArticlePath,
  MAILBOX_PATHS,
  SLA_ADMIN_PATHS,
  SSO_PATHS,
  TRIGGER_PATHS,
  type TUserRole,
  WEBHOOK_PATHS,
  ZAttachment,
  ZBusinessCalendar,
  ZCannedReply,
  ZMailbox,
  ZSlaPolicy,
  ZSsoProviderResponse,
  ZTeamResponse,
  ZTrigger,
  ZWebhookWithSecret,
} from '@helpdesk/contracts';
import fc from 'fast-check';
import type { Db } from '../../src/db/postgres.ts';
import { insertCategory, postArticle, uploadTestKbImage } from '../../src/kb/test-fixtures.ts';
import { createSession } from '../../src/session.ts';
import { issueApiToken } from '../api-tokens.ts';
import { app, BASE_URL, createUser, signIn, sql, TestClient, testConfig } from '../helpers.ts';
import { ensureSlaPolicies, fileTicket } from '../tickets.ts';
import { fixtureCalendarBody } from './harness.ts';
import {
  type ExerciseContext,
  emptyFigures,
  exercise,
  type Figures,
  type Sessions,
} from './hostile/exercise.ts';
import { type Json, JsonObject } from './hostile/json.ts';
import { judge } from './hostile/judge.ts';
import { findLeaks } from './hostile/leaks.ts';
import { CALLERS, type Caller, operationsOf } from './hostile/openapi.ts';
import { requestArbitrary } from './hostile/requests.ts';
import { figuresFileName, inputsFor, operationsOfShard, parseShard } from './hostile/shards.ts';
import { changedTables, snapshotTables } from './hostile/snapshot.ts';
import { runTransportCase, TRANSPORT_CASES, type TransportContext } from './hostile/transport-cases.ts';
import type { IdPool } from './hostile/values.ts';

const SEED = Number(process.env.HOSTILE_SEED ?? 20_260_509);
const RUNS = Math.max(1, Number(process.env.HOSTILE_RUNS ?? 160));
/** What a default run must try at least (the reliability report's target; HOSTILE_RUNS below 160 misses it). */
const MIN_INPUTS_TRIED = 20_000;
const ONLY = process.env.HOSTILE_ONLY ?? '';
const SHARD = parseShard(process.env.HOSTILE_SHARD);
/** The detectors and the transport cases run once, in the first shard. */
const isFirstShard = SHARD.index === 1;

const FIGURES_FILE = join(import.meta.dir, '../../../.data/reliability', figuresFileName(SHARD));
// An older run's figures must not stand in for this one's if this run dies before writing its own.
rmSync(FIGURES_FILE, { force: true });

const document: unknown = await (await fetch(`${BASE_URL}/swagger/json`)).json();
const allOperations = operationsOf(document, app.routes).filter((operation) => operation.key.includes(ONLY));
const operations = operationsOfShard(allOperations, SHARD, RUNS);

const figures: Figures = emptyFigures();
let transportCases = 0;

/** A stable 32-bit seed per route and caller: adding a route never changes another's inputs. */
const seedFor = (key: string, caller: Caller) => Bun.hash.crc32(`${SEED}:${key}:${caller}`) | 0;

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `172.${16 + ((ipCounter >> 16) & 15)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const callerUsers = new Map<TUserRole, { id: string }>();
const tokens = new Map<Caller, string>();
const cookieFor = (caller: Caller) => {
  const token = tokens.get(caller);
  return token ? `${testConfig.sessionCookie.name}=${token}` : null;
};
/** Sessions made straight in the database, no sign-in round trip. */
const sessions: Sessions = {
  cookieFor,
  renew: async (caller) => {
    if (caller === 'anonymous') return;
    const user = callerUsers.get(caller);
    if (!user) throw new Error(`no user for ${caller}`);
    tokens.set(caller, await createSession(sql, user.id, { ipAddress: null, userAgent: null }));
  },
};

/** A test client holding the caller's current session. */
function clientOf(caller: TUserRole): TestClient {
  const client = new TestClient();
  client.cookie = tokens.get(caller) ?? null;
  return client;
}

let pool: IdPool = { all: [], byKind: {} };
let savedSettings: string | null = null;
/** The SLA policies and calendars there were before: generated ones could match later files' tickets. */
let savedSlaIds: string[] = [];
let context: ExerciseContext;

/** Rows for path parameters and id fields to name: a ticket with an attachment, a team, an article, ... */
async function createFixtures(): Promise<IdPool> {
  for (const role of ['end_user', 'agent', 'admin'] as const) {
    callerUsers.set(role, await createUser({ role }));
    await sessions.renew(role);
  }
  const [endUser, agent, admin] = [clientOf('end_user'), clientOf('agent'), clientOf('admin')];

  // Victims for user-id routes, never the callers themselves: a generated request that demotes or
  // rejects one of them must not lock a caller out for the rest of the run.
  const pendingUser = await createUser({ status: 'pending' });
  const victimAgent = await createUser({ role: 'agent' });

  await ensureSlaPolicies();
  const ticket = await fileTicket(endUser, { title: 'Hostile input fixture' });
  const form = new FormData();
  form.append(ATTACHMENT_UPLOAD_FIELD, new File(['fixture text'], 'fixture.txt', { type: 'text/plain' }));
  const upload = await endUser.request('POST', `${API_PATHS.tickets}/${ticket.id}/attachments`, {
    body: form,
  });
  if (upload.status !== 201) throw new Error(`fixture upload failed: ${upload.status} ${upload.text}`);
  const attachmentId = ZAttachment.parse(upload.body).id;

  const team = await admin.post(API_PATHS.teams, { name: `Hostile fixture team ${crypto.randomUUID()}` });
  if (team.status !== 201) throw new Error(`fixture team failed: ${team.status} ${team.text}`);
  const teamId = ZTeamResponse.parse(team.body).team.id;
  const members = await admin.post(`${API_PATHS.teams}/${teamId}/members`, { userIds: [victimAgent.id] });
  if (members.status >= 300) throw new Error(`fixture member failed: ${members.status} ${members.text}`);

  const category = await insertCategory();
  const imageId = await uploadTestKbImage(agent, 'fixture.png');
  const article = await postArticle(agent, category.id, {
    status: 'published',
    content: `![fixture](${API_PATHS.kbImages}/${imageId})`,
  });
  const edit = await agent.put(kbArticlePath(article.id), {
    title: article.title,
    content: `${article.content} Edited.`,
    categoryId: category.id,
  });
  if (edit.status !== 200) throw new Error(`fixture edit failed: ${edit.status} ${edit.text}`);

  const calendar = await admin.post(
    SLA_ADMIN_PATHS.businessCalendars,
    fixtureCalendarBody(`Hostile fixture calendar ${crypto.randomUUID()}`),
  );
  if (calendar.status !== 201)
    throw new Error(`fixture calendar failed: ${calendar.status} ${calendar.text}`);
  const calendarId = ZBusinessCalendar.parse(calendar.body).id;
  const policy = await admin.post(SLA_ADMIN_PATHS.slaPolicies, {
    name: `Hostile fixture policy ${crypto.randomUUID()}`,
    priority: 'low',
    responseTimeHours: 1,
    resolutionTimeHours: 2,
    teamId,
    calendarId,
  });
  if (policy.status !== 201) throw new Error(`fixture policy failed: ${policy.status} ${policy.text}`);
  const policyId = ZSlaPolicy.parse(policy.body).id;

  const mailbox = await admin.post(MAILBOX_PATHS.mailboxes, {
    name: `Hostile fixture mailbox ${crypto.randomUUID()}`,
    address: `hostile.${crypto.randomUUID()}@desk.example.com`,
    kind: 'pipe',
  });
  if (mailbox.status !== 201) throw new Error(`fixture mailbox failed: ${mailbox.status} ${mailbox.text}`);
  const mailboxId = ZMailbox.parse(mailbox.body).id;
  const [failedMessage] = await sql<{ id: string }[]>`
    insert into inbound_messages (mailbox_id, sender, subject, raw_size, status, last_error)
    values (${mailboxId}, 'anna@example.net', 'Hostile fixture', 0, 'failed', 'Held back') returning id`;

  // A provider at a closed loopback port: a generated Test connection fails fast, reaching nothing.
  const provider = await admin.post(SSO_PATHS.adminProviders, {
    id: `hostile-${crypto.randomUUID().slice(0, 8)}`,
    label: 'Hostile fixture provider',
    issuer: 'http://127.0.0.1:9',
    clientId: 'desk',
  });
  if (provider.status !== 201)
    throw new Error(`fixture provider failed: ${provider.status} ${provider.text}`);
  const providerId = ZSsoProviderResponse.parse(provider.body).provider.id;
  const [identity] = await sql<{ id: string }[]>`
    insert into user_identities (provider_id, subject, user_id)
    values (${providerId}, 'hostile-subject', ${callerUsers.get('end_user')?.id ?? ''}) returning id`;

  // A switched-off rule: a generated change may switch it on, so it acts on no ticket of the run.
  const trigger = await admin.post(TRIGGER_PATHS.list, {
    name: 'Hostile fixture trigger',
    isEnabled: false,
    runOn: 'created',
    conditions: [{ type: 'title_words', in: ['zqhostilefixture'] }],
    actions: [{ type: 'set_priority', priority: 'low' }],
  });
  if (trigger.status !== 201) throw new Error(`fixture trigger failed: ${trigger.status} ${trigger.text}`);
  const triggerId = ZTrigger.parse(trigger.body).id;
  // A webhook at a closed loopback port (turned off, so other writes queue nothing for it) and one delivery.
  const webhook = await admin.post(WEBHOOK_PATHS.list, {
    name: 'Hostile fixture webhook',
    url: 'http://127.0.0.1:9/hook',
    events: ['ticket.created'],
    allowPrivateNetwork: true,
    enabled: false,
  });
  if (webhook.status !== 201) throw new Error(`fixture webhook failed: ${webhook.status} ${webhook.text}`);
  const webhookId = ZWebhookWithSecret.parse(webhook.body).webhook.id;
  const [delivery] = await sql<{ id: string }[]>`
    insert into webhook_deliveries (webhook_id, event, body) values (${webhookId}, 'ping', '{}') returning id`;

  const notifications = await sql<{ id: string }[]>`
    insert into notifications (user_id, type, title, message)
    select id, 'system_announcement', 'Hostile input fixture', 'A notification to read'
    from users where id in ${sql([callerUsers.get('agent')?.id ?? '', callerUsers.get('admin')?.id ?? ''])}
    returning id`;

  // A canned reply of the agent caller's own, and a shared one someone else wrote.
  const ownReply = await agent.post(CANNED_REPLY_PATHS.list, {
    title: 'Hostile fixture reply',
    body: 'Hello {{requester.first_name}}',
    isShared: false,
  });
  if (ownReply.status !== 201) throw new Error(`fixture reply failed: ${ownReply.status} ${ownReply.text}`);
  const [sharedReply] = await sql<{ id: string }[]>`
    insert into canned_replies (owner_id, title, body, created_by)
    values (null, 'Hostile fixture shared reply', 'Shared body', ${victimAgent.id}) returning id`;

  // A session of someone else's, named by its public id as the profile's "Sign out" names one.
  await createSession(sql, victimAgent.id, { ipAddress: null, userAgent: 'Hostile fixture browser' });
  const victimSessions = await sql<{ publicId: string }[]>`
    select public_id as "publicId" from sessions where user_id = ${victimAgent.id}`;

  // Someone else's API token: revoking it is the admin's, and an unknown token to everyone else.
  const victimToken = await issueApiToken(await signIn(victimAgent), ['tickets:read'], {
    name: 'Hostile fixture',
  });

  const byKind: Record<string, string[]> = {
    tickets: [ticket.id],
    attachments: [attachmentId],
    teams: [teamId],
    teamId: [teamId],
    members: [victimAgent.id, pendingUser.id],
    users: [pendingUser.id, victimAgent.id],
    userIds: [victimAgent.id, pendingUser.id],
    assigneeId: [victimAgent.id],
    articles: [article.id],
    images: [imageId],
    // Revision numbers of the article (1 and 2 exist, 3 does not).
    revisions: ['1', '2', '3'],
    categoryId: [category.id],
    notifications: notifications.map((row) => row.id),
    'business-calendars': [calendarId],
    calendarId: [calendarId],
    'sla-policies': [policyId],
    mailboxes: [mailboxId],
    mailboxId: [mailboxId],
    messages: [failedMessage?.id ?? ''],
    sessions: victimSessions.map((row) => row.publicId),
    'sso-providers': [providerId],
    sso: [providerId],
    identities: [identity?.id ?? ''],
    triggers: [triggerId],
    webhooks: [webhookId],
    deliveries: [delivery?.id ?? ''],
    'api-tokens': [victimToken.id],
    'canned-replies': [ZCannedReply.parse(ownReply.body).id, sharedReply?.id ?? ''],
  };
  return { all: [...new Set(Object.values(byKind).flat())], byKind };
}

beforeAll(async () => {
  const [row] = await sql<{ settings: string }[]>`select to_jsonb(s)::text as settings from settings s`;
  savedSettings = row?.settings ?? null;
  savedSlaIds = (
    await sql<{ id: string }[]>`select id from sla_policies union all select id from business_calendars`
  ).map((saved) => saved.id);
  pool = await createFixtures();
  context = { baseUrl: BASE_URL, sql, sessions, figures, nextIp, baseline: await snapshotTables(sql) };
}, 60_000);

/**
 * A generated PUT /api/admin/settings may have been valid: the desk's settings go back to what they were, so
 * a made-up SMTP host it saved is never what the test mail of a later route waits on.
 */
async function restoreSettings(tx: Db): Promise<void> {
  await tx`delete from settings`;
  if (savedSettings !== null)
    // ::text first: a parameter typed jsonb would be JSON-encoded again by the driver (a string scalar).
    await tx`insert into settings select * from jsonb_populate_record(null::settings, ${savedSettings}::text::jsonb)`;
}

afterAll(async () => {
  // Leave the desk as it was for the next file.
  await sql.begin(async (tx) => {
    await restoreSettings(tx);
    // The fixtures and any valid generated policy or calendar go; ticket rows keep their deadlines.
    await tx`delete from sla_policies where id <> all(${savedSlaIds}::uuid[])`;
    await tx`delete from business_calendars where id <> all(${savedSlaIds}::uuid[])`;
    // Generated mailboxes name made-up servers: no worker of a later file may try them.
    await tx`update mailboxes set is_active = false`;
  });
  const pairs = operations.reduce((sum, operation) => sum + operation.allowed.length, 0);
  mkdirSync(join(FIGURES_FILE, '..'), { recursive: true });
  const zero = { op: '=', value: 0 } as const;
  const atLeastOne = { op: '>=', value: 1 } as const;
  // A shard's counts add up with the other shards' (`sum`); its settings are the same in each (`same`).
  const figure = (
    name: string,
    value: number,
    target?: { op: '=' | '>='; value: number },
    shards: 'sum' | 'same' = 'sum',
  ) => ({ name, value, ...(target ? { target } : {}), ...(SHARD.count > 1 ? { shards } : {}) });
  writeFileSync(
    FIGURES_FILE,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        ...(SHARD.count > 1 ? { shard: SHARD } : {}),
        figures: [
          figure('inputs tried', figures.inputsTried, { op: '>=', value: MIN_INPUTS_TRIED }),
          figure('5xx', figures.fiveXx, zero),
          figure('stack or sql leaks', figures.stackOrSqlLeaks, zero),
          figure('refused writes', figures.refusedWrites, zero),
          figure('transport cases', transportCases, atLeastOne),
          figure('get writes', figures.getWrites, zero),
          figure('unexpected accepts', figures.unexpectedAccepts, zero),
          figure('bad error shapes', figures.badErrorShapes, zero),
          figure('slow answers', figures.slowAnswers, zero),
          figure('routes', operations.length),
          figure('roles', CALLERS.length, undefined, 'same'),
          figure('route role pairs', pairs),
          figure('seed', SEED, undefined, 'same'),
          figure('runs per route and role', RUNS, undefined, 'same'),
        ],
      },
      null,
      2,
    )}\n`,
  );
});

// Only in the first shard: the others would repeat them, and the transport cases are counted once.
if (isFirstShard)
  describe('the detectors themselves (a detector that never fires proves nothing)', () => {
    test('the table fingerprint sees an insert, an update and a delete, and not a sliding session expiry', async () => {
      const before = await snapshotTables(sql);
      const slug = `detector-${crypto.randomUUID()}`;
      await sql`insert into kb_categories (name, slug) values ('Detector', ${slug})`;
      const inserted = await snapshotTables(sql);
      expect(changedTables(before, inserted)).toEqual(['kb_categories']);
      await sql`update kb_categories set description = 'changed' where slug = ${slug}`;
      const updated = await snapshotTables(sql);
      expect(changedTables(inserted, updated)).toEqual(['kb_categories']);
      await sql`delete from kb_categories where slug = ${slug}`;
      const deleted = await snapshotTables(sql);
      expect(changedTables(updated, deleted)).toEqual(['kb_categories']);

      await sql`update sessions set expire = least(expire + interval '1 second', absolute_expire)`;
      expect(changedTables(deleted, await snapshotTables(sql))).toEqual([]);
      // Any one session (other suites share this database, so its user agent may be anything): a real
      // change to a column the fingerprint watches must show.
      const changed = await sql`
      update sessions set user_agent = ${`detector-${crypto.randomUUID()}`}
      where sid = (select min(sid) from sessions) returning sid`;
      expect(changed.length).toBe(1);
      expect(changedTables(deleted, await snapshotTables(sql))).toEqual(['sessions']);
      context.baseline = await snapshotTables(sql);
    });

    test('the leak check finds stack frames, source paths and SQL text, and passes our own error bodies', () => {
      const answer = (status: number, text: string, headers: Record<string, string> = {}) => ({
        status,
        headers: new Headers({ 'content-type': 'application/json', ...headers }),
        text,
      });
      expect(
        findLeaks(answer(500, 'TypeError: x is undefined\n    at handler (/app/api/src/x.ts:12:3)')),
      ).not.toEqual([]);
      expect(findLeaks(answer(400, '{"message":"relation \\"users\\" does not exist"}'))).not.toEqual([]);
      expect(
        findLeaks(answer(409, '{"message":"duplicate key value violates unique constraint"}')),
      ).not.toEqual([]);
      expect(
        findLeaks(answer(200, '{"title":"at home"}', { 'x-debug': 'PostgresError: 42P01' })),
      ).not.toEqual([]);
      expect(
        findLeaks(answer(200, '{"stack":"at run (file:///app/node_modules/x/index.js:1:2)"}')),
      ).not.toEqual([]);
      expect(
        findLeaks(
          answer(
            400,
            '{"code":"VALIDATION_FAILED","message":"Invalid request","fields":{"title":"Must be at least 1 character"}}',
          ),
        ),
      ).toEqual([]);
      expect(findLeaks(answer(200, '{"title":"Printer at floor 2 says syntax error in postgres"}'))).toEqual(
        [],
      );
    });

    test('the judge calls schema breaches invalid and leaves defaulted keys alone', () => {
      const body = allOperations.find((operation) => operation.key === `POST ${API_PATHS.tickets}`)?.body;
      if (body?.kind !== 'json') {
        expect(ONLY).not.toBe('');
        return;
      }
      const { schema } = body;
      const ticket = (entries: [string, Json][]) => new JsonObject([['description', 'd'], ...entries]);
      const verdicts: [[string, Json][], 'valid' | 'invalid'][] = [
        [[['title', 't'.repeat(500)]], 'valid'],
        [[['title', 't'.repeat(501)]], 'invalid'],
        [[['title', '']], 'invalid'],
        // The title's pattern holds Unicode property classes: read with the `u` flag, a p or a c is
        // a letter like any other, and a right-to-left override is refused.
        [[['title', 'process.exit(1) pcC{}']], 'valid'],
        [[['title', 'Invoice \u202Efdp.exe']], 'invalid'],
        [
          [
            ['title', 'a'],
            ['priority', 'urgent'],
          ],
          'invalid',
        ],
        [
          [
            ['title', 'a'],
            ['__proto__', new JsonObject([])],
          ],
          'invalid',
        ],
        // A repeated key: JSON.parse keeps the last one, so the last one decides.
        [
          [
            ['title', 'a'],
            ['title', 7],
          ],
          'invalid',
        ],
        [
          [
            ['title', 7],
            ['title', 'a'],
          ],
          'valid',
        ],
      ];
      for (const [entries, verdict] of verdicts) {
        expect(judge(schema, ticket(entries)), JSON.stringify(entries)).toBe(verdict);
      }
      expect(judge(schema, new JsonObject([['title', 'a']]))).toBe('invalid');
    });
  });

describe('every route of the OpenAPI document, as every caller, with generated hostile input', () => {
  test('the document and the registered routes give operations to attack', () => {
    expect(allOperations.length).toBeGreaterThan(ONLY ? 0 : 40);
    if (!ONLY) expect(allOperations.some((operation) => operation.body.kind === 'json')).toBe(true);
    if (!ONLY) expect(operations.length).toBeGreaterThan(0);
  });

  for (const operation of operations) {
    test(`${operation.key}`, async () => {
      await sql.begin((tx) => restoreSettings(tx));
      context.baseline = await snapshotTables(sql);
      const failures: string[] = [];
      for (const caller of CALLERS) {
        const seed = seedFor(operation.key, caller);
        let lastProblems: string[] = [];
        let lastInput = '';
        try {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(operation, pool), async (request) => {
              const problems = await exercise(context, operation, caller, request);
              if (problems.length) {
                lastProblems = problems;
                lastInput = request.describe();
              }
              return problems.length === 0;
            }),
            // No shrinking: every shrink step would be another request against a changed database.
            { seed, numRuns: inputsFor(operation, caller, RUNS), endOnFailure: true },
          );
        } catch (error) {
          const replay = error instanceof Error ? (error.message.split('\n')[1] ?? '') : '';
          failures.push(
            `${operation.key} as ${caller} (HOSTILE_SEED=${SEED} HOSTILE_ONLY='${operation.key}', fast-check ${replay}):\n` +
              `  ${lastProblems.join('\n  ')}\n  input: ${lastInput}`,
          );
        }
      }
      if (failures.length) console.error(failures.join('\n'));
      expect(failures).toEqual([]);
      // Routes that hash a password take minutes on two cores shared with the other test processes.
    }, 360_000);
  }
});

if (isFirstShard)
  describe('malformed transport', () => {
    const transport: TransportContext = {
      baseUrl: BASE_URL,
      port: Number(new URL(BASE_URL).port),
      sql,
      cookieFor,
      ticketId: () => pool.byKind.tickets?.[0] ?? crypto.randomUUID(),
      nextIp,
    };

    for (const transportCase of TRANSPORT_CASES) {
      test(transportCase.name, async () => {
        transportCases += 1;
        figures.inputsTried += 1;
        const result = await runTransportCase(transport, transportCase);
        if (result.answer && result.answer.status !== null && result.answer.status >= 500)
          figures.fiveXx += 1;
        if (result.leaks) figures.stackOrSqlLeaks += 1;
        if (result.refusedWrite) figures.refusedWrites += 1;
        // The next request's baseline: whatever this case was allowed to write is not the next one's doing.
        context.baseline = await snapshotTables(sql);
        expect(result.problems).toEqual([]);
      }, 60_000);
    }
  });
