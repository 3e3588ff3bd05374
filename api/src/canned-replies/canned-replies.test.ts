import { beforeAll, describe, expect, test } from 'bun:test';
import {
  CANNED_REPLY_LIMITS,
  CANNED_REPLY_MESSAGES,
  CANNED_REPLY_PATHS,
  cannedReplyPath,
  ERROR_CODES,
  SERVER_MESSAGES,
  type TCannedReply,
  type TCannedReplyListResponse,
  type TCreateCannedReplyRequest,
} from '@helpdesk/contracts';
import { errorOf, signedIn, sql, TestClient, type TestUser, withRateLimitScale } from '../../test/helpers.ts';

type Person = { user: TestUser; client: TestClient };

let agent: Person;
let otherAgent: Person;
let admin: Person;
let endUser: Person;

beforeAll(async () => {
  [agent, otherAgent, admin, endUser] = await Promise.all([
    signedIn('agent'),
    signedIn('agent'),
    signedIn('admin'),
    signedIn('end_user'),
  ]);
});

const replyBody = (overrides: Partial<TCreateCannedReplyRequest> = {}): TCreateCannedReplyRequest => ({
  title: `Reply ${crypto.randomUUID().slice(0, 8)}`,
  body: 'Hi {{requester.first_name}}, ticket {{ticket.number}} is fixed. {{agent.name}}',
  isShared: false,
  ...overrides,
});

async function create(
  person: Person,
  overrides: Partial<TCreateCannedReplyRequest> = {},
): Promise<TCannedReply> {
  const response = await person.client.post(CANNED_REPLY_PATHS.list, replyBody(overrides));
  expect(response.status).toBe(201);
  return response.body as TCannedReply;
}

async function listOf(person: Person): Promise<TCannedReply[]> {
  const response = await person.client.get(CANNED_REPLY_PATHS.list);
  expect(response.status).toBe(200);
  return (response.body as TCannedReplyListResponse).replies;
}

const countOf = async (rows: Promise<readonly { count: number }[]>) => (await rows)[0]?.count ?? 0;

const storedReply = async (id: string) =>
  (
    await sql<{ title: string; body: string; ownerId: string | null }[]>`
    select title, body, owner_id as "ownerId" from canned_replies where id = ${id}`
  )[0];

describe('visibility', () => {
  test('a personal reply is its owner’s alone; a shared one every staff member reads', async () => {
    const personal = await create(agent);
    const shared = await create(agent, { isShared: true, setStatus: 'resolved' });
    expect(personal).toMatchObject({ isShared: false, canEdit: true, setStatus: null });
    expect(shared).toMatchObject({ isShared: true, canEdit: true, setStatus: 'resolved' });
    expect(shared.author?.id).toBe(agent.user.id);

    const own = (await listOf(agent)).map((reply) => reply.id);
    expect(own).toEqual(expect.arrayContaining([personal.id, shared.id]));

    for (const other of [otherAgent, admin]) {
      const seen = await listOf(other);
      expect(seen.map((reply) => reply.id)).toContain(shared.id);
      expect(seen.map((reply) => reply.id)).not.toContain(personal.id);
      expect(JSON.stringify(seen)).not.toContain(personal.title);
    }
  });

  test('end users cannot list or add replies', async () => {
    expect((await endUser.client.get(CANNED_REPLY_PATHS.list)).status).toBe(403);
    expect((await endUser.client.post(CANNED_REPLY_PATHS.list, replyBody())).status).toBe(403);
  });

  test('someone else’s personal reply answers 404 to change and delete, exactly as a missing one, and stays', async () => {
    const personal = await create(agent);
    const missing = cannedReplyPath(crypto.randomUUID());
    for (const other of [otherAgent, admin]) {
      const changed = await other.client.patch(cannedReplyPath(personal.id), { title: 'Taken over' });
      const unknown = await other.client.patch(missing, { title: 'Taken over' });
      expect(changed.status).toBe(404);
      expect(changed.text).toBe(unknown.text);
      const deleted = await other.client.request('DELETE', cannedReplyPath(personal.id));
      expect(deleted.status).toBe(404);
      expect(errorOf(deleted).message).toBe(CANNED_REPLY_MESSAGES.replyNotFound);
    }
    expect(await storedReply(personal.id)).toMatchObject({ title: personal.title, ownerId: agent.user.id });
  });
});

