/**
 * The reference statements: for each read the bench measures, the same rows rendered as the
 * response's JSON text by PostgreSQL alone (json_agg, json_build_object, dates as the API prints
 * them), run by pgbench at the API pool's connection count. Written here once, from the response
 * contracts and the schema, never from the product's query modules: what PostgreSQL can do for a
 * response is the limit, however the product reaches it. Each walks the index the product's read
 * walks (checked with EXPLAIN, docs/performance.md#method) and does no work the response does not
 * need, so it is never slower than it needs to be.
 *
 * Values are SQL literals (quoted here), not parameters: the planner then sees them as a custom
 * plan would, and pgbench needs no string variables. The page size is pgbench's own `\set`.
 */

/** A string as an SQL literal. */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A timestamptz as the API writes dates (UTC, milliseconds, 'Z'). */
/**
 * The API's date format, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"', with its colons as chr(58): pgbench reads
 * `:name` anywhere in a script as a variable. An immutable expression, folded once when planned.
 */
const ISO_FORMAT = `'YYYY-MM-DD"T"HH24' || chr(58) || 'MI' || chr(58) || 'SS.MS"Z"'`;

export const iso = (column: string) => `to_char(${column} at time zone 'UTC', ${ISO_FORMAT})`;

const person = (alias: string, extra = '') =>
  `json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name${extra})`;

/** One ticket as the list shows it (ZTicketSummary), from `t` joined to its requester `r` and assignee `a`. */
export function ticketSummaryJson(): string {
  return `json_build_object(${ticketSummaryFields()})`;
}

/** ZTicketSummary's keys and values, the list row's and the ticket page's first fields. */
function ticketSummaryFields(): string {
  return `
    'id', t.id, 'ticketNumber', t.ticket_number, 'title', t.title, 'priority', t.priority,
    'status', t.status, 'category', t.category, 'requesterId', t.requester_id,
    'assigneeId', t.assignee_id, 'teamId', t.team_id,
    'slaResponseBy', ${iso('t.sla_response_by')}, 'slaResolveBy', ${iso('t.sla_resolve_by')},
    'slaResponseRiskAt', ${iso('t.sla_response_risk_at')}, 'slaResolveRiskAt', ${iso('t.sla_resolve_risk_at')},
    'waitingSince', ${iso('t.waiting_since')}, 'respondedAt', ${iso('t.responded_at')},
    'resolvedAt', ${iso('t.resolved_at')}, 'closedAt', ${iso('t.closed_at')},
    'createdAt', ${iso('t.created_at')}, 'updatedAt', ${iso('t.updated_at')},
    'requester', ${person('r', ", 'email', r.email")},
    'assignee', case when a.id is null then null else ${person('a')} end`;
}

export type QueueView = 'mine' | 'unassigned' | 'my_teams' | 'at_risk' | 'waiting' | 'open' | 'all';
export type QueueSort = 'created' | 'updated' | 'priority' | 'due';

/** One list page: which tickets, in which order, after which row. */
export type ListPage = {
  view: QueueView;
  key: QueueSort;
  descending: boolean;
  /** Extra conditions on `t` (a requester, a status, a priority). */
  filters: readonly string[];
  /** The caller (mine), and the caller's teams (my_teams), as the bench read them. */
  agentId: string;
  teamIds: readonly string[];
  /** The row the page starts after: its part (due order) and its key values as SQL expressions. */
  after: { part: 0 | 1; keys: readonly string[] } | null;
};

const OPEN = "t.status in ('new', 'in_progress')";
// The schema's own functions, spelt as its indexes spell them so the planner matches the expressions.
const BREACH = 'ticket_breach_at(t.status, t.sla_response_by, t.sla_resolve_by, t.responded_at)';
const RISK =
  'ticket_risk_at(t.status, t.sla_response_risk_at, t.sla_resolve_risk_at, t.responded_at, t.sla_resolve_by)';

