/**
 * The IDOR sweep (docs/reliability.md#idor-sweep): for every route with an object id in its path, an end user
 * puts other people's ids there (a ticket, its attachment, a notification, a draft or archived
 * article, a team, a user, a business calendar, an SLA policy, a mailbox, a failed incoming message, a
 * session by its public id, a webhook and its delivery) and an
 * agent puts ids of objects only
 * admins or their owners may touch.
 * Each answer must equal, byte for byte, what the same request gets with a random uuid instead
 * (the 'missing object' answer), carry no byte of the other object, and change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ATTACHMENT_UPLOAD_FIELD,
  CANNED_REPLY_PATHS,
  kbImageUrl,
  MAILBOX_PATHS,
  SLA_ADMIN_PATHS,
  SSO_PATHS,
  TICKET_BULK_PATH,
  TICKET_VIEWS_PATH,
  ticketAttachmentsPath,
  ticketCommentsPath,
  WEBHOOK_PATHS,
  ZBusinessCalendar,
  ZMailbox,
  ZSlaPolicy,
  ZWebhookWithSecret,
} from '@helpdesk/contracts';
import { insertCategory, postArticle, uploadTestKbImage } from '../../src/kb/test-fixtures.ts';
import { isRoleAllowed } from '../../src/route-access.ts';
import { issueApiToken } from '../api-tokens.ts';
import { createUser, signIn, sql, type TestClient, type TestUser } from '../helpers.ts';
import { createTeam, ensureSlaPolicies, fileTicket } from '../tickets.ts';
import {
  type Answer,
  fillPath,
  fixtureCalendarBody,
  normalise,
  type ObjectKind,
  paramKinds,
  type Route,
  registeredRoutes,
  secretsIn,
  send,
  writeFigures,
} from './harness.ts';

type Prober = {
  name: 'end user' | 'agent';
  user: TestUser;
  cookie: string;
  /** The prober's own objects by kind: filled into the parameters not under test (GET only). */
  own: Partial<Record<ObjectKind, string>>;
  /** Other people's objects (or admin-only ones) this prober must not reach, by kind. */
  foreign: Partial<Record<ObjectKind, string[]>>;
};

const tally = { routes: 0, probes: 0, mismatches: 0, secretLeaks: 0, serverErrors: 0, changedObjects: 0 };
const findings: string[] = [];

let endUser: Prober;
let agent: Prober;
let secrets: string[] = [];
let snapshotBefore = '';
let snapshotObjects: () => Promise<string>;

/** A body the route would accept if the object were reachable, so a missing check shows as a change. */
function bodyFor(route: Route): { json?: unknown; body?: BodyInit } {
  switch (route.key) {
    case `POST ${API_PATHS.tickets}/:id/comments`:
      return { json: { content: 'IDOR probe comment' } };
    case `POST ${API_PATHS.tickets}/:id/attachments`: {
      const form = new FormData();
      form.append(
        ATTACHMENT_UPLOAD_FIELD,
        new Blob(['IDOR probe file'], { type: 'text/plain' }),
        'probe.txt',
      );
      return { body: form };
    }
    case `PATCH ${API_PATHS.tickets}/:id`:
      return { json: { priority: 'critical' } };
    case `PUT ${API_PATHS.tickets}/:id/waiting`:
      return { json: { until: new Date(Date.now() + 7 * 86_400_000).toISOString() } };
    case `PUT ${API_PATHS.tickets}/:id/presence`:
      return { json: { typing: true } };
    case `PUT ${API_PATHS.notifications}/:id/read`:
      return {};
    case `PATCH ${API_PATHS.teams}/:id`:
      return { json: { name: 'Renamed by a probe' } };
    case `POST ${API_PATHS.teams}/:id/members`:
      return { json: { userIds: [crypto.randomUUID()] } };
    case `PATCH ${API_PATHS.adminUsers}/:userId/status`:
      return { json: { status: 'rejected' } };
    case `PATCH ${API_PATHS.adminUsers}/:userId/role`:
      return { json: { role: 'admin' } };
    case `PATCH ${SLA_ADMIN_PATHS.businessCalendars}/:id`:
      return { json: { name: 'Renamed by a probe' } };
    case `PATCH ${SLA_ADMIN_PATHS.slaPolicies}/:id`:
      return { json: { isActive: false, responseTimeHours: 1000 } };
    case `PATCH ${MAILBOX_PATHS.mailboxes}/:id`:
      return { json: { isActive: false } };
    case `PATCH ${SSO_PATHS.adminProvider}`:
      return { json: { enabled: false } };
    case `PATCH ${CANNED_REPLY_PATHS.list}/:replyId`:
      return { json: { title: 'Renamed by a probe', isShared: true } };
    default:
      return route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} };
  }
}

