import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ERROR_CODES,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  type TSearchResponse,
  type TTicketDetail,
  ticketPath,
  ZSearchResponse,
} from '@helpdesk/contracts';
import { createUser, errorOf, signedIn, sql, TestClient, type TestUser } from '../../test/helpers.ts';
import { ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';
import { insertCategory, postArticle, uniqueWord } from '../kb/test-fixtures.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let otherEndUser: Signed;
let agent: Signed;
let admin: Signed;
let categoryId = '';

beforeAll(async () => {
  await ensureSlaPolicies();
  [endUser, otherEndUser, agent, admin] = await Promise.all([
    signedIn('end_user'),
    signedIn('end_user'),
    signedIn('agent'),
    signedIn('admin'),
  ]);
  categoryId = (await insertCategory()).id;
});

const searchPath = (q: string, extra = '') => `${API_PATHS.search}?q=${encodeURIComponent(q)}${extra}`;

/** A search that must answer 200 with the contract's shape. */
async function search(
  client: TestClient,
  q: string,
  limit: number = SEARCH_LIMITS.limitMax,
): Promise<TSearchResponse> {
  const response = await client.get(searchPath(q, `&limit=${limit}`));
  if (response.status !== 200) throw new Error(`search '${q}': ${response.status} ${response.text}`);
  return ZSearchResponse.parse(response.body);
}

const ticketIds = (result: TSearchResponse) => result.tickets.map((ticket) => ticket.id);

/** The marked parts of a highlighted text, lower case. */
const marked = (text: string, ranges: readonly { start: number; end: number }[]) =>
  ranges.map((range) => text.slice(range.start, range.end).toLowerCase());

/** A ticket row with a chosen number, straight into the database (numbers far above this run's sequence). */
async function insertNumberedTicket(requesterId: string, ticketNumber: string, title: string) {
  const [row] = await sql<{ id: string }[]>`
    insert into tickets (ticket_number, title, description, requester_id)
    values (${ticketNumber}, ${title}, 'Numbered for a search test.', ${requesterId})
    returning id`;
  if (!row) throw new Error('ticket was not inserted');
  return row.id;
}

async function comment(client: TestClient, ticket: TTicketDetail, content: string, isInternal = false) {
  const response = await client.post(`${ticketPath(ticket.id)}/comments`, { content, isInternal });
  if (response.status !== 201) throw new Error(`comment failed: ${response.status} ${response.text}`);
}

async function rename(user: TestUser, firstName: string, lastName: string) {
  await sql`update users set first_name = ${firstName}, last_name = ${lastName} where id = ${user.id}`;
}

describe('GET /api/search: what it finds', () => {
  test('a ticket number, exact and as a prefix, in every spelling', async () => {
    const digits = String(90_000 + Math.floor(Math.random() * 9_000));
    const number = `TKT-0${digits}`;
    const ticketId = await insertNumberedTicket(endUser.user.id, number, 'A numbered ticket');
    // A seven-digit number, found by the six digits it starts with.
    const longer = await insertNumberedTicket(endUser.user.id, `TKT-${digits}00`, 'A long-numbered ticket');
    for (const q of [number, number.toLowerCase(), digits, `0${digits}`, `#${digits}`, `tkt${digits}`]) {
      const result = await search(agent.client, q);
      expect(result.tickets[0]?.id, q).toBe(ticketId);
      expect(result.tickets[0]?.ticketNumber).toBe(number);
    }
    // The first four digits start this five-digit number (TKT-0xxxx?) and the seven-digit one.
    const prefix = ticketIds(await search(agent.client, digits.slice(0, 4)));
    expect(prefix).toContain(ticketId);
    expect(prefix).toContain(longer);
    // Six digits: no ticket has that number exactly, the seven-digit one starts with them.
    expect(ticketIds(await search(agent.client, `${digits}0`))[0]).toBe(longer);
    // The requester finds it by number too; another end user does not.
    expect(ticketIds(await search(endUser.client, digits))[0]).toBe(ticketId);
    expect(ticketIds(await search(otherEndUser.client, digits))).not.toContain(ticketId);
  });

  test('a three-letter word prefix finds the title word as it is typed', async () => {
    const ticket = await fileTicket(endUser.client, {
      title: 'Qzvorant gateway keeps rebooting',
      description: 'Since Monday.',
    });
    for (const q of ['qzv', 'Qzvor', 'qzvorant']) {
      expect(ticketIds(await search(agent.client, q)), q).toContain(ticket.id);
    }
    const result = await search(agent.client, 'qzv');
    const hit = result.tickets.find((t) => t.id === ticket.id);
    expect(hit && marked(hit.title, hit.titleHighlights)).toEqual(['qzvorant']);
  });

  test('a small typo still finds the ticket: "pasword", "flurbingtn"', async () => {
    const user = await signedIn('end_user');
    const password = await fileTicket(user.client, {
      title: 'Password expired and locked out',
      description: 'Cannot sign in.',
    });
    const flurb = await fileTicket(user.client, { title: 'Flurbington console is frozen', description: 'x' });
    const result = await search(user.client, 'pasword');
    expect(ticketIds(result)).toContain(password.id);
    const hit = result.tickets.find((t) => t.id === password.id);
    // Found by similarity, so the word a typo away is the one marked.
    expect(hit && marked(hit.title, hit.titleHighlights)).toEqual(['password']);
    expect(ticketIds(await search(user.client, 'flurbingtn'))).toEqual([flurb.id]);
  });

  test("a requester's or an assignee's name finds their tickets (staff), and the person", async () => {
    const surname = uniqueWord('quill');
    const requester = await createUser();
    await rename(requester, 'Marguerite', surname);
    const byRequester = await fileTicket(agent.client, {
      title: 'Monitor stays dark',
      requesterEmail: requester.email,
    });
    const assigneeName = uniqueWord('assn');
    const assignee = await createUser({ role: 'agent' });
    await rename(assignee, 'Bertram', assigneeName);
    const assigned = await fileTicket(endUser.client, { title: 'Docking station not detected' });
    const patched = await agent.client.patch(ticketPath(assigned.id), { assigneeId: assignee.id });
    expect(patched.status).toBe(200);

    const byName = await search(agent.client, `marguerite ${surname}`);
    expect(byName.users.map((u) => u.id)).toEqual([requester.id]);
    expect(byName.users[0]).toEqual({
      id: requester.id,
      firstName: 'Marguerite',
      lastName: surname,
      username: requester.username,
      email: requester.email,
      role: 'end_user',
      status: 'active',
    });
    expect(ticketIds(byName)).toContain(byRequester.id);
    expect(ticketIds(await search(admin.client, surname.slice(0, 6)))).toContain(byRequester.id);
    expect(ticketIds(await search(agent.client, assigneeName))).toEqual([assigned.id]);
    // By username and by email: that person first.
    expect((await search(agent.client, requester.username)).users[0]?.id).toBe(requester.id);
    expect((await search(agent.client, requester.email)).users[0]?.id).toBe(requester.id);
    // A name a typo away finds the person, not (as a guess) their tickets.
    const typo = `${surname.slice(0, 6)}${surname.slice(7)}`;
    const fuzzy = await search(agent.client, typo);
    expect(fuzzy.users.map((u) => u.id)).toContain(requester.id);
  });

  test('a word of a description or of a public comment finds the ticket with a marked snippet', async () => {
    const inDescription = uniqueWord();
    const inComment = uniqueWord();
    const ticket = await fileTicket(endUser.client, {
      title: 'Scanner on the second floor',
      description: `${'Long text before the match. '.repeat(12)}The ${inDescription} error shows on the panel.`,
    });
    await comment(agent.client, ticket, `Please restart it; the ${inComment} log says so.`);

    const byDescription = await search(endUser.client, inDescription);
    expect(ticketIds(byDescription)).toEqual([ticket.id]);
    const hit = byDescription.tickets[0];
    expect(hit?.snippetSource).toBe('description');
    expect(hit && marked(hit.snippet.text, hit.snippet.highlights)).toEqual([inDescription]);
    // Cut around the match, with an ellipsis where text was left out, on one line.
    expect(hit?.snippet.text.startsWith('…')).toBe(true);
    expect(hit?.snippet.text.length).toBeLessThanOrEqual(200);

    const byComment = await search(endUser.client, inComment);
    expect(ticketIds(byComment)).toEqual([ticket.id]);
    expect(byComment.tickets[0]?.snippetSource).toBe('comment');
    expect(byComment.tickets[0]?.snippet.text).toContain(`the ${inComment} log says so`);
    expect(ticketIds(await search(agent.client, inComment))).toEqual([ticket.id]);
  });

  test('ranked: a title match before a description match; every word before some', async () => {
    const word = uniqueWord();
    const other = uniqueWord();
    const inTitle = await fileTicket(endUser.client, {
      title: `About ${word}`,
      description: 'Nothing more.',
    });
    const inBoth = await fileTicket(endUser.client, {
      title: 'Unrelated',
      description: `Mentions ${word} and ${other}.`,
    });
    const inDescription = await fileTicket(endUser.client, {
      title: 'Unrelated',
      description: `Has ${word}.`,
    });
    // The two description matches rank alike; the newer comes first.
    expect(ticketIds(await search(agent.client, word))).toEqual([inTitle.id, inDescription.id, inBoth.id]);
    expect(ticketIds(await search(agent.client, `${word} ${other}`))[0]).toBe(inBoth.id);
  });

  test('an article by a word of its body, with the body passage as snippet', async () => {
    const word = uniqueWord();
    const article = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: 'Configuring the office headsets',
      excerpt: 'Pairing and charging.',
      content: `Charge the headset overnight.\nThen hold the ${word} button for five seconds.`,
    });
    const result = await search(endUser.client, word);
    expect(result.articles.map((a) => a.id)).toEqual([article.id]);
    const hit = result.articles[0];
    expect(hit).toMatchObject({ title: 'Configuring the office headsets', status: 'published' });
    expect(hit?.category.id).toBe(categoryId);
    expect(hit && marked(hit.snippet.text, hit.snippet.highlights)).toEqual([word]);
    // A title word is marked in the title; the excerpt is the snippet when the body does not hold the words.
    const byTitle = await search(endUser.client, 'headsets');
    const titleHit = byTitle.articles.find((a) => a.id === article.id);
    expect(titleHit && marked(titleHit.title, titleHit.titleHighlights)).toEqual(['headsets']);
  });

  test('the limit bounds each group', async () => {
    const word = uniqueWord();
    for (let i = 0; i < 4; i++) await fileTicket(endUser.client, { title: `Bulk ${word} ${i}` });
    expect((await search(agent.client, word, 3)).tickets).toHaveLength(3);
    const defaults = await agent.client.get(searchPath(word));
    expect(ZSearchResponse.parse(defaults.body).tickets).toHaveLength(4);
  });
});