/** The columns a list row needs, read once in the index's order (no second visit by id). */
const SUMMARY_COLUMNS = `t.id, t.ticket_number, t.title, t.priority, t.status, t.category, t.requester_id,
  t.assignee_id, t.team_id, t.sla_response_by, t.sla_resolve_by, t.sla_response_risk_at,
  t.sla_resolve_risk_at, t.waiting_since, t.responded_at, t.resolved_at, t.closed_at, t.created_at, t.updated_at`;

const isOpenView = (view: QueueView) => view !== 'all';

function viewConditions(page: ListPage): string[] {
  const conditions: string[] = [...page.filters];
  if (isOpenView(page.view)) conditions.push(OPEN);
  if (page.view === 'mine') conditions.push(`t.assignee_id = ${literal(page.agentId)}`);
  if (page.view === 'unassigned') conditions.push('t.assignee_id is null');
  if (page.view === 'at_risk') conditions.push(`${RISK} <= now()`);
  if (page.view === 'waiting') conditions.push('t.waiting_since is not null');
  return conditions;
}

/** The sort keys of a part (before the id). */
function sortKeys(key: QueueSort, part: 0 | 1): string[] {
  if (key === 'created') return ['t.created_at'];
  if (key === 'updated') return ['t.updated_at'];
  if (key === 'priority') return ['ticket_priority_rank(t.priority)', 't.created_at'];
  return part === 0 ? [BREACH, 't.created_at'] : ['t.created_at'];
}

/**
 * The ORDER BY of a part: its keys, led by the columns the filter holds constant that lead the
 * index, so the planner sees the index's own order (an `is null` is no equality it drops).
 */
function orderColumns(page: ListPage, part: 0 | 1): string[] {
  const leading: string[] = [];
  if (page.view === 'unassigned' && (page.key === 'created' || page.key === 'due'))
    leading.push('t.assignee_id');
  if (page.key === 'due' && part === 1 && page.view !== 'all') leading.push(BREACH);
  return [...leading, ...sortKeys(page.key, part), 't.id'];
}

function partConditions(page: ListPage, part: 0 | 1): string[] {
  if (page.key !== 'due') return [];
  if (part === 0) return [`${BREACH} is not null`, ...(isOpenView(page.view) ? [] : [OPEN])];
  if (isOpenView(page.view)) return [`${BREACH} is null`];
  // Over every ticket, "no deadline" spelt out: closed tickets, and open ones with no deadline left.
  return [
    `(t.status not in ('new', 'in_progress') or (t.sla_resolve_by is null and (t.responded_at is not null or t.sla_response_by is null)))`,
  ];
}

function afterCondition(page: ListPage, part: 0 | 1): string[] {
  if (!page.after || page.after.part !== part) return [];
  const columns = [...sortKeys(page.key, part), 't.id'];
  return [`(${columns.join(', ')}) ${page.descending ? '<' : '>'} (${page.after.keys.join(', ')})`];
}

/** The ids (and part and keys) of one part's rows in order, `limit` of them: no join yet. */
function partIds(page: ListPage, part: 0 | 1, limit: string): string {
  const direction = page.descending ? 'desc' : 'asc';
  const where = [...viewConditions(page), ...partConditions(page, part), ...afterCondition(page, part)];
  const order = orderColumns(page, part)
    .map((column) => `${column} ${direction}`)
    .join(', ');
  const keys = sortKeys(page.key, part);
  // Two key columns in every part (the due order's second part has one), so the parts can be glued.
  const keyColumns = [...keys, ...(keys.length < 2 ? ['null::timestamptz'] : [])];
  const select = `select ${SUMMARY_COLUMNS}, ${part} as part, ${keyColumns.map((key, i) => `${key} as k${i}`).join(', ')} from tickets t`;
  const whereText = (extra: string[]) =>
    [...where, ...extra].length ? `where ${[...where, ...extra].join(' and ')}` : '';
  if (page.view === 'my_teams') {
    // Each team is its own index range in order; the page is the first rows of their union.
    const branches = page.teamIds.map(
      (team) => `(${select} ${whereText([`t.team_id = ${literal(team)}`])} order by ${order} limit ${limit})`,
    );
    const union = branches.length ? branches.join(' union all ') : `${select} where false`;
    const outerOrder = [...keys.map((_, i) => `k${i}`), 'id'].map((c) => `${c} ${direction}`).join(', ');
    return `select * from (${union}) u order by ${outerOrder} limit ${limit}`;
  }
  return `${select} ${whereText([])} order by ${order} limit ${limit}`;
}

