/**
 * The global search's reference statement answers with the rows the desk answers with
 * (docs/performance.md#method): a reference that finds other rows (the newest matches instead of
 * the best-ranked, published articles only, every word required) is not the limit of this
 * response, only of an easier one. Each of the bench's kinds of search runs once through the
 * product's service and once as the reference, read both ways a word can be (walked or from the
 * word index), over tickets, comments, people and articles made for it, and the tickets, people
 * and articles each found are compared in order.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { searchArticles } from '../../api/src/kb/service.ts';
import { insertCategory, postArticle, uniqueWord } from '../../api/src/kb/test-fixtures.ts';
import { searchDesk } from '../../api/src/search/service.ts';
import { signedIn, sql, type TestUser } from '../../api/test/helpers.ts';
import { globalSearchStatement, kbSearchStatement, type WordFrequency } from './reference-statements.ts';

const LIMIT = 5;
let agent: TestUser;
let requester: TestUser;
/** The stem every word of this file starts with, so nothing else in the database matches. */
const stem = uniqueWord('rq');
const word = (name: string) => `${stem}${name}`;

/** A ticket straight into the database, `minutesAgo` old, with its comments (internal ones included). */
async function ticket(
  minutesAgo: number,
  title: string,
  description: string,
  comments: { content: string; isInternal?: boolean }[] = [],
  people: { requesterId?: string; assigneeId?: string } = {},
) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  const [row] = await sql<{ id: string }[]>`
    insert into tickets (title, description, requester_id, assignee_id, created_at, updated_at)
    values (${title}, ${description}, ${people.requesterId ?? agent.id}, ${people.assigneeId ?? null},
            ${createdAt}, ${createdAt})
    returning id`;
  if (!row) throw new Error('ticket not inserted');
  for (const [index, comment] of comments.entries()) {
    await sql`
      insert into ticket_comments (ticket_id, author_id, content, is_internal, created_at, updated_at)
      values (${row.id}, ${agent.id}, ${comment.content}, ${comment.isInternal ?? false},
              ${new Date(createdAt.getTime() + (index + 1) * 1000)}, ${createdAt})`;
  }
}

beforeAll(async () => {
  const signed = await signedIn('agent');
  agent = signed.user;
  requester = (await signedIn('end_user')).user;
  const person = (await signedIn('end_user')).user;
  await sql`update users set first_name = ${word('person')} where id = ${person.id}`;
  const alike = (await signedIn('end_user')).user;
  await sql`update users set last_name = ${word('persn')} where id = ${alike.id}`;

  // Common: in titles, descriptions and comments (one internal, which an agent reads), old and new.
  for (let minutes = 1; minutes <= 14; minutes++) {
    await ticket(
      minutes * 3,
      minutes % 3 === 0 ? `${word('common')} printer ${minutes}` : `Printer ${minutes} jams`,
      minutes % 2 === 0 ? `Please ${word('common')} look, ${word('common')} again.` : 'It jams.',
      minutes % 4 === 0
        ? [{ content: `${word('common')} from the desk`, isInternal: minutes % 8 === 0 }]
        : [],
    );
  }
  // Two words: both, one of them, in a comment only.
  await ticket(50, `${word('vpn')} ${word('timeout')} at home`, 'Both words.');
  await ticket(51, `${word('vpn')} drops`, 'Only the first word.');
  await ticket(52, 'Slow connection', `A ${word('timeout')} every hour.`);
  await ticket(53, 'Remote access', 'Nothing here.', [
    { content: `${word('vpn')} ${word('timeout')} again` },
  ]);
  // Rare: one old ticket, and a person's tickets (as requester and as assignee).
  await ticket(9_000, `${word('rare')} keyboard`, 'Once.');
  await ticket(60, 'Filed for someone', 'Their laptop.', [], { requesterId: person.id });
  await ticket(61, 'Assigned to someone', 'Their phone.', [], { assigneeId: person.id });
  // Titles a typo away from a word nobody wrote.
  await ticket(70, `${word('nonee')} backup`, 'A near miss.');

  const categoryId = (await insertCategory()).id;
  const client = signed.client;
  await postArticle(client, categoryId, {
    title: `${word('common')} guide`,
    content: `${word('vpn')} and ${word('timeout')} explained.`,
    status: 'published',
  });
  await postArticle(client, categoryId, {
    title: 'Draft notes',
    content: `${word('common')} ${word('common')} in a draft.`,
    status: 'draft',
  });
  await postArticle(client, categoryId, {
    title: `${word('vpn')} setup`,
    content: 'Steps.',
    status: 'published',
  });
  // The knowledge base search's own: more common articles than a page, one holding the rare word,
  // titles a typo away from the rare word and from a word nobody wrote, and what a requester never
  // finds (an archived article, an article of an inactive category).
  for (let n = 1; n <= 7; n++) {
    await postArticle(client, categoryId, {
      title: n % 2 === 0 ? `${word('common')} tip ${n}` : `Tip ${n}`,
      content: `${word('common')} `.repeat(n) + (n % 3 === 0 ? word('timeout') : 'and more.'),
      status: 'published',
    });
  }
  await postArticle(client, categoryId, {
    title: 'Keyboards',
    content: `A ${word('rare')} layout.`,
    status: 'published',
  });
  await postArticle(client, categoryId, { title: `${word('rares')} adapter`, status: 'published' });
  await postArticle(client, categoryId, { title: `${word('nonee')} restore`, status: 'published' });
  await postArticle(client, categoryId, { title: `${word('common')} old`, status: 'archived' });
  const retired = (await insertCategory()).id;
  await postArticle(client, retired, { title: `${word('common')} hidden`, status: 'published' });
  await sql`update kb_categories set is_active = false where id = ${retired}`;
});

