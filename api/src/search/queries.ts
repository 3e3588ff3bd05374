import type { TSearchUserHit, TTicketPriority, TTicketStatus } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { tsqueryOnce } from '../db/tsquery-once.ts';
import { sql } from '../db.ts';
import type { TicketScope } from '../tickets/queries.ts';
import type { NumberRange } from './search-terms.ts';
import type { CommonLexeme } from './word-frequency.ts';

/**
 * How many tickets each way of matching may contribute before ranking. Ranking reads these rows,
 * never every match: a word in half a million tickets costs the same as a word in fifty.
 */
export const CANDIDATES_PER_SOURCE = 100;

/** A ticket the search found, with the texts its snippet is cut from. */
export type TicketMatchRow = {
  id: string;
  ticketNumber: string;
  title: string;
  status: TTicketStatus;
  priority: TTicketPriority;
  requester: { id: string; firstName: string; lastName: string };
  assignee: { id: string; firstName: string; lastName: string } | null;
  description: string;
  /** The description itself holds the words (else the title, a comment, the number or a person matched). */
  isDescriptionMatch: boolean;
  /** The newest comment the viewer may read that holds the words; null when none does. */
  commentText: string | null;
};

/** What the ticket search looks for; every tsquery text is built from letters and digits only. */
export type TicketSearch = {
  /** `w1:* | w2` and `w1:* & w2` (kb/search-terms.ts), or null when the search has no words. */
  anyWords: string | null;
  allWords: string | null;
  exactNumber: string | null;
  numberRanges: readonly NumberRange[];
  /** The statistics' common lexemes that may match the words (word-frequency.ts): walk or GIN. */
  commonLexemes: readonly CommonLexeme[];
  /** The words for the typo fallback on titles (null: none), read only when the rest finds too few. */
  similarText: string | null;
  scope: TicketScope;
  limit: number;
};

type Fragment = PendingQuery<Row[]>;

/** An end user's scope in SQL: requester_id = $me. Staff: no restriction. */
const scoped = (scope: TicketScope) =>
  scope.requesterId === null ? sql`` : sql`and t.requester_id = ${scope.requesterId}`;

/** Internal comments only for those who may read them. */
const visibleComments = (scope: TicketScope) => (scope.includeInternal ? sql`` : sql`and not c.is_internal`);

const anyQuery = (words: string) => tsqueryOnce('english', words);

/**
 * The columns of a match from page row `p`; without words, or for a title a typo away (`p.kind` 1),
 * there is nothing to find in the description or comments.
 */
function matchColumns(scope: TicketScope, anyWords: string | null): Fragment {
  return sql`
    t.id, t.ticket_number as "ticketNumber", t.title, t.status, t.priority, t.description,
    (select json_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name)
     from users r where r.id = t.requester_id) as requester,
    (select json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name)
     from users a where a.id = t.assignee_id) as assignee,
    ${
      anyWords === null
        ? sql`false`
        : sql`(p.kind = 0 and to_tsvector('english', t.description) @@ ${anyQuery(anyWords)})`
    } as "isDescriptionMatch",
    ${
      anyWords === null
        ? sql`null::text`
        : // The thread is read newest first by ticket_id (its newest THREAD_COMMENTS_READ), and the
          // words tested on those rows: the inner LIMIT keeps the word test from being pushed into
          // a GIN scan once per result row (a bitmap of a common word's million comments).
          sql`case when p.kind = 0 then (select c.content from (
                 select c.content, c.search_vector from ticket_comments c
                 where c.ticket_id = t.id ${visibleComments(scope)}
                 order by c.created_at desc, c.id desc limit ${THREAD_COMMENTS_READ}) c
               where c.search_vector @@ ${anyQuery(anyWords)} limit 1) end`
    } as "commentText"`;
}

/**
 * A word the statistics put in fewer rows than this is read through its GIN index and sorted;
 * a commoner one is found by walking the newest rows in order, where it turns up soon. Reading a
 * GIN posting list costs per entry: a thousand take well under a millisecond, a word in 13% of a million
 * tickets takes a tenth of a second, and walking the created_at index for a rare word reads the
 * whole table. The estimate is PostgreSQL's own (pg_stats' most common elements of each
 * search_vector, read by word-frequency.ts, summed over the lexemes each search word starts); a
 * word missing from that list is rarer than every word on it.
 */