describe('edit rights', () => {
  test('a shared reply is changed by its author and admins; another agent gets 403 and changes nothing', async () => {
    const shared = await create(agent, { isShared: true });
    const seenByOther = (await listOf(otherAgent)).find((reply) => reply.id === shared.id);
    expect(seenByOther?.canEdit).toBe(false);
    expect((await listOf(admin)).find((reply) => reply.id === shared.id)?.canEdit).toBe(true);

    const refused = await otherAgent.client.patch(cannedReplyPath(shared.id), { body: 'Vandalised' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toBe(CANNED_REPLY_MESSAGES.notYours);
    const refusedDelete = await otherAgent.client.request('DELETE', cannedReplyPath(shared.id));
    expect(refusedDelete.status).toBe(403);
    expect((await storedReply(shared.id))?.body).toBe(shared.body);

    const byAuthor = await agent.client.patch(cannedReplyPath(shared.id), { title: 'By the author' });
    expect(byAuthor.status).toBe(200);
    const byAdmin = await admin.client.patch(cannedReplyPath(shared.id), { setStatus: 'closed' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ title: 'By the author', setStatus: 'closed', isShared: true });
    expect((await admin.client.request('DELETE', cannedReplyPath(shared.id))).status).toBe(204);
    expect(await storedReply(shared.id)).toBeUndefined();
  });

  test('sharing and unsharing: a personal reply becomes shared; made personal again it is the caller’s', async () => {
    const reply = await create(agent);
    const sharedNow = await agent.client.patch(cannedReplyPath(reply.id), { isShared: true });
    expect(sharedNow.body).toMatchObject({ isShared: true });
    expect((await listOf(otherAgent)).map((r) => r.id)).toContain(reply.id);
    const back = await agent.client.patch(cannedReplyPath(reply.id), { isShared: false });
    expect(back.body).toMatchObject({ isShared: false, canEdit: true });
    expect((await listOf(otherAgent)).map((r) => r.id)).not.toContain(reply.id);
  });

  test('an author deletes their own personal reply', async () => {
    const reply = await create(agent);
    expect((await agent.client.request('DELETE', cannedReplyPath(reply.id))).status).toBe(204);
    expect((await agent.client.request('DELETE', cannedReplyPath(reply.id))).status).toBe(404);
  });
});

describe('placeholders and input', () => {
  test('every known placeholder is accepted, spaces inside the braces too', async () => {
    const body =
      '{{requester.first_name}} {{requester.name}} {{ticket.number}} {{ticket.title}} {{agent.first_name}} {{ agent.name }}';
    expect((await create(agent, { body })).body).toBe(body);
  });

  test('an unknown placeholder is refused on save with a message naming it, and nothing is stored', async () => {
    const before = await listOf(agent);
    const refused = await agent.client.post(
      CANNED_REPLY_PATHS.list,
      replyBody({ body: 'Dear {{requester.first_name}}, your {{ticket.owner}} says hi' }),
    );
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields?.body).toBe(CANNED_REPLY_MESSAGES.unknownPlaceholder('ticket.owner'));
    const reply = await create(agent);
    const badEdit = await agent.client.patch(cannedReplyPath(reply.id), { body: '{{password}}' });
    expect(badEdit.status).toBe(400);
    expect(errorOf(badEdit).fields?.body).toBe(CANNED_REPLY_MESSAGES.unknownPlaceholder('password'));
    expect((await storedReply(reply.id))?.body).toBe(reply.body);
    expect((await listOf(agent)).length).toBe(before.length + 1);
  });

  test('wrong, missing, oversized and hostile fields get a 400 and store nothing', async () => {
    const before = await countOf(sql`select count(*)::int as count from canned_replies`);
    const bad: unknown[] = [
      {},
      { ...replyBody(), title: '' },
      { ...replyBody(), title: '   ' },
      { ...replyBody(), title: 'x'.repeat(CANNED_REPLY_LIMITS.titleMax + 1) },
      { ...replyBody(), title: 'Looks fine\u202Eexe.txt' },
      { ...replyBody(), body: '' },
      { ...replyBody(), body: 'x'.repeat(CANNED_REPLY_LIMITS.bodyMax + 1) },
      { ...replyBody(), setStatus: 'deleted' },
      { ...replyBody(), isShared: 'yes' },
      { ...replyBody(), ownerId: otherAgent.user.id },
      { ...replyBody(), createdBy: otherAgent.user.id },
      { ...replyBody(), body: 'x\u0000y' },
      [replyBody()],
    ];
    for (const body of bad) {
      const response = await agent.client.post(CANNED_REPLY_PATHS.list, body);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
    const malformed = await agent.client.patch('/api/canned-replies/not-a-uuid', { title: 'x' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).message).toBe(CANNED_REPLY_MESSAGES.invalidReplyId);
    const empty = await agent.client.patch(cannedReplyPath(crypto.randomUUID()), {});
    expect(empty.status).toBe(400);
    const after = await countOf(sql`select count(*)::int as count from canned_replies`);
    expect(after).toBe(before);
  });

  test('SQL and markup are stored as plain text', async () => {
    const body = "'); drop table canned_replies; -- <script>alert(1)</script> {{ticket.number}}";
    const reply = await create(agent, { title: '<img src=x onerror=alert(1)>', body });
    expect((await storedReply(reply.id))?.body).toBe(body);
  });
});

describe('caps and floods', () => {
  test('a person keeps at most the per-person cap; the next one is refused, even when sent at once', async () => {
    const person = await signedIn('agent');
    await sql`
      insert into canned_replies (owner_id, title, body, created_by)
      select ${person.user.id}, 'Filler ' || n, 'Filler body', ${person.user.id}
      from generate_series(1, ${CANNED_REPLY_LIMITS.perPersonMax - 2}) as n`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => person.client.post(CANNED_REPLY_PATHS.list, replyBody())),
    );
    expect(answers.filter((answer) => answer.status === 201).length).toBe(2);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused.length).toBe(4);
    expect(errorOf(refused[0] as (typeof answers)[number]).message).toBe(
      CANNED_REPLY_MESSAGES.tooManyReplies,
    );
    const count = await countOf(sql<{ count: number }[]>`
      select count(*)::int as count from canned_replies where created_by = ${person.user.id}`);
    expect(count).toBe(CANNED_REPLY_LIMITS.perPersonMax);
  });

  test('the desk keeps at most the shared cap; sharing one more is refused', async () => {
    const person = await signedIn('agent');
    const shared = await countOf(sql<{ count: number }[]>`
      select count(*)::int as count from canned_replies where owner_id is null`);
    const fillerAuthor = await signedIn('admin');
    await sql`
      insert into canned_replies (owner_id, title, body, created_by)
      select null, 'Shared filler ' || n, 'Filler body', ${fillerAuthor.user.id}
      from generate_series(1, ${CANNED_REPLY_LIMITS.sharedMax - shared}) as n`;
    const refused = await person.client.post(CANNED_REPLY_PATHS.list, replyBody({ isShared: true }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(CANNED_REPLY_MESSAGES.tooManyShared);
    const personal = await create(person);
    const sharing = await person.client.patch(cannedReplyPath(personal.id), { isShared: true });
    expect(sharing.status).toBe(409);
    expect((await storedReply(personal.id))?.ownerId).toBe(person.user.id);
    await sql`delete from canned_replies where created_by = ${fillerAuthor.user.id}`;
  });

  test('a flood of changes is refused with 429 and Retry-After once the budget is spent', async () => {
    const person = await signedIn('agent');
    await withRateLimitScale(1, async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 61; index += 1) {
        const answer = await person.client.post(CANNED_REPLY_PATHS.list, replyBody());
        statuses.push(answer.status);
        if (answer.status === 429) {
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(errorOf(answer).message).toMatch(/^You have changed canned replies too many times/);
        }
      }
      expect(statuses.filter((status) => status === 201).length).toBe(60);
      expect(statuses.at(-1)).toBe(429);
    });
    const count = await countOf(sql<{ count: number }[]>`
      select count(*)::int as count from canned_replies where created_by = ${person.user.id}`);
    expect(count).toBe(60);
  });

  test('a refused change spends nothing of the budget', async () => {
    const person = await signedIn('agent');
    const others = await create(otherAgent, { isShared: true });
    await withRateLimitScale(1, async () => {
      for (let index = 0; index < 61; index += 1) {
        const missing = await person.client.request('DELETE', cannedReplyPath(crypto.randomUUID()));
        expect(missing.status).toBe(404);
      }
      const notTheirs = await person.client.patch(cannedReplyPath(others.id), { title: 'Not mine' });
      expect(notTheirs.status).toBe(403);
      const rows = await sql`select 1 from rate_limits where key = ${`canned-reply:user:${person.user.id}`}`;
      expect(rows.length).toBe(0);
      expect((await person.client.post(CANNED_REPLY_PATHS.list, replyBody())).status).toBe(201);
    });
  });

  test('a signed-out caller is refused', async () => {
    const anonymous = new TestClient();
    const answer = await anonymous.get(CANNED_REPLY_PATHS.list);
    expect(answer.status).toBe(401);
    expect(errorOf(answer).message).toBe(SERVER_MESSAGES.notAuthenticated);
  });
});
