/**
 * A cheap fingerprint of every table, to prove that a refused request wrote nothing. The tables
 * come from information_schema at run time, so a table added by a later migration is watched
 * without anyone editing this file. Per table: the row count (catches deletes) and the largest
 * xmin (the id of the transaction that wrote a row version): every insert or update raises it,
 * while a rolled-back write leaves no visible row and a locking read never touches it.
 */
import type { Sql } from 'postgres';

/**
 * Tables a read may change by design, left out entirely. Each says why. Anything not listed here
 * is watched in full; deliberately so for idempotency_keys (written only in the transaction that
 * creates the ticket or comment, so never by a refusal) and users (last_login_at moves only on a
 * successful sign-in).
 */
export const UNWATCHED_TABLES: Readonly<Record<string, string>> = {
  // Opening a published article counts a view per day (docs/security.md: "the article view counter is
  // the one documented exception" to GET never changing state); these two tables are that counter.
  // kb_view_window is watched: only the worker moves the window, never a request.
  kb_article_views: 'per-day article views, written by GET /api/kb/articles/:id',
  kb_article_viewers: 'who was counted reading an article today, written by GET /api/kb/articles/:id',
  kb_article_recent_views: 'the popularity window, written with every counted view',
  // A search of published articles that finds nothing is counted for the knowledge-base report,
  // per day and words, within a per-person daily budget kept beside it (docs/product.md#reports).
  kb_search_misses: 'no-result searches per day and words, written by GET /api/kb/articles/search',
  kb_search_miss_budget: "each person's no-result searches today, written with kb_search_misses",
};

/**
 * Tables watched without some columns that a read legitimately updates: the fingerprint is the
 * count plus a hash of each row without those columns, so every other change still shows.
 */
export const READ_SIDE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // Every signed-in request slides the idle expiry (at most once a minute; session.ts): a
  // refused request that passed sign-in (a 400 on a bad body) moves it, and that is no write of
  // the request's content. Created, deleted or re-pointed sessions still show (count, sid, user_id).
  sessions: ['expire'],
  // The same documented view counter as UNWATCHED_TABLES, kept on the article row itself.
  kb_articles: ['view_count', 'last_viewed_at'],
};

/**
 * What a refusal of one operation writes by design, and nothing else may: the sign-in throttle
 * counts every failed sign-in and every wrong current password (migration 00037), on every
 * process, so refusing them must write a row. Any other table changed by those refusals, and this
 * one changed by any other refusal, is still a failure.
 */
export const REFUSAL_WRITES: Readonly<Record<string, readonly string[]>> = {
  'POST /api/auth/login': ['login_failures'],
  'POST /api/auth/admin/login': ['login_failures'],
  'POST /api/auth/change-password': ['login_failures'],
  // A registration answered 409 spends the client address's budget, so conflicts cannot enumerate
  // accounts at speed (docs/security.md#registration-and-password-reset-mail).
  'POST /api/auth/register': ['rate_limits'],
  // A new email needs the current password: a wrong one counts like on the change-password form.
  'PATCH /api/auth/profile': ['login_failures'],
  // Two-factor (docs/security.md#two-factor-authentication): a wrong code, or a wrong password or code
  // for turning it off or replacing the recovery codes, counts like a wrong password; at sign-in the
  // challenge also counts it, and ends after a few or when the address is refused.
  'POST /api/auth/two-factor/enable': ['login_failures'],
  'POST /api/auth/two-factor/disable': ['login_failures'],
  'POST /api/auth/two-factor/recovery-codes': ['login_failures'],
  'POST /api/auth/two-factor/challenge/verify': ['login_failures', 'two_factor_challenges'],
  'POST /api/auth/two-factor/challenge/confirm': ['login_failures', 'two_factor_challenges'],
  'POST /api/auth/two-factor/challenge/setup': ['two_factor_challenges'],
  // A staff note's ticket is checked by its one write statement, after the comment limit was
  // spent (docs/security.md#write-limits): a note on a missing ticket spends the writer's own budget.
  'POST /api/tickets/:id/comments': ['rate_limits'],
  // A test mail the desk could not send (no mail server, or the server refused) spends the admin's
  // test-mail budget: a failing server is not hammered faster than a working one (docs/security.md#abuse-limits).
  'POST /api/admin/settings/test-mail': ['rate_limits'],
  // The OpenID Connect sign-in is two browser navigations, so two GETs by the protocol: each spends the
  // client address's budget, the start stores the pending sign-in and the callback takes it, and a
  // failure is a redirect with a code rather than a 4xx (docs/security.md#single-sign-on).
  'GET /api/auth/sso/:provider/start': ['rate_limits', 'sso_logins'],
  'GET /api/auth/sso/:provider/callback': ['rate_limits', 'sso_logins'],
};

export type TableSnapshot = ReadonlyMap<string, string>;

let tablesCache: string[] | null = null;

/** The base tables of the public schema, in name order. */
export async function watchedTables(sql: Sql): Promise<string[]> {
  if (tablesCache) return tablesCache;
  const rows = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`;
  tablesCache = rows.map((row) => row.name).filter((name) => !Object.hasOwn(UNWATCHED_TABLES, name));
  return tablesCache;
}

/** One row per table: its name and fingerprint, in a single statement. */
function fingerprintQuery(sql: Sql, tables: readonly string[]) {
  const parts = tables.map((name) => {
    const ignored = READ_SIDE_COLUMNS[name];
    const fingerprint = ignored
      ? sql`coalesce(sum(hashtextextended((to_jsonb(t) - ${sql.array([...ignored])}::text[])::text, 0)), 0)::text`
      : sql`coalesce(max(t.xmin::text::bigint), 0)::text`;
    return sql`select ${name}::text as name, count(*)::text || ':' || ${fingerprint} as fingerprint from ${sql(name)} t`;
  });
  return parts.reduce((all, part) => sql`${all} union all ${part}`);
}

/** The fingerprint of every watched table, now. */
export async function snapshotTables(sql: Sql): Promise<TableSnapshot> {
  const tables = await watchedTables(sql);
  const rows = await fingerprintQuery(sql, tables);
  return new Map(rows.map((row) => [String(row.name), String(row.fingerprint)]));
}

/** The tables whose fingerprint differs between two snapshots (added or removed tables included). */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