/**
 * A list page (GET /api/tickets, with or without a view) as the response's JSON: `tickets` and a
 * `nextCursor` made of the last row's keys. `:limit` is the page size plus one (the row that says
 * whether there is a next page), set by the pgbench script.
 */
export function listPageStatement(page: ListPage): string {
  const parts: (0 | 1)[] = page.key !== 'due' ? [0] : page.after?.part === 1 ? [1] : [0, 1];
  const ids =
    parts.length === 1
      ? partIds(page, parts[0] ?? 0, ':limit')
      : `(${partIds(page, 0, ':limit')}) union all (${partIds(page, 1, ':limit')}) limit :limit`;
  return `with page as (
  select t.*, row_number() over () as n from (${ids}) t
)
select json_build_object(
  'tickets', coalesce(json_agg(${ticketSummaryJson()} order by t.n) filter (where t.n < :limit), '[]'),
  'nextCursor', case when count(*) = :limit
    then encode(convert_to(json_build_array(max(t.part) filter (where t.n = :limit - 1), max(t.id::text) filter (where t.n = :limit - 1))::text, 'UTF8'), 'base64')
    end)::text
from page t
join users r on r.id = t.requester_id
left join users a on a.id = t.assignee_id;`;
}

/** A row of a page's order: its part, its sort keys as whole numbers (times in microseconds), its id. */
export type DeepPosition = { part: 0 | 1; keys: string[]; id: string };

/**
 * The row `offset` rows into a part of a page's order (bench set-up only, so OFFSET is fine here),
 * as a DeepPosition; no row when the part is shorter.
 */
export function deepPositionStatement(page: ListPage, part: 0 | 1, offset: number): string {
  const keys = sortKeys(page.key, part);
  const asNumber = (key: string, index: number) =>
    key.startsWith('ticket_priority_rank')
      ? `p.k${index}::bigint::text`
      : `(extract(epoch from p.k${index}) * 1000000)::bigint::text`;
  return `select ${part} as part, array[${keys.map(asNumber).join(', ')}] as keys, p.id::text as id
from (${partIds({ ...page, after: null }, part, 'all')}) p
offset ${offset} limit 1`;
}

/** How many rows a part of a page's order holds (bench set-up only). */
export function partCountStatement(page: ListPage, part: 0 | 1): string {
  return `select count(*)::int as n from (${partIds({ ...page, after: null }, part, 'all')}) p`;
}

/**
 * The `after` of a deep position: times as whole microseconds since the epoch (exact, and free of
 * the colons pgbench would take for variables), set by the script as `:after_k0`, `:after_k1`.
 */
export function afterOf(
  page: ListPage,
  position: DeepPosition,
): { after: ListPage['after']; variables: Record<string, string> } {
  const kinds = sortKeys(page.key, position.part).map((key) =>
    key.startsWith('ticket_priority_rank') ? 'int' : 'time',
  );
  const variables: Record<string, string> = {};
  const keys = kinds.map((kind, index) => {
    variables[`after_k${index}`] = position.keys[index] ?? '0';
    return kind === 'int'
      ? `:after_k${index}::int`
      : `(timestamptz 'epoch' + :after_k${index} * interval '1 microsecond')`;
  });
  return { after: { part: position.part, keys: [...keys, `${literal(position.id)}::uuid`] }, variables };
}

/**
 * The ticket page (ZTicketDetail): the ticket with its people and team, its comments with their
 * authors, attachments, timeline, and the follow-ups linked to it, one JSON text. Staff read it,
 * so internal notes are included.
 */