export const RARE_WORD_ROWS = 1000;

/**
 * The most rows the walk for a common word reads, newest first; it stops at CANDIDATES_PER_SOURCE
 * matches, after about 100 / frequency rows. Short of them, the GIN branch fills in. End users
 * always walk: their own tickets (and no fill-in: a requester with more than this many tickets is
 * searching their history, which the number and the filters of My Tickets serve).
 */
export const WALK_ROWS = 10_000;

/**
 * The soft cap on what one GIN scan hands back per index entry (PostgreSQL's
 * gin_fuzzy_search_limit; an entry is a lexeme, and a word searched as a prefix reads every lexeme
 * it starts: 'vpn timeout' read five): past it, a random sample about this size comes back, which
 * ranking then orders. It bounds the rows a search sorts (the bench's gate: no sort over 1,000 rows;
 * at 250, two words of five lexemes sorted 1,250), covers a word the statistics thought rare that is
 * not (a prefix of many rare words), and a word common only in old tickets once the walk found too
 * few: such words are ranked within a sample of their matches, which adding a word narrows.
 */
export const GIN_SAMPLE = 150;

/** How many of a found ticket's newest comments its snippet may come from (a thread is rarely longer). */
const THREAD_COMMENTS_READ = 500;

/**
 * How a search's database session is set (the search pool's connections, search/pool.ts; plan
 * tests set their own session). Each statement is planned once per connection and its generic
 * plan kept: no plan here depends on the words. The word sources choose their path with one-time
 * filters on the statistics (walk or GIN), the typo fallbacks read the trigram indexes, and the
 * tsqueries are made once per statement (`tsqueryOnce`); planning each search for its words cost
 * more than running it (at 1M, 1.2-1.9 ms to plan the tickets' statement against 1.3 ms to run it
 * for a rare word; 0.74 ms for the tickets' fallback against 0.5 ms). at-scale.test.ts reads the
 * generic plans. GIN scans are capped as above, and sequential scans are off: a deep branch for a
 * word in nearly every old ticket would otherwise be planned as a read of the whole table, where
 * the capped GIN scan costs the same as for any other word; and no parallel workers: a search is
 * small work, and starting workers costs more than it saves when the desk is busy.
 */
export const SEARCH_SESSION_SETTINGS: Readonly<Record<string, string>> = {
  plan_cache_mode: 'force_generic_plan',
  gin_fuzzy_search_limit: String(GIN_SAMPLE),
  enable_seqscan: 'off',
  max_parallel_workers_per_gather: '0',
};

/** Sets SEARCH_SESSION_SETTINGS on a session that was not opened with them (plan tests). */
export async function applySearchSettings(db: Db): Promise<void> {
  for (const [name, value] of Object.entries(SEARCH_SESSION_SETTINGS)) {
    await db`select set_config(${name}, ${value}, false)`;
  }
}

/** Where a word source reads: its rows (a FROM and WHERE to extend with `and`) and their columns. */
type WordSourceTable = { rows: Fragment; id: Fragment; createdAt: Fragment; vector: Fragment };

/**
 * One table's word source as two CTEs: `<name>_walk`, the newest rows walked in created_at order
 * while the word is common (at most WALK_ROWS, stopping at CANDIDATES_PER_SOURCE matches), and
 * `<name>_matches`, what the walk found, topped up from the GIN index (capped at GIN_SAMPLE)
 * when it found too few. `+ interval '0 s'` keeps the GIN branch off the created_at walk.
 */
function walkThenIndex(name: 'text' | 'comment', table: WordSourceTable, isCommon: Fragment, q: Fragment) {
  const walk = sql(`${name}_walk`);
  const n = CANDIDATES_PER_SOURCE;
  return sql`
    ${walk} as (
      select r.id from (
        select ${table.id} as id, ${table.createdAt} as created_at, ${table.vector} as search_vector
        ${table.rows} and ${isCommon}
        order by ${table.createdAt} desc limit ${WALK_ROWS}
      ) r
      where r.search_vector @@ ${q} order by r.created_at desc limit ${n}),
    ${sql(`${name}_matches`)} as (
      select id from ${walk}
      union all
      (select ${table.id} as id ${table.rows} and ${table.vector} @@ ${q} and (select count(*) from ${walk}) < ${n}
       order by ${table.createdAt} + interval '0 s' desc limit ${n})),`;
}