describe('GET /api/search: who finds what', () => {
  test("an end user never finds another's ticket; staff do", async () => {
    const word = uniqueWord();
    const theirs = await fileTicket(otherEndUser.client, { title: `Projector ${word}`, description: word });
    expect(await search(endUser.client, word)).toEqual({ tickets: [], users: [], articles: [] });
    expect(ticketIds(await search(agent.client, word))).toEqual([theirs.id]);
    expect(ticketIds(await search(otherEndUser.client, word))).toEqual([theirs.id]);
  });

  test('an end user never finds people, not even by exact username or email', async () => {
    const person = await createUser({ role: 'agent' });
    for (const q of [person.username, person.email, person.lastName]) {
      expect((await search(endUser.client, q)).users).toEqual([]);
      expect((await search(agent.client, q)).users.map((u) => u.id)).toContain(person.id);
    }
  });

  test("an internal comment's words never find, nor show in, an end user's result", async () => {
    const secret = uniqueWord();
    const shared = uniqueWord();
    const ticket = await fileTicket(endUser.client, {
      title: 'Laptop fan is loud',
      description: 'Very loud.',
    });
    await comment(agent.client, ticket, `Public reply about ${shared}.`);
    // Newer than the public comment and holding both words: staff see it, the requester never.
    await comment(agent.client, ticket, `Internal: ${shared} is caused by ${secret}, do not tell.`, true);

    expect(await search(endUser.client, secret)).toEqual({ tickets: [], users: [], articles: [] });
    const forStaff = await search(agent.client, secret);
    expect(ticketIds(forStaff)).toEqual([ticket.id]);
    expect(forStaff.tickets[0]?.snippet.text).toContain(secret);

    const response = await endUser.client.get(searchPath(shared));
    expect(response.status).toBe(200);
    const body = ZSearchResponse.parse(response.body);
    expect(ticketIds(body)).toEqual([ticket.id]);
    expect(body.tickets[0]?.snippet.text).toContain(`Public reply about ${shared}`);
    expect(response.text).not.toContain(secret);
    expect(response.text).not.toContain('Internal:');
  });

  test('drafts and archived articles: staff find them, end users never', async () => {
    const word = uniqueWord();
    const draft = await postArticle(agent.client, categoryId, { status: 'draft', title: `Draft ${word}` });
    const archived = await postArticle(agent.client, categoryId, {
      status: 'archived',
      content: `Old ${word}`,
    });
    expect((await search(endUser.client, word)).articles).toEqual([]);
    const forStaff = await search(agent.client, word);
    expect(forStaff.articles.map((a) => a.id).sort()).toEqual([draft.id, archived.id].sort());
    expect(forStaff.articles.find((a) => a.id === draft.id)?.status).toBe('draft');
  });

  test('anonymous: 401; a signed-out session: 401', async () => {
    const anonymous = new TestClient();
    const response = await anonymous.get(searchPath('printer'));
    expect(response.status).toBe(401);
    expect(errorOf(response).code).toBe(ERROR_CODES.unauthenticated);
    const { client } = await signedIn('agent');
    expect((await client.post(API_PATHS.authLogout)).status).toBeLessThan(300);
    expect((await client.get(searchPath('printer'))).status).toBe(401);
  });

  test('a pending or rejected account finds nothing (its sign-in never succeeds; a stale cookie is refused)', async () => {
    const { user, client } = await signedIn('agent');
    await sql`update users set status = 'rejected' where id = ${user.id}`;
    const response = await client.get(searchPath('printer'));
    expect([401, 403]).toContain(response.status);
  });
});