export function ticketPageStatement(ticketId: string): string {
  const id = literal(ticketId);
  return `select json_build_object(${ticketSummaryFields()},
  'description', t.description, 'notifyRequester', t.notify_requester,
  'team', case when tm.id is null then null else json_build_object('id', tm.id, 'name', tm.name) end,
  'comments', coalesce((select json_agg(json_build_object('id', c.id, 'ticketId', c.ticket_id,
      'content', c.content, 'isInternal', c.is_internal, 'createdAt', ${iso('c.created_at')},
      'updatedAt', ${iso('c.updated_at')}, 'author', ${person('u', ", 'profileImageUrl', u.profile_image_url")})
      order by c.created_at, c.id)
    from ticket_comments c join users u on u.id = c.author_id where c.ticket_id = t.id), '[]'),
  'attachments', coalesce((select json_agg(json_build_object('id', f.id, 'ticketId', f.ticket_id,
      'fileName', f.file_name, 'fileSize', f.file_size, 'fileType', f.file_type,
      'createdAt', ${iso('f.created_at')}, 'uploadedBy', ${person('u')}) order by f.created_at, f.id)
    from attachments f join users u on u.id = f.uploaded_by_id where f.ticket_id = t.id), '[]'),
  'events', coalesce((select json_agg(json_build_object('id', e.id, 'eventType', e.event_type,
      'eventData', e.event_data, 'createdAt', ${iso('e.created_at')},
      'user', case when u.id is null then null else ${person('u')} end) order by e.created_at, e.id)
    from ticket_events e left join users u on u.id = e.user_id where e.ticket_id = t.id), '[]'),
  'followUpOf', (select json_build_object('id', o.id, 'ticketNumber', o.ticket_number)
    from tickets o where o.id = t.follow_up_of),
  'followUps', coalesce((select json_agg(json_build_object('id', o.id, 'ticketNumber', o.ticket_number)
      order by o.created_at, o.id) from tickets o where o.follow_up_of = t.id), '[]'))::text
from tickets t
join users r on r.id = t.requester_id
left join users a on a.id = t.assignee_id
left join teams tm on tm.id = t.team_id
where t.id = ${id};`;
}

/**
 * A search's words as the desk reads what was typed: letters and digits only, NFKC and lower case,
 * each distinct word once, at most twelve; words of three letters or more also match as a prefix.
 */
