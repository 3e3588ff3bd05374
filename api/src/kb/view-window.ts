import type { Db } from '../db/postgres.ts';

/**
 * The popularity window: the last POPULAR_WINDOW_DAYS days, today included. kb_view_window.starts_on
 * is its first day, and kb_article_recent_views holds each article's kb_article_views summed from
 * that day on (00016). A counted view adds to both (queries.ts); once a day the worker moves the window
 * (view-window-task.ts), so no read ever writes it.
 * Kept apart from queries.ts so the demo data can use it without the API's database pool.
 */
export const POPULAR_WINDOW_DAYS = 30;

/** The first day of the window as it should be now. */
const windowStart = (db: Db) => db`(current_date - ${POPULAR_WINDOW_DAYS - 1}::int)`;

/** True when the popularity window should start later than it does (a day has passed since it moved). */
export async function isViewWindowStale(db: Db): Promise<boolean> {
  const [row] = await db<{ isStale: boolean }[]>`
    select starts_on < ${windowStart(db)} as "isStale" from kb_view_window`;
  return row?.isStale ?? false;
}

/**
 * Moves the popularity window to start POPULAR_WINDOW_DAYS - 1 days ago, subtracting the days
 * that left it from each article's sum. Run inside a transaction: the window row stays locked
 * until commit, so concurrent callers move it once. Those days' rows no longer change, and
 * concurrent views only add to today's, so the sums stay exact.
 */
export async function rollViewWindow(db: Db): Promise<void> {
  const [window] = await db<{ from: string; to: string }[]>`
    select starts_on::text as "from", ${windowStart(db)}::text as "to" from kb_view_window for update`;
  if (!window || window.from >= window.to) return;
  await db`
    update kb_article_recent_views r set views = r.views - gone.views
    from (
      select article_id, sum(views)::int as views from kb_article_views
      where viewed_on >= ${window.from}::date and viewed_on < ${window.to}::date
      group by article_id
    ) gone
    where r.article_id = gone.article_id`;
  await db`delete from kb_article_recent_views where views = 0`;
  // Who read what on a past day no longer decides anything: only today's readers are counted once.
  await db`delete from kb_article_viewers where viewed_on < current_date`;
  await db`update kb_view_window set starts_on = ${window.to}::date`;
}

/**
 * Recomputes the window and every article's sum from kb_article_views (the demo data, tests that
 * write daily rows directly, or a repair). Run inside a transaction: counting views waits for it.
 */
export async function rebuildRecentViews(db: Db): Promise<void> {
  await db`lock table kb_article_recent_views in share row exclusive mode`;
  await db`select starts_on from kb_view_window for update`;
  await db`update kb_view_window set starts_on = ${windowStart(db)}`;
  await db`delete from kb_article_recent_views`;
  await db`
    insert into kb_article_recent_views (article_id, views)
    select article_id, sum(views)::int from kb_article_views
    where viewed_on >= ${windowStart(db)}
    group by article_id`;
}