async function upload(client: TestClient, ticketId: string, name: string): Promise<string> {
  const form = new FormData();
  form.append(ATTACHMENT_UPLOAD_FIELD, new Blob(['attachment body'], { type: 'text/plain' }), name);
  const response = await client.request('POST', ticketAttachmentsPath(ticketId), { body: form });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
}

async function comment(client: TestClient, ticketId: string, content: string, isInternal: boolean) {
  const response = await client.post(ticketCommentsPath(ticketId), { content, isInternal });
  if (response.status !== 201) throw new Error(`comment failed: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
}

/**
 * A notification of the user's own (a row only they see; a ticket_created broadcast is seen by
 * every agent, so it is nobody's to steal).
 */
async function unreadNotificationOf(userId: string, ticketId: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into notifications (user_id, type, title, message, related_entity_id, related_entity_type)
    values (${userId}, 'ticket_assigned', 'Assigned to you', 'A ticket is yours.', ${ticketId}, 'ticket')
    returning id`;
  if (!row) throw new Error('the notification was not inserted');
  return row.id;
}

beforeAll(async () => {
  await ensureSlaPolicies();
  const tag = crypto.randomUUID().slice(0, 8);
  const [proberUser, victimUser, agentUser, victimAgentUser, adminUser] = await Promise.all([
    createUser({ role: 'end_user' }),
    createUser({ role: 'end_user', username: `victim_${tag}`, email: `victim.${tag}@victim.test` }),
    createUser({ role: 'agent' }),
    createUser({ role: 'agent' }),
    createUser({ role: 'admin' }),
  ]);
  const [prober, victim, agentClient, victimAgent, admin] = await Promise.all(
    [proberUser, victimUser, agentUser, victimAgentUser, adminUser].map((user) => signIn(user)),
  );
  if (!prober || !victim || !agentClient || !victimAgent || !admin) throw new Error('sign-in failed');

  const secretTitle = `Payroll export of ${tag} leaks`;
  const secretDescription = `Victim description ${tag}: the VPN password is hunter2-${tag}`;
  const victimTicket = await fileTicket(victim, { title: secretTitle, description: secretDescription });
  const publicComment = `Public reply ${tag} for the victim only`;
  const internalComment = `Internal note ${tag}: victim is on the watch list`;
  const publicCommentId = await comment(victimAgent, victimTicket.id, publicComment, false);
  const internalCommentId = await comment(victimAgent, victimTicket.id, internalComment, true);
  const secretFileName = `salary-${tag}.txt`;
  const victimAttachment = await upload(victim, victimTicket.id, secretFileName);

  const ownTicket = await fileTicket(prober, { title: `Prober ticket ${tag}` });
  const ownAttachment = await upload(prober, ownTicket.id, `own-${tag}.txt`);
  const ownComment = await comment(prober, ownTicket.id, `Prober comment ${tag}`, false);
  // An internal note on the prober's own ticket is as foreign to them as the victim's ticket.
  const noteOnOwn = `Internal note on the prober's ticket ${tag}`;
  const noteOnOwnId = await comment(victimAgent, ownTicket.id, noteOnOwn, true);

  const category = await insertCategory();
  const publishedImage = await uploadTestKbImage(admin, `published-${tag}.png`);
  const draftImage = await uploadTestKbImage(admin, `draft-${tag}.png`);
  const archivedImage = await uploadTestKbImage(admin, `archived-${tag}.png`);
  const looseImage = await uploadTestKbImage(admin, `loose-${tag}.png`);
  const published = await postArticle(admin, category.id, {
    title: `Published ${tag}`,
    content: `![shot](${kbImageUrl(publishedImage)})`,
    status: 'published',
  });
  const draft = await postArticle(admin, category.id, {
    title: `Draft merger ${tag}`,
    content: `Draft body ${tag}: unannounced merger ![shot](${kbImageUrl(draftImage)})`,
    status: 'draft',
  });
  const archived = await postArticle(admin, category.id, {
    title: `Archived layoffs ${tag}`,
    content: `Archived body ${tag} ![shot](${kbImageUrl(archivedImage)})`,
    status: 'archived',
  });
  const teamName = `Secret team ${tag}`;
  const teamId = await createTeam(teamName, [victimAgentUser.id]);
  const calendarName = `Secret calendar ${tag}`;
  const calendarAnswer = await admin.post(
    SLA_ADMIN_PATHS.businessCalendars,
    fixtureCalendarBody(calendarName),
  );
  const calendarId = ZBusinessCalendar.parse(calendarAnswer.body).id;
  const policyName = `Secret policy ${tag}`;
  const policyAnswer = await admin.post(SLA_ADMIN_PATHS.slaPolicies, {
    name: policyName,
    priority: 'critical',
    responseTimeHours: 1,
    resolutionTimeHours: 2,
    teamId,
    calendarId,
  });
  const policyId = ZSlaPolicy.parse(policyAnswer.body).id;

  const mailboxName = `Secret mailbox ${tag}`;
  const mailboxAnswer = await admin.post(MAILBOX_PATHS.mailboxes, {
    name: mailboxName,
    address: `secret.${tag}@desk.example.com`,
    kind: 'imap',
    host: 'imap.example.com',
    port: 993,
    security: 'tls',
    username: `secret.${tag}`,
    password: `pw-${tag}-secret`,
  });
  const mailboxId = ZMailbox.parse(mailboxAnswer.body).id;
  const failedSubject = `Secret failed subject ${tag}`;
  const [failedMessage] = await sql<{ id: string }[]>`
    insert into inbound_messages (mailbox_id, sender, subject, raw_size, status, last_error)
    values (${mailboxId}, ${`sender.${tag}@victim.test`}, ${failedSubject}, 0, 'failed', 'Held back')
    returning id`;
  const failedMessageId = failedMessage?.id ?? '';

  const providerId = `idor-${tag}`;
  const providerLabel = `Secret provider ${tag}`;
  const providerAnswer = await admin.post(SSO_PATHS.adminProviders, {
    id: providerId,
    label: providerLabel,
    issuer: 'https://login.victim.test',
    clientId: `client-${tag}`,
    clientSecret: `sso-secret-${tag}`,
  });
  if (providerAnswer.status !== 201) throw new Error(`fixture provider failed: ${providerAnswer.text}`);
  const [victimIdentity] = await sql<{ id: string }[]>`
    insert into user_identities (provider_id, subject, user_id, email)
    values (${providerId}, ${`subject-${tag}`}, ${victimUser.id}, ${victimUser.email}) returning id`;
  const victimIdentityId = victimIdentity?.id ?? '';

  const webhookName = `Secret webhook ${tag}`;
  const webhookAnswer = await admin.post(WEBHOOK_PATHS.list, {
    name: webhookName,
    url: `http://127.0.0.1:9/${tag}`,
    events: ['ticket.created'],
    allowPrivateNetwork: true,
    enabled: false,
  });
  if (webhookAnswer.status !== 201) throw new Error(`fixture webhook failed: ${webhookAnswer.text}`);
  const webhookId = ZWebhookWithSecret.parse(webhookAnswer.body).webhook.id;
  const deliveryBody = JSON.stringify({ secret: `Secret delivery ${tag}` });
  const [delivery] = await sql<{ id: string }[]>`
    insert into webhook_deliveries (webhook_id, event, body) values (${webhookId}, 'ping', ${deliveryBody})
    returning id`;
  const deliveryId = delivery?.id ?? '';

  const victimAgentNotification = await unreadNotificationOf(victimAgentUser.id, victimTicket.id);
  // Sessions are named by public id (the profile's "Sign out"): other people's, the admin's included.
  const sessionIdsOf = async (userIds: string[]) =>
    (
      await sql<{ publicId: string }[]>`
        select public_id as "publicId" from sessions where user_id in ${sql(userIds)} order by public_id`
    ).map((row) => row.publicId);
  const foreignSessions = await sessionIdsOf([victimUser.id, victimAgentUser.id, adminUser.id]);
  const agentNotification = await unreadNotificationOf(agentUser.id, ownTicket.id);
  // API tokens of other people, the admin's included: revoking one is as foreign as reading it.
  const tokenName = `Secret token ${tag}`;
  const foreignTokens = [
    await issueApiToken(victim, ['tickets:read'], { name: tokenName }),
    await issueApiToken(victimAgent, ['kb:write'], { name: tokenName }),
    await issueApiToken(admin, ['admin'], { name: tokenName }),
  ];
  const foreignTokenIds = foreignTokens.map((token) => token.id);
  const cannedReply = async (client: TestClient, title: string, isShared: boolean) => {
    const answer = await client.post(CANNED_REPLY_PATHS.list, {
      title,
      body: `Canned body of ${title}`,
      isShared,
    });
    if (answer.status !== 201) throw new Error(`fixture canned reply failed: ${answer.text}`);
    return (answer.body as { id: string }).id;
  };
  const personalReplyTitle = `Victim agent's personal reply ${tag}`;
  const adminReplyTitle = `Admin's personal reply ${tag}`;
  const personalReplyId = await cannedReply(victimAgent, personalReplyTitle, false);
  const adminReplyId = await cannedReply(admin, adminReplyTitle, false);
  const sharedReplyId = await cannedReply(victimAgent, `Shared reply ${tag}`, true);

  const cookieOf = (client: TestClient) => {
    if (!client.cookie) throw new Error('no session cookie');
    return client.cookie;
  };
  const people = [victimUser.id, victimAgentUser.id, adminUser.id];
  endUser = {
    name: 'end user',
    user: proberUser,
    cookie: cookieOf(prober),
    own: {
      ticket: ownTicket.id,
      comment: ownComment,
      attachment: ownAttachment,
      article: published.id,
      image: publishedImage,
      user: proberUser.id,
    },
    foreign: {
      ticket: [victimTicket.id],
      comment: [publicCommentId, internalCommentId, noteOnOwnId],
      attachment: [victimAttachment],
      notification: [victimAgentNotification, agentNotification],
      article: [draft.id, archived.id],
      // Images of articles they may not read, and one no article shows yet.
      image: [draftImage, archivedImage, looseImage],
      team: [teamId],
      user: people,
      calendar: [calendarId],
      policy: [policyId],
      mailbox: [mailboxId],
      inbound_message: [failedMessageId],
      session: foreignSessions,
      identity: [victimIdentityId],
      sso_provider: [providerId],
      webhook: [webhookId],
      webhook_delivery: [deliveryId],
      api_token: foreignTokenIds,
      canned_reply: [personalReplyId, adminReplyId, sharedReplyId],
    },
  };
  agent = {
    name: 'agent',
    user: agentUser,
    cookie: cookieOf(agentClient),
    own: { notification: agentNotification, user: agentUser.id },
    // Agents work every ticket and article; what they must not reach is another agent's
    // notification and personal canned replies, and the admin-only teams, users, calendars and policies.
    foreign: {
      canned_reply: [personalReplyId, adminReplyId],
      notification: [victimAgentNotification],
      team: [teamId],
      user: people,
      calendar: [calendarId],
      policy: [policyId],
      mailbox: [mailboxId],
      inbound_message: [failedMessageId],
      session: foreignSessions,
      identity: [victimIdentityId],
      sso_provider: [providerId],
      webhook: [webhookId],
      webhook_delivery: [deliveryId],
      api_token: foreignTokenIds,
    },
  };
  for (const prober of [endUser, agent]) {
    // Provider ids are slugs: a parameter of unknown kind is a uuid, which refuses a slug as malformed.
    const { sso_provider: _slugs, ...uuids } = prober.foreign;
    prober.foreign.unknown = Object.values(uuids).flat();
  }

  secrets = [
    secretTitle,
    secretDescription,
    victimTicket.ticketNumber,
    victimTicket.id,
    publicComment,
    publicCommentId,
    internalComment,
    internalCommentId,
    noteOnOwn,
    noteOnOwnId,
    secretFileName,
    victimAttachment,
    victimUser.username,
    victimUser.email,
    draft.title,
    draft.content,
    draft.id,
    archived.title,
    archived.id,
    teamName,
    teamId,
    calendarName,
    calendarId,
    policyName,
    policyId,
    mailboxName,
    mailboxId,
    `pw-${tag}-secret`,
    failedSubject,
    failedMessageId,
    victimAgentNotification,
    ...foreignSessions,
    providerLabel,
    `client-${tag}`,
    `sso-secret-${tag}`,
    `subject-${tag}`,
    victimIdentityId,
    webhookName,
    webhookId,
    `Secret delivery ${tag}`,
    deliveryId,
    tokenName,
    ...foreignTokenIds,
    ...foreignTokens.map((token) => token.secret),
    ...foreignTokens.map((token) => token.secret.slice(0, 9)),
    personalReplyTitle,
    personalReplyId,
    adminReplyTitle,
    adminReplyId,
  ];

  snapshotObjects = async () => {
    const [row] = await sql<{ snapshot: unknown }[]>`
      select json_build_object(
        'ticket', (select row_to_json(t) from tickets t where t.id = ${victimTicket.id}),
        'comments', (select count(*) from ticket_comments where ticket_id = ${victimTicket.id}),
        'attachments', (select count(*) from attachments where ticket_id = ${victimTicket.id}),
        'events', (select count(*) from ticket_events where ticket_id = ${victimTicket.id}),
        'ownTicket', (select row_to_json(t) from tickets t where t.id = ${ownTicket.id}),
        'ownComments', (select count(*) from ticket_comments where ticket_id = ${ownTicket.id}),
        'ownAttachments', (select count(*) from attachments where ticket_id = ${ownTicket.id}),
        'notifications', (select json_agg(row_to_json(n) order by n.id) from notifications n
                          where n.id in (${victimAgentNotification}, ${agentNotification})),
        'articles', (select json_agg(row_to_json(a) order by a.id) from kb_articles a
                     where a.id in (${draft.id}, ${archived.id}, ${published.id})),
        'team', (select row_to_json(t) from teams t where t.id = ${teamId}),
        'members', (select count(*) from team_members where team_id = ${teamId}),
        'calendar', (select row_to_json(c) from business_calendars c where c.id = ${calendarId}),
        'policy', (select row_to_json(p) from sla_policies p where p.id = ${policyId}),
        'mailbox', (select row_to_json(m) from mailboxes m where m.id = ${mailboxId}),
        'failedMessage', (select row_to_json(i) from inbound_messages i where i.id = ${failedMessageId}),
        'sessions', (select json_agg(s.public_id order by s.public_id) from sessions s
                     where s.user_id in ${sql(people)}),
        'ssoProvider', (select row_to_json(p) from sso_providers p where p.id = ${providerId}),
        'identity', (select row_to_json(i) from user_identities i where i.id = ${victimIdentityId}),
        'webhook', (select row_to_json(w) from webhooks w where w.id = ${webhookId}),
        'deliveries', (select json_agg(row_to_json(d) order by d.id) from webhook_deliveries d
                       where d.webhook_id = ${webhookId}),
        'apiTokens', (select json_agg(row_to_json(t) order by t.id) from api_tokens t
                      where t.id in ${sql(foreignTokenIds)}),
        'cannedReplies', (select json_agg(row_to_json(r) order by r.id) from canned_replies r
                          where r.id in (${personalReplyId}, ${adminReplyId}, ${sharedReplyId})),
        'users', (select json_agg(json_build_object('id', u.id, 'role', u.role, 'status', u.status,
                                                    'updated', u.updated_at) order by u.id)
                  from users u where u.id in ${sql(people)})
      ) as snapshot`;
    return JSON.stringify(row?.snapshot);
  };
  snapshotBefore = await snapshotObjects();
});

/** Same status, same type, same body once the ids the two requests carried are blanked. */
function sameAnswer(probe: Answer, probeIds: string[], reference: Answer, referenceIds: string[]): boolean {
  return (
    probe.status === reference.status &&
    probe.contentType === reference.contentType &&
    normalise(probe.text, probeIds) === normalise(reference.text, referenceIds)
  );
}

/**
 * Probes one route as one prober: each parameter in turn gets each foreign id of its kind while
 * the others keep the prober's own (GET) or random ids; with two or more parameters, also all of
 * them foreign at once. Each probe is paired with the same request carrying a random uuid there.
 */
async function sweepRoute(route: Route, prober: Prober): Promise<void> {
  const kinds = paramKinds(route);
  const isSafe = route.method === 'GET';
  const base: Record<string, string> = {};
  for (const { name, kind } of kinds)
    base[name] = (isSafe ? prober.own[kind] : undefined) ?? crypto.randomUUID();
  const variants: { values: Record<string, string>; foreignNames: string[] }[] = [];
  for (const { name, kind } of kinds) {
    for (const id of prober.foreign[kind] ?? [])
      variants.push({ values: { ...base, [name]: id }, foreignNames: [name] });
  }
  if (kinds.length > 1) {
    const combos = kinds.map(({ kind }) => prober.foreign[kind] ?? []);
    if (combos.every((ids) => ids.length > 0)) {
      const values = Object.fromEntries(kinds.map(({ name }, index) => [name, combos[index]?.[0] ?? '']));
      variants.push({ values, foreignNames: kinds.map(({ name }) => name) });
    }
  }
  for (const variant of variants) {
    const reference = { ...variant.values };
    for (const name of variant.foreignNames) reference[name] = crypto.randomUUID();
    const probeIds = Object.values(variant.values);
    const referenceIds = Object.values(reference);
    const probeAnswer = await send(route.method, fillPath(route, variant.values), {
      cookie: prober.cookie,
      ...bodyFor(route),
    });
    const referenceAnswer = await send(route.method, fillPath(route, reference), {
      cookie: prober.cookie,
      ...bodyFor(route),
    });
    tally.probes += 1;
    const label = `${route.key} as ${prober.name} with ${variant.foreignNames.map((n) => `:${n}`).join('+')} foreign`;
    if (probeAnswer.status >= 500 || referenceAnswer.status >= 500) {
      tally.serverErrors += 1;
      findings.push(`${label}: 5xx (${probeAnswer.status} / ${referenceAnswer.status})`);
    }
    if (!sameAnswer(probeAnswer, probeIds, referenceAnswer, referenceIds)) {
      tally.mismatches += 1;
      findings.push(
        `${label}: ${probeAnswer.status} ${probeAnswer.text.slice(0, 200)} differs from a missing object's ${referenceAnswer.status} ${referenceAnswer.text.slice(0, 200)}`,
      );
    }
    const leaked = secretsIn(
      probeAnswer.text,
      secrets.filter((secret) => !probeIds.includes(secret)),
    );
    const headerLeaks = secretsIn(
      [...probeAnswer.headers.values()].join('\n'),
      secrets.filter((s) => !probeIds.includes(s)),
    );
    if (leaked.length || headerLeaks.length) {
      tally.secretLeaks += leaked.length + headerLeaks.length;
      findings.push(`${label}: the answer holds ${[...leaked, ...headerLeaks].join(', ')}`);
    }
  }
}

describe('IDOR sweep', () => {
  test('other people’s ids answer exactly like missing ones, for every route with an object id', async () => {
    const routes = registeredRoutes().filter((route) => route.params.length > 0);
    for (const route of routes) {
      tally.routes += 1;
      for (const prober of [endUser, agent]) await sweepRoute(route, prober);
    }
    const after = await snapshotObjects();
    if (after !== snapshotBefore) {
      tally.changedObjects += 1;
      findings.push(`a probe changed someone's objects:\nbefore ${snapshotBefore}\nafter  ${after}`);
    }
    expect(findings).toEqual([]);
    // Every route with an object id was probed by someone (or nobody could probe it: none exists).
    expect(tally.probes).toBeGreaterThan(routes.length);
  });

  test('ids outside the path: bulk changes refuse end users as for a missing ticket; view counts stay their own', async () => {
    const victimTicket = endUser.foreign.ticket?.[0] ?? '';
    const before = await snapshotObjects();
    const bulkOf = (ids: string[]) => ({
      json: { ids, changes: { status: 'closed', priority: 'critical' } },
    });
    const probe = await send('POST', TICKET_BULK_PATH, { cookie: endUser.cookie, ...bulkOf([victimTicket]) });
    const reference = await send('POST', TICKET_BULK_PATH, {
      cookie: endUser.cookie,
      ...bulkOf([crypto.randomUUID()]),
    });
    expect(probe.status).toBe(403);
    expect(probe.text).toBe(reference.text);
    // Staff reach every ticket; a 404 names only the ids the caller sent that are missing.
    const missing = crypto.randomUUID();
    const asAgent = await send('POST', TICKET_BULK_PATH, {
      cookie: agent.cookie,
      ...bulkOf([victimTicket, missing]),
    });
    expect(asAgent.status).toBe(404);
    expect(JSON.parse(asAgent.text).details).toEqual({ missingIds: [missing] });
    expect(secretsIn(asAgent.text, secrets)).toEqual([]);
    expect(await snapshotObjects()).toBe(before);
    // The counts take no parameter: naming the victim anywhere in the query changes nothing.
    const own = await send('GET', TICKET_VIEWS_PATH, { cookie: endUser.cookie });
    expect(JSON.parse(own.text)).toEqual({ views: { open: 1, all: 1 }, capped: [] });
    const victimId = endUser.foreign.user?.[0] ?? '';
    for (const query of [`requester=${victimId}`, `view=mine&assignee=${victimId}`, `user=${victimId}`]) {
      const probed = await send('GET', `${TICKET_VIEWS_PATH}?${query}`, { cookie: endUser.cookie });
      expect([probed.status, probed.text]).toEqual([own.status, own.text]);
    }
  });

  test('ids outside the path: an agent’s list of canned replies holds no one else’s personal reply', async () => {
    const listed = await send('GET', CANNED_REPLY_PATHS.list, { cookie: agent.cookie });
    expect(listed.status).toBe(200);
    const personal = agent.foreign.canned_reply ?? [];
    expect(personal.length).toBe(2);
    expect(secretsIn(listed.text, secrets)).toEqual([]);
  });

  test('the sweep would notice: the victim’s own requests get the objects the probers could not', async () => {
    // A control: the same paths answer 200 with the secret to those allowed, so equal 404s above
    // are the access rule at work, not a broken fixture.
    const route = registeredRoutes().find((r) => r.key === `GET ${API_PATHS.tickets}/:id`);
    expect(route).toBeDefined();
    if (!route) return;
    expect(isRoleAllowed(route.access, 'end_user')).toBe(true);
    const ticketId = endUser.foreign.ticket?.[0] ?? '';
    const asAgent = await send('GET', fillPath(route, { id: ticketId }), { cookie: agent.cookie });
    expect(asAgent.status).toBe(200);
    expect(secretsIn(asAgent.text, secrets).length).toBeGreaterThan(3);
    const asEndUser = await send('GET', fillPath(route, { id: ticketId }), { cookie: endUser.cookie });
    expect(asEndUser.status).toBe(404);
  });
});

afterAll(async () => {
  // The fixture mailbox names a made-up server: no worker of a later file may try it.
  await sql`update mailboxes set is_active = false`;
  writeFigures(
    'idor',
    'IDOR sweep',
    [
      { name: 'routes with an object id', value: tally.routes, target: { op: '>=', value: 1 } },
      { name: 'probes (foreign id vs missing id)', value: tally.probes, target: { op: '>=', value: 1 } },
      { name: 'answers unlike a missing object’s', value: tally.mismatches, target: { op: '=', value: 0 } },
      {
        name: 'bytes of other people’s objects in answers',
        value: tally.secretLeaks,
        target: { op: '=', value: 0 },
      },
      { name: 'objects changed by probes', value: tally.changedObjects, target: { op: '=', value: 0 } },
      { name: '5xx answers', value: tally.serverErrors, target: { op: '=', value: 0 } },
    ],
    [
      'Probers: an end user (another user’s ticket, attachment, comments, internal notes on their own ticket, draft and archived articles, notifications, team, users, business calendar, SLA policy, mailbox, failed incoming message, linked sign-in identity, sign-in provider, webhooks and their deliveries, other people’s sessions, API tokens and canned replies) and an agent (another agent’s notification and personal canned replies, admin-only teams, users, calendars, policies, mailboxes, incoming messages, sign-in providers and webhooks, another person’s linked identity, other people’s sessions and API tokens).',
      'Leaks counted: answers that differ from the random-uuid answer, secret strings of the other objects in an answer’s body or headers, and database changes to those objects.',
    ],
  );
});