/** What both answers are compared on (the contract's ZSearchResponse, as far as it is read here). */
type SearchBody = {
  tickets: { id: string; snippetSource: string }[];
  users: { id: string }[];
  articles: { id: string }[];
};

type Found = { tickets: string[]; snippets: string[]; users: string[]; articles: string[] };

const foundIn = (body: SearchBody): Found => ({
  tickets: body.tickets.map((hit) => hit.id),
  snippets: body.tickets.map((hit) => hit.snippetSource),
  users: body.users.map((hit) => hit.id),
  articles: body.articles.map((hit) => hit.id),
});

async function productFinds(q: string): Promise<Found> {
  const response = await searchDesk(agent, { q, limit: LIMIT });
  return foundIn((await response.json()) as SearchBody);
}

async function referenceFinds(q: string, frequency: WordFrequency): Promise<Found> {
  const [row] = await sql.unsafe<{ body: string }[]>(
    `select (${globalSearchStatement(q, frequency, LIMIT).replace(/;\s*$/, '')}) as body`,
  );
  if (!row) throw new Error('the reference answered nothing');
  return foundIn(JSON.parse(row.body) as SearchBody);
}

const SEARCHES = {
  common: word('common'),
  twoWords: `${word('vpn')} ${word('timeout')}`,
  prefix: stem,
  rare: word('rare'),
  person: word('person'),
  none: word('none'),
};

const READINGS: readonly WordFrequency[] = [
  { tickets: 'common', comments: 'common' },
  { tickets: 'rare', comments: 'rare' },
  { tickets: 'common', comments: 'rare' },
];

describe('the global search reference', () => {
  for (const [kind, q] of Object.entries(SEARCHES)) {
    test(`finds what the desk finds: ${kind}`, async () => {
      const product = await productFinds(q);
      expect(product.tickets.length + product.users.length + product.articles.length).toBeGreaterThan(0);
      for (const frequency of READINGS) {
        expect({ frequency, found: await referenceFinds(q, frequency) }).toEqual({
          frequency,
          found: product,
        });
      }
    });
  }

  test('a ticket number is no word of the bench: the reference refuses it', () => {
    expect(() => globalSearchStatement('TKT-000123', { tickets: 'rare', comments: 'rare' })).toThrow(
      /ticket number/,
    );
  });
});

/**
 * The knowledge base search's reference likewise answers with the desk's articles: every word of
 * three letters or more as a prefix, and the typo fallback filling a page that full text left short,
 * not only an empty one.
 */
describe('the knowledge base search reference', () => {
  for (const [kind, q] of Object.entries(SEARCHES)) {
    if (kind === 'person') continue;
    test(`finds what the desk finds: ${kind}`, async () => {
      const product = (await searchArticles(requester, { q, limit: LIMIT })).articles.map((hit) => hit.id);
      expect(product.length).toBeGreaterThan(0);
      const [row] = await sql.unsafe<{ body: string }[]>(
        `select (${kbSearchStatement(q, LIMIT).replace(/;\s*$/, '')}) as body`,
      );
      const reference = (JSON.parse(row!.body) as { articles: { id: string }[] }).articles.map(
        (hit) => hit.id,
      );
      expect(reference).toEqual(product);
    });
  }
});