/**
 * The word sources as named CTEs, each bounded whatever the word's frequency and the table's
 * size. A common word (see RARE_WORD_ROWS): the newest rows walked in created_at order until
 * enough match (at most WALK_ROWS). A rare word, or a common one the walk did not meet enough
 * (common only in old tickets): its GIN matches (capped at GIN_SAMPLE) sorted newest first. A
 * single `where search_vector @@ q order by created_at desc limit n` leaves that choice to the
 * planner, which for a rare word, or one common only in old tickets, walks a million rows; the
 * one-time filters here choose before any row is read, and `+ interval '0 s'` keeps the GIN
 * branches off the created_at walk.
 */
function wordSources(anyWords: string, scope: TicketScope, commonLexemes: readonly CommonLexeme[]): Fragment {
  const q = anyQuery(anyWords);
  const n = CANDIDATES_PER_SOURCE;
  if (scope.requesterId !== null) {
    // An end user's own tickets and the comments on them: few enough to walk, newest first.
    return sql`
      text_matches as (
        select r.id from (
          select t.id, t.created_at, t.search_vector from tickets t where true ${scoped(scope)}
          order by t.created_at desc limit ${WALK_ROWS}
        ) r
        where r.search_vector @@ ${q} order by r.created_at desc limit ${n}),
      comment_matches as (
        select r.ticket_id as id from (
          select c.ticket_id, c.created_at, c.search_vector
          from tickets t join ticket_comments c on c.ticket_id = t.id
          where true ${scoped(scope)} ${visibleComments(scope)}
          order by c.created_at desc limit ${WALK_ROWS}
        ) r
        where r.search_vector @@ ${q} order by r.created_at desc limit ${n}),`;
  }
  // The statistics' common lexemes that the query's own lexemes (stemmed by to_tsquery, each a
  // prefix) start, summed per table.
  const common = JSON.stringify(
    commonLexemes.map((entry) => ({ relation: entry.table, lexeme: entry.lexeme, rows: entry.rows })),
  );
  return sql`
    frequency as (
      select coalesce(sum(e.rows) filter (where e.relation = 'tickets'), 0) >= ${RARE_WORD_ROWS}
               as tickets_common,
             coalesce(sum(e.rows) filter (where e.relation = 'ticket_comments'), 0) >= ${RARE_WORD_ROWS}
               as comments_common
      from json_to_recordset(${common}::text::json) as e (relation text, lexeme text, rows float8)
      where e.lexeme like any (
        select m[1] || '%' from regexp_matches(querytree(${q})::text, '''([^'']+)''', 'g') m)),
    ${walkThenIndex(
      'text',
      {
        rows: sql`from tickets t where true`,
        id: sql`t.id`,
        createdAt: sql`t.created_at`,
        vector: sql`t.search_vector`,
      },
      sql`(select tickets_common from frequency)`,
      q,
    )}
    ${walkThenIndex(
      'comment',
      {
        rows: sql`from ticket_comments c where true ${visibleComments(scope)}`,
        id: sql`c.ticket_id`,
        createdAt: sql`c.created_at`,
        vector: sql`c.search_vector`,
      },
      sql`(select comments_common from frequency)`,
      q,
    )}`;
}

/**
 * The candidate sources besides the words, each bounded: the exact ticket number (unique index)
 * and numbers starting with the digits (C-collation ranges), and the newest tickets of the
 * people named (`persons`, a FROM item of their ids), as requester or assignee.
 */
function candidateSources(search: TicketSearch, persons: Fragment | null): Fragment[] {
  const { scope } = search;
  const sources: Fragment[] = [];
  if (search.anyWords !== null) {
    sources.push(sql`(select id, 'text' as source from text_matches)`);
    sources.push(sql`(select id, 'comment' as source from comment_matches)`);
  }
  if (search.exactNumber !== null) {
    sources.push(sql`(
      select t.id, 'exact' as source from tickets t where t.ticket_number = ${search.exactNumber} ${scoped(scope)})`);
  }
  for (const range of search.numberRanges) {
    sources.push(sql`(
      select t.id, 'number' as source from tickets t
      where t.ticket_number collate "C" >= ${range.from} and t.ticket_number collate "C" < ${range.to}
        ${scoped(scope)}
      order by t.ticket_number collate "C" limit ${search.limit})`);
  }
  if (persons !== null) {
    sources.push(sql`(
      select x.id, 'person' as source
      from ${persons} as p (id)
      cross join lateral (
        (select t.id from tickets t where t.requester_id = p.id ${scoped(scope)}
         order by t.created_at desc limit ${search.limit})
        union all
        (select t.id from tickets t where t.assignee_id = p.id ${scoped(scope)}
         order by t.created_at desc limit ${search.limit})
      ) x)`);
  }
  return sources;
}