describe('GET /api/search: hostile and malformed input', () => {
  test('operators, wildcards, quotes, SQL, unicode and emoji: 200 with sane results, never 5xx', async () => {
    const word = uniqueWord();
    const ticket = await fileTicket(endUser.client, { title: `Router ${word} restarts`, description: 'x' });
    const hostile = [
      '%',
      '%%',
      '_',
      '__',
      '\\',
      '\\\\x',
      "'",
      '""',
      "'; drop table tickets; --",
      "' or 1=1 --",
      ':*',
      'a:*',
      '&|!()',
      '!(a & b) | c:*',
      '<-> <1>',
      'select * from users',
      '$1 $$ $body$',
      'Café über naïve',
      '日本語のチケット',
      '🙂🔥🙂',
      'e\u0301te\u0301',
      '\u0000\u0000abc',
      `${word}%`,
      `%${word}%`,
      `${word}:*`,
      `!${word}`,
      `(${word}`,
      `'${word}'`,
    ];
    for (const q of hostile) {
      const response = await agent.client.get(searchPath(q));
      expect(response.status, q).toBeLessThan(500);
      if (response.status === 200) ZSearchResponse.parse(response.body);
      else expect(response.status, q).toBe(400);
    }
    // Wildcards are not wildcards: '%' finds nothing, while the word itself inside them still does.
    expect((await search(agent.client, '%%')).tickets).toEqual([]);
    expect((await search(agent.client, '__')).tickets).toEqual([]);
    for (const q of [`%${word}%`, `${word}:*`, `'${word}'`, `(${word}`]) {
      expect(ticketIds(await search(agent.client, q)), q).toEqual([ticket.id]);
    }
    // Nothing was dropped or changed.
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int as count from tickets where id = ${ticket.id}`;
    expect(row?.count).toBe(1);
  });

  test('too long (1,000 characters), empty, whitespace only: 400 with a clear message', async () => {
    const cases: [string, string][] = [
      ['x'.repeat(1000), SEARCH_MESSAGES.tooLong],
      ['x'.repeat(SEARCH_LIMITS.queryMax + 1), SEARCH_MESSAGES.tooLong],
      ['', SEARCH_MESSAGES.tooShort],
      ['   ', SEARCH_MESSAGES.tooShort],
      ['a', SEARCH_MESSAGES.tooShort],
      [' \t a \n', SEARCH_MESSAGES.tooShort],
    ];
    for (const [q, message] of cases) {
      const started = performance.now();
      const response = await agent.client.get(searchPath(q));
      expect(response.status, JSON.stringify(q)).toBe(400);
      expect(errorOf(response).fields?.q).toBe(message);
      expect(performance.now() - started).toBeLessThan(2000);
    }
    // Exactly the cap is fine, and two characters (a short ticket number) are enough.
    expect((await agent.client.get(searchPath('y'.repeat(SEARCH_LIMITS.queryMax)))).status).toBe(200);
    expect((await agent.client.get(searchPath('12'))).status).toBe(200);
    // A 1,000-character search of real words is refused before any query runs.
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    expect((await agent.client.get(searchPath(words))).status).toBe(400);
  });

  test('a missing, repeated or unknown parameter, and a bad limit: 400', async () => {
    for (const path of [
      API_PATHS.search,
      `${API_PATHS.search}?limit=5`,
      `${API_PATHS.search}?q=printer&q=monitor`,
      `${API_PATHS.search}?q=printer&limit=0`,
      `${API_PATHS.search}?q=printer&limit=${SEARCH_LIMITS.limitMax + 1}`,
      `${API_PATHS.search}?q=printer&limit=abc`,
      `${API_PATHS.search}?q=printer&limit=2.5`,
      `${API_PATHS.search}?q=printer&status=draft`,
      `${API_PATHS.search}?q=printer&requesterId=${otherEndUser.user.id}`,
    ]) {
      const response = await endUser.client.get(path);
      expect(response.status, path).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
  });
});