function deskSearchWords(term: string) {
  const words = [
    ...new Set(
      term
        .normalize('NFKC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ].slice(0, 12);
  if (words.some((word) => /^\d+$/.test(word)))
    throw new Error(`'${term}' holds a ticket number, which this reference does not look up`);
  const terms = words.map((word) => (word.length >= 3 ? `${word}:*` : word));
  const trimmed = term.trim();
  return {
    anyWords: terms.join(' | '),
    allWords: terms.join(' & '),
    peopleWords: words.map((word) => `${word}:*`).join(' & '),
    text: words.join(' '),
    identity: /^[\p{L}\p{N}._@+-]{1,254}$/u.test(trimmed) ? trimmed.toLowerCase() : null,
  };
}

/** How often the bench's seed puts a search's words in tickets and in comments (seed-facts.ts). */
export type WordFrequency = { tickets: 'common' | 'rare'; comments: 'common' | 'rare' };

/** Newest matches a search ranks within, per source (the desk's CANDIDATES_PER_SOURCE). */
const SEARCH_CANDIDATES = 100;

/**
 * The newest SEARCH_CANDIDATES rows of `table` whose words match, as the CTE `name (id)`, read the
 * cheapest way for the word: a common word's by walking the newest rows (its matches turn up within
 * the first few hundred; the word index is read only if ten thousand rows held too few), a rare
 * word's from the word index, sorted. Left to the planner, a rare word's LIMIT walks the whole
 * table newest first.
 */
function newestMatches(
  name: string,
  table: string,
  id: string,
  createdAt: string,
  vector: string,
  q: string,
  frequency: 'common' | 'rare',
): string {
  const n = SEARCH_CANDIDATES;
  const fromIndex = `select ${id} as id from ${table} where ${vector} @@ ${q}
    order by ${createdAt} + interval '0 s' desc limit ${n}`;
  if (frequency === 'rare') return `${name} as (${fromIndex})`;
  return `${name}_walk as (
  select r.id, r.created_at from (select ${id} as id, ${createdAt} as created_at, ${vector} as search_vector
    from ${table} order by ${createdAt} desc limit 10000) r
  where r.search_vector @@ ${q} order by r.created_at desc limit ${n}
), ${name} as (
  select id from ${name}_walk
  union all
  (select ${id} as id from ${table} where (select count(*) from ${name}_walk) < ${n} and ${vector} @@ ${q}
   order by ${createdAt} + interval '0 s' desc limit ${n}))`;
}

/**
 * Global search as an agent asks it (ZSearchResponse), the same rows the desk answers with
 * (docs/product.md#search): tickets ranked within the newest 100 whose title or description and the
 * newest 100 comments that hold a word (every word first, then cover density, a matching comment,
 * a person named; ties newest first), titles a typo away when fewer are found; active people whose
 * names start with every word, the one named exactly first, then those a typo away; articles of
 * every status (an agent's search finds drafts), every word first, then cover density, then those
 * whose titles are a typo away. Each ticket's snippet text is its description, or the newest
 * matching comment when the description lacks the words. The highlight ranges are left empty:
 * finding them is the API's work on a handful of short texts, and the reference then asks less of
 * PostgreSQL than the product, never more. The bench's words hold no ticket number.
 */
export function globalSearchStatement(term: string, frequency: WordFrequency, perGroup = 5): string {
  const words = deskSearchWords(term);
  const anyQ = `to_tsquery('english', ${literal(words.anyWords)})`;
  const allQ = `to_tsquery('english', ${literal(words.allWords)})`;
  const peopleQ = `to_tsquery('simple', ${literal(words.peopleWords)})`;
  const text = literal(words.text);
  const similar = words.text.length >= 3;
  const exact =
    words.identity === null
      ? 'false'
      : `(lower(u.username) = ${literal(words.identity)} or lower(u.email) = ${literal(words.identity)})`;
  return `with named as (
  select u.id, ${exact} as is_exact, ts_rank(u.search_vector, ${peopleQ}) as rank
  from users u where u.status = 'active' and (u.search_vector @@ ${peopleQ} or ${exact})
  order by 2 desc, 3 desc, u.last_name, u.first_name, u.id limit ${perGroup}
), alike_people as (
  select u.id from users u
  where ${similar} and (select count(*) from named) < ${perGroup} and u.status = 'active'
    and ${text} <% u.search_text and u.id not in (select id from named)
  order by word_similarity(${text}, u.search_text) desc, u.last_name, u.first_name, u.id
  limit ${perGroup} - (select count(*) from named)
), ${newestMatches('text_matches', 'tickets t', 't.id', 't.created_at', 't.search_vector', anyQ, frequency.tickets)},
${newestMatches('comment_matches', 'ticket_comments c', 'c.ticket_id', 'c.created_at', 'c.search_vector', anyQ, frequency.comments)},
found as (
  select id, 'text' as source from text_matches
  union all
  select id, 'comment' from comment_matches
  union all
  select x.id, 'person' from named p cross join lateral (
    (select t.id from tickets t where t.requester_id = p.id order by t.created_at desc limit ${perGroup})
    union all
    (select t.id from tickets t where t.assignee_id = p.id order by t.created_at desc limit ${perGroup})) x
), ranked as (
  select t.id, t.created_at from (
    select id, bool_or(source = 'comment') as is_comment, bool_or(source = 'person') as is_person
    from found group by id) f
  join tickets t on t.id = f.id
  order by (case when f.is_person then 8 else 0 end) + (case when f.is_comment then 3 else 0 end)
    + (case when t.search_vector @@ ${allQ} then 20 else 0 end) + 10 * ts_rank_cd(t.search_vector, ${anyQ}, 32) desc,
    t.created_at desc, t.id desc
  limit ${perGroup}
), alike_tickets as (
  select t.id from tickets t
  where ${similar} and (select count(*) from ranked) < ${perGroup}
    and ${text} <% t.title and t.id not in (select id from ranked)
  order by word_similarity(${text}, t.title) desc, t.created_at desc, t.id desc
  limit ${perGroup} - (select count(*) from ranked)
), tickets_found as (
  select id, 0 as kind, row_number() over () as place from ranked
  union all
  select id, 1, row_number() over () from alike_tickets
), article_hits as (
  select k.id, 0 as kind, k.search_vector @@ ${allQ} as has_all, ts_rank_cd(k.search_vector, ${anyQ}) as score, k.updated_at
  from kb_articles k where k.search_vector @@ ${anyQ}
  order by 3 desc, 4 desc, k.updated_at desc, k.id desc limit ${perGroup}
), article_alike as (
  select k.id, 1 as kind, false as has_all, word_similarity(${text}, k.search_text) as score, k.updated_at
  from kb_articles k
  where ${similar} and (select count(*) from article_hits) < ${perGroup}
    and ${text} <% k.search_text and k.id not in (select id from article_hits)
  order by 4 desc, k.updated_at desc, k.id desc limit ${perGroup}
)
select json_build_object(
  'tickets', coalesce((select json_agg(json_build_object('id', t.id, 'ticketNumber', t.ticket_number,
      'title', t.title, 'titleHighlights', '[]'::json, 'status', t.status, 'priority', t.priority,
      'requester', ${person('r')}, 'assignee', case when a.id is null then null else ${person('a')} end,
      'snippetSource', case when s.comment is null then 'description' else 'comment' end,
      'snippet', json_build_object('text', left(coalesce(s.comment, t.description), 200), 'highlights', '[]'::json))
      order by f.kind, f.place)
    from tickets_found f join tickets t on t.id = f.id join users r on r.id = t.requester_id
    left join users a on a.id = t.assignee_id
    cross join lateral (select case when f.kind = 1 or to_tsvector('english', t.description) @@ ${anyQ} then null
      else (select c.content from (select c.content, c.search_vector from ticket_comments c where c.ticket_id = t.id
              order by c.created_at desc, c.id desc limit 500) c
            where c.search_vector @@ ${anyQ} limit 1) end as comment) s), '[]'),
  'users', coalesce((select json_agg(json_build_object('id', u.id, 'firstName', u.first_name,
      'lastName', u.last_name, 'username', u.username, 'email', u.email, 'role', u.role, 'status', u.status)
      order by p.kind, p.place)
    from (select id, 0 as kind, row_number() over () as place from named
          union all select id, 1, row_number() over () from alike_people) p
    join users u on u.id = p.id), '[]'),
  'articles', coalesce((select json_agg(json_build_object('id', k.id, 'title', k.title,
      'titleHighlights', '[]'::json, 'status', k.status,
      'category', json_build_object('id', c.id, 'name', c.name),
      'snippet', json_build_object('text', left(coalesce(k.excerpt, k.content_text, k.content), 200), 'highlights', '[]'::json))
      order by h.kind, h.has_all desc, h.score desc, h.updated_at desc, h.id desc)
    from (select * from (select * from article_hits union all select * from article_alike) u
          order by kind, has_all desc, score desc, updated_at desc, id desc limit ${perGroup}) h
    join kb_articles k on k.id = h.id join kb_categories c on c.id = k.category_id), '[]'))::text;`;
}

/** One knowledge base article as lists show it (ZKbArticleSummary), from `k`, category `c`, author `u`. */
function articleSummaryJson(): string {
  return `json_build_object('id', k.id, 'title', k.title, 'slug', k.slug, 'excerpt', k.excerpt,
    'categoryId', k.category_id, 'status', k.status, 'tags', k.tags, 'isPopular', k.is_popular,
    'viewCount', k.view_count, 'publishedAt', ${iso('k.published_at')}, 'createdAt', ${iso('k.created_at')},
    'updatedAt', ${iso('k.updated_at')}, 'category', json_build_object('id', c.id, 'name', c.name, 'isActive', c.is_active),
    'author', ${person('u')})`;
}

/**
 * KB search as a requester asks it (ZKbSearchResponse), finding the desk's rows: published articles
 * of active categories holding any of the words (words of three letters or more also as a prefix),
 * those with every word first, then by cover density; when they are fewer than the limit, titles
 * and tags with similar words (pg_trgm, the typo-tolerant fallback) fill the rest.
 */
export function kbSearchStatement(term: string, limit = 10): string {
  const words = deskSearchWords(term);
  const all = `to_tsquery('english', ${literal(words.allWords)})`;
  const any = `to_tsquery('english', ${literal(words.anyWords)})`;
  const text = literal(words.text);
  const similar = words.text.length >= 3;
  const visible = `k.status = 'published' and k.category_id in (select id from kb_categories where is_active)`;
  return `with text_hits as (
  select k.id, 0 as kind, k.search_vector @@ ${all} as has_all,
    ts_rank_cd(k.search_vector, ${any}) as score, k.updated_at
  from kb_articles k where k.search_vector @@ ${any} and ${visible}
  order by 3 desc, 4 desc, k.updated_at desc, k.id desc limit ${limit}
), alike as (
  select k.id, 1 as kind, false as has_all, word_similarity(${text}, k.search_text) as score, k.updated_at
  from kb_articles k
  where ${similar} and (select count(*) from text_hits) < ${limit}
    and ${text} <% k.search_text and ${visible} and k.id not in (select id from text_hits)
  order by 4 desc, k.updated_at desc, k.id desc limit ${limit}
), found as (
  select * from (select * from text_hits union all select * from alike) u
  order by kind, has_all desc, score desc, updated_at desc, id desc limit ${limit}
)
select json_build_object('articles', coalesce(json_agg(${articleSummaryJson()}
  order by f.kind, f.has_all desc, f.score desc, f.updated_at desc, f.id desc), '[]'))::text
from found f
join kb_articles k on k.id = f.id
join kb_categories c on c.id = k.category_id
join users u on u.id = k.author_id;`;
}

/** The knowledge base's list (ZKbArticleListResponse): published articles, newest update first. */
export function kbListStatement(limit = 20): string {
  return `with page as (
  select k.* from kb_articles k join kb_categories c on c.id = k.category_id and c.is_active
  where k.status = 'published' order by k.updated_at desc, k.id desc limit ${limit + 1}
)
select json_build_object(
  'articles', coalesce(json_agg(${articleSummaryJson()} order by k.updated_at desc, k.id desc) filter (where k.n <= ${limit}), '[]'),
  'nextCursor', case when count(*) > ${limit} then max(k.id::text) end)::text
from (select p.*, row_number() over (order by p.updated_at desc, p.id desc) as n from page p) k
join kb_categories c on c.id = k.category_id
join users u on u.id = k.author_id;`;
}

/**
 * The queue counts an agent sees (ZTicketViewCounts): the desk's, their own and their teams'
 * trigger-kept counters, and the at-risk view read up to 1,001 tickets (past 1,000 it is capped).
 */
export function viewCountsStatement(agentId: string): string {
  const id = literal(agentId);
  return `with c as (
  select c.view, sum(c.tickets)::int as n from ticket_view_counters c
  where (c.owner_id = '00000000-0000-0000-0000-000000000000' and c.view in ('all', 'open', 'unassigned', 'waiting'))
     or (c.view = 'assignee' and c.owner_id = ${id})
     or (c.view = 'team' and c.owner_id in (select m.team_id from team_members m where m.user_id = ${id}))
  group by c.view
), risk as (
  select count(*)::int as n from (select 1 from tickets t where ${OPEN} and ${RISK} <= now() limit 1001) b
)
select json_build_object(
  'views', json_build_object(
    'mine', coalesce((select n from c where view = 'assignee'), 0),
    'unassigned', coalesce((select n from c where view = 'unassigned'), 0),
    'my_teams', coalesce((select n from c where view = 'team'), 0),
    'at_risk', least((select n from risk), 1000),
    'waiting', coalesce((select n from c where view = 'waiting'), 0),
    'open', coalesce((select n from c where view = 'open'), 0),
    'all', coalesce((select n from c where view = 'all'), 0)),
  'capped', case when (select n from risk) > 1000 then json_build_array('at_risk') else '[]'::json end)::text;`;
}
