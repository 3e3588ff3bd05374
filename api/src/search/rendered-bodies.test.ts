import { beforeAll, describe, expect, test } from 'bun:test';
import { type TUserRole, ticketPath, ZSearchResponse } from '@helpdesk/contracts';
import type { z } from 'zod';
import { createUser, signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';
import { checkJsonText } from '../json-text.ts';
import { insertCategory, postArticle, uniqueWord } from '../kb/test-fixtures.ts';
import { searchDesk } from './service.ts';

/**
 * GET /api/search's body is one JSON text the service builds (its highlights are marked in the
 * process) and passes through like a rendered one: on fixtures holding everything that must never
 * leave, each scope's body passes its contract strictly (no undeclared key at any depth) and
 * carries none of it.
 */

type Signed = { user: TestUser; client: TestClient };
let word = '';
let requester: Signed;
let otherRequester: Signed;
let agent: Signed;
let admin: Signed;
let mineId = '';
let theirsId = '';
let pendingEmail = '';
/** Texts that must never reach an end user (other people's ticket, internal note, unpublished articles). */
const secrets = {
  theirs: uniqueWord('theirs'),
  internal: uniqueWord('internal'),
  draft: uniqueWord('draft'),
  archived: uniqueWord('archived'),
};

beforeAll(async () => {
  await ensureSlaPolicies();
  word = uniqueWord('rendered');
  [requester, otherRequester, agent, admin] = await Promise.all([
    signedIn('end_user'),
    signedIn('end_user'),
    signedIn('agent'),
    signedIn('admin'),
  ]);
  const mine = await fileTicket(requester.client, {
    title: `Printer ${word}`,
    description: `It jams: ${word}.`,
  });
  mineId = mine.id;
  theirsId = (
    await fileTicket(otherRequester.client, {
      title: `Scanner ${word} ${secrets.theirs}`,
      description: `Also ${word}.`,
    })
  ).id;
  const note = await agent.client.post(`${ticketPath(mine.id)}/comments`, {
    content: `Staff only: ${word} ${secrets.internal}`,
    isInternal: true,
  });
  expect(note.status).toBe(201);
  // People named by the word: an active agent (found by staff) and a pending registrant (found by nobody).
  await sql`update users set last_name = ${word} where id = ${agent.user.id}`;
  const pending = await createUser({ status: 'pending' });
  pendingEmail = pending.email;
  await sql`update users set last_name = ${word} where id = ${pending.id}`;
  const categoryId = (await insertCategory()).id;
  await postArticle(agent.client, categoryId, { title: `How to fix ${word}`, status: 'published' });
  await postArticle(agent.client, categoryId, { title: `Draft ${word} ${secrets.draft}`, status: 'draft' });
  await postArticle(agent.client, categoryId, {
    title: `Old ${word} ${secrets.archived}`,
    status: 'archived',
  });
});

/** Every password hash of the fixtures' people: none may ever be part of a body. */
async function passwordHashes(): Promise<string[]> {
  const ids = [requester, otherRequester, agent, admin].map((signed) => signed.user.id);
  const rows = await sql<{ hash: string }[]>`
    select password_hash as hash from users where id = any(${ids}::uuid[])`;
  return rows.map((row) => row.hash);
}

const viewerOf = (signed: Signed) => ({
  id: signed.user.id,
  role: signed.user.role,
  email: signed.user.email,
});

/** The body searchDesk answers for a scope, checked strictly against its contract. */
async function renderedSearch(
  signed: Signed,
  q: string,
): Promise<{ text: string; body: z.infer<typeof ZSearchResponse> }> {
  const response = await searchDesk(viewerOf(signed), { q, limit: 20 });
  const text = await response.text();
  return { text, body: checkJsonText(ZSearchResponse, text) as z.infer<typeof ZSearchResponse> };
}

describe('GET /api/search renders only what each scope may see', () => {
  test('an end user: their own ticket, published articles, never people, notes, drafts or hashes', async () => {
    const { text, body } = await renderedSearch(requester, word);
    expect(body.tickets.map((ticket) => ticket.id)).toEqual([mineId]);
    expect(body.users).toEqual([]);
    expect(body.articles.map((article) => article.status)).toEqual(['published']);
    for (const secret of [theirsId, ...Object.values(secrets), pendingEmail, ...(await passwordHashes())]) {
      expect(text).not.toContain(secret);
    }
  });

  for (const role of ['agent', 'admin'] satisfies TUserRole[]) {
    test(`${role === 'agent' ? 'an agent' : 'an admin'}: every ticket, active people and every article, never a hash or a pending account`, async () => {
      const { text, body } = await renderedSearch(role === 'agent' ? agent : admin, word);
      expect(new Set(body.tickets.map((ticket) => ticket.id))).toEqual(new Set([mineId, theirsId]));
      expect(body.users.map((user) => user.id)).toEqual([agent.user.id]);
      expect(body.articles.map((article) => article.status).sort()).toEqual([
        'archived',
        'draft',
        'published',
      ]);
      for (const secret of [pendingEmail, ...(await passwordHashes())]) expect(text).not.toContain(secret);
      expect(text).not.toContain('password');
    });
  }

  test("an end user's snippet never comes from an internal note, staff's may", async () => {
    const mine = (await renderedSearch(requester, secrets.internal)).body;
    expect(mine.tickets).toEqual([]);
    const staff = (await renderedSearch(agent, secrets.internal)).body;
    expect(staff.tickets.map((ticket) => [ticket.id, ticket.snippetSource])).toEqual([[mineId, 'comment']]);
  });

  test('a search that finds nothing, and one of no searchable words, are valid bodies', async () => {
    for (const q of [uniqueWord('nothing'), '%%%']) {
      const { body } = await renderedSearch(agent, q);
      expect(body).toEqual({ tickets: [], users: [], articles: [] });
    }
  });
});