/**
 * The ticket search's CTEs, ending in `shown` (id, kind, place: the page in order), and the
 * select of its rows; null when nothing could match. Ranked within the bounded candidates: the
 * exact number, then numbers starting with the digits, then every word before some words and
 * cover density (title weighs more than description), a named person, a matching comment; ties
 * newest first. When they are fewer than the limit, titles with words similar to the search fill
 * the rest (pg_trgm word_similarity at its default threshold, 0.6, through the title's trigram
 * index), most similar first: a CTE that reads nothing unless too few were found (a one-time
 * filter), so a search is one round trip either way.
 */
function ticketStatement(
  search: TicketSearch,
  persons: Fragment | null,
): { ctes: Fragment; rows: Fragment } | null {
  const sources = candidateSources(search, persons);
  const [first, ...rest] = sources;
  if (!first) return null;
  const union = rest.reduce<Fragment>((all, source) => sql`${all} union all ${source}`, first);
  const textScore =
    search.anyWords === null || search.allWords === null
      ? sql`0`
      : sql`(case when t.search_vector @@ ${tsqueryOnce('english', search.allWords)} then 20 else 0 end)
            + 10 * ts_rank_cd(t.search_vector, ${anyQuery(search.anyWords)}, 32)`;
  const limit = literalLimit(search.limit);
  const text = search.similarText;
  const ctes = sql`
    ${search.anyWords === null ? sql`` : wordSources(search.anyWords, search.scope, search.commonLexemes)}
    found (id, source) as (${union}),
    candidates as (
      select id, bool_or(source = 'exact') as is_exact, bool_or(source = 'number') as is_number,
             bool_or(source = 'person') as is_person, bool_or(source = 'comment') as is_comment
      from found group by id
    ),
    ranked as (
      select t.id, t.created_at,
             ((case when k.is_exact then 1000 else 0 end) + (case when k.is_number then 100 else 0 end)
              + (case when k.is_person then 8 else 0 end) + (case when k.is_comment then 3 else 0 end)
              + ${textScore})::float8 as score
      from candidates k join tickets t on t.id = k.id
      where true ${scoped(search.scope)}
      order by score desc, t.created_at desc, t.id desc
      limit ${limit}
    ),
    page as (
      select id, 0 as kind, score, created_at from ranked
      ${
        text === null
          ? sql``
          : sql`union all (
              select t.id, 1, word_similarity(${text}, t.title)::float8, t.created_at
              from tickets t
              where (select count(*) from ranked) < ${limit} and ${text} <% t.title ${scoped(search.scope)}
                and t.id not in (select id from ranked)
              order by 3 desc, t.created_at desc, t.id desc
              limit ${limit})`
      }
    ),
    shown as (
      select id, kind, row_number() over (order by kind, score desc, created_at desc, id desc) as place
      from page
      order by place
      limit ${limit}
    )`;
  // The columns are read for the shown rows only: the thread lookups after the page is cut.
  const rows = sql`select ${matchColumns(search.scope, search.anyWords)}, p.place
    from shown p join tickets t on t.id = p.id`;
  return { ctes, rows };
}

/**
 * Tickets for a search, best first, at most `limit`, within the viewer's scope (an end user's
 * sources and result all carry requester_id = $me; their comment text never includes internal
 * notes). One statement (ticketStatement); staff's search of people asks with them
 * (selectPeopleAndTickets).
 */
export async function selectTicketMatches(db: Db, search: TicketSearch): Promise<TicketMatchRow[]> {
  const statement = ticketStatement(search, null);
  if (statement === null) return [];
  return db<TicketMatchRow[]>`with ${statement.ctes} ${statement.rows} order by p.place`;
}

/** What the people search looks for (staff only). */
export type PeopleSearch = {
  /** Every word as a word start (`w1:* & w2:*`, the simple configuration). */
  allWords: string;
  /** The search as a whole username or email, when it could be one. */
  exactIdentity: string | null;
  /** The words for the typo fallback (null: none), read only when too few were named. */
  similarText: string | null;
  limit: number;
};

/** A person the search found; `isNamed`: by the words themselves (not a typo away), so their tickets count. */
export type PersonMatchRow = TSearchUserHit & { isNamed: boolean };

/** How many of the people named also bring their tickets (as requester or assignee) into the ticket results. */
const PEOPLE_FOR_TICKETS = 5;

/** The tickets' person source in staff's statement: the first people named outright; built once. */
const NAMED_PEOPLE = sql`(select id from people_rows where "isNamed" order by place limit ${literalLimit(PEOPLE_FOR_TICKETS)})`;

/**
 * The people search's CTEs, ending in `people_rows` (the page's people, `place` their order).
 * Active people only: a pending or rejected registrant (or a deactivated account) is nobody staff
 * should find, and their address is theirs alone (docs/security.md#write-limits).
 * People whose names, username or email hold every word as a word start (GIN on the users'
 * search_vector), plus the one whose username or email is exactly the search; that one first,
 * then by rank and name. Ranked within a bounded candidate list. When they are fewer than the
 * limit, names, usernames and emails similar to `similarText` fill the rest (trigram index), most
 * similar first: a CTE that reads nothing unless too few were named.
 */
function peopleCtes(search: PeopleSearch): Fragment {
  const exact = search.exactIdentity;
  const limit = literalLimit(search.limit);
  const text = search.similarText;
  const isExact =
    exact === null ? sql`false` : sql`(lower(u.username) = ${exact} or lower(u.email) = ${exact})`;
  return sql`
    people_matched as (
      (select u.id from users u
       where u.search_vector @@ ${tsqueryOnce('simple', search.allWords)} and u.status = 'active'
       limit ${CANDIDATES_PER_SOURCE})
      ${
        exact === null
          ? sql``
          : sql`union (select u.id from users u
                   where (lower(u.username) = ${exact} or lower(u.email) = ${exact}) and u.status = 'active')`
      }
    ),
    people_named as (
      select u.id, ${isExact} as is_exact, ts_rank(u.search_vector, ${tsqueryOnce('simple', search.allWords)})::float8 as score
      from people_matched m join users u on u.id = m.id
      order by 2 desc, 3 desc, u.last_name, u.first_name, u.id
      limit ${limit}
    ),
    people_page as (
      select id, true as is_named, is_exact, score from people_named
      ${
        text === null
          ? sql``
          : sql`union all (
              select u.id, false, false, word_similarity(${text}, u.search_text)::float8
              from users u
              where (select count(*) from people_named) < ${limit} and ${text} <% u.search_text and u.status = 'active'
                and u.id not in (select id from people_named)
              order by 4 desc, u.last_name, u.first_name, u.id
              limit ${limit})`
      }
    ),
    people_rows as (
      select u.id, u.first_name as "firstName", u.last_name as "lastName", u.username, u.email, u.role, u.status,
             p.is_named as "isNamed",
             row_number() over (
               order by p.is_named desc, p.is_exact desc, p.score desc, u.last_name, u.first_name, u.id
             ) as place
      from people_page p join users u on u.id = p.id
      order by place
      limit ${limit}
    )`;
}

/**
 * Staff's search of people and tickets in one statement (one round trip, where two in a row cost
 * the API and PostgreSQL a send and a receive each): the people found, and the tickets, whose
 * person source is the first PEOPLE_FOR_TICKETS people named outright (a name a typo away is a
 * guess). Each list comes back as one JSON array in its order.
 */
export async function selectPeopleAndTickets(
  db: Db,
  people: PeopleSearch,
  tickets: TicketSearch,
): Promise<{ people: PersonMatchRow[]; tickets: TicketMatchRow[] }> {
  const statement = ticketStatement(tickets, NAMED_PEOPLE);
  if (statement === null) throw new Error('a ticket search with a person source always has a source');
  const [row] = await db<{ people: PersonMatchRow[]; tickets: TicketMatchRow[] }[]>`
    with ${peopleCtes(people)}, ${statement.ctes}
    select (select coalesce(json_agg(r order by r.place), '[]'::json) from people_rows r) as people,
           (select coalesce(json_agg(r order by r.place), '[]'::json) from (${statement.rows}) r) as tickets`;
  return row ?? { people: [], tickets: [] };
}
