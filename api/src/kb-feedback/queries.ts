import type { TKbFeedback, TKbFeedbackComment } from '@helpdesk/contracts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';

/**
 * Whether a reader may see an article: staff any article, end users a published one in an active
 * category. False for a missing id too, so both answer alike.
 */
export async function selectArticleVisible(db: Db, articleId: string, isStaff: boolean): Promise<boolean> {
  const [row] = await db<{ visible: boolean }[]>`
    select ${isStaff}::boolean or (a.status = 'published' and c.is_active) as visible
    from kb_articles a join kb_categories c on c.id = a.category_id
    where a.id = ${articleId}`;
  return row?.visible ?? false;
}

/** A person's answer on an article, or null. */
export async function selectFeedback(db: Db, articleId: string, userId: string): Promise<TKbFeedback | null> {
  const [row] = await db<TKbFeedback[]>`
    select helpful, comment, updated_at as "updatedAt"
    from kb_article_feedback where article_id = ${articleId} and user_id = ${userId}`;
  return row ?? null;
}

/**
 * Writes a person's answer and moves the article's yes/no counter by the difference, inside the
 * caller's transaction. The first answer is an insert that does nothing on a concurrent first
 * answer; the change is then made on the locked row, so the counter never counts a person twice.
 */
export async function saveFeedback(
  db: Db,
  answer: { articleId: string; userId: string; helpful: boolean; comment: string | null },
): Promise<TKbFeedback> {
  const [inserted] = await db<TKbFeedback[]>`
    insert into kb_article_feedback (article_id, user_id, helpful, comment)
    values (${answer.articleId}, ${answer.userId}, ${answer.helpful}, ${answer.comment})
    on conflict (article_id, user_id) do nothing
    returning helpful, comment, updated_at as "updatedAt"`;
  let previous: boolean | null = null;
  let saved = inserted;
  if (!saved) {
    const [old] = await db<{ helpful: boolean }[]>`
      select helpful from kb_article_feedback
      where article_id = ${answer.articleId} and user_id = ${answer.userId} for update`;
    previous = old?.helpful ?? null;
    [saved] = await db<TKbFeedback[]>`
      update kb_article_feedback set helpful = ${answer.helpful}, comment = ${answer.comment}, updated_at = now()
      where article_id = ${answer.articleId} and user_id = ${answer.userId}
      returning helpful, comment, updated_at as "updatedAt"`;
  }
  if (!saved) throw new Error(`feedback on ${answer.articleId} vanished inside its own transaction`);
  const yes = (answer.helpful ? 1 : 0) - (previous === true ? 1 : 0);
  const no = (answer.helpful ? 0 : 1) - (previous === false ? 1 : 0);
  if (yes !== 0 || no !== 0) {
    await db`
      insert into kb_article_feedback_counts as c (article_id, yes, no)
      values (${answer.articleId}, ${Math.max(0, yes)}, ${Math.max(0, no)})
      on conflict (article_id) do update set yes = c.yes + ${yes}, no = c.no + ${no}`;
  }
  return saved;
}

/** An article's current yes and no answers (its counter row; zeros before the first answer). */
export async function selectFeedbackCounts(db: Db, articleId: string): Promise<{ yes: number; no: number }> {
  const [row] = await db<{ yes: number; no: number }[]>`
    select yes, no from kb_article_feedback_counts where article_id = ${articleId}`;
  return row ?? { yes: 0, no: 0 };
}

/** A comment row plus its time at full precision and author id, for the next page's cursor. */
export type CommentRow = TKbFeedbackComment & { cursorAt: string };

/** One page of an article's "No" comments, newest first, strictly after the (time, user) cursor. */
export function selectFeedbackComments(
  db: Db,
  articleId: string,
  page: { limit: number; after: { at: string; userId: string } | null },
): Promise<CommentRow[]> {
  return db<CommentRow[]>`
    select f.comment, f.updated_at as at, f.updated_at::text as "cursorAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as user
    from kb_article_feedback f join users u on u.id = f.user_id
    where f.article_id = ${articleId} and f.comment is not null
      ${
        page.after === null
          ? db``
          : db`and (f.updated_at, f.user_id) < (${page.after.at}::timestamptz, ${page.after.userId}::uuid)`
      }
    order by f.updated_at desc, f.user_id desc
    limit ${literalLimit(page.limit)}`;
}

/** New phrases a day may take; later phrases that day are not kept (repeats of kept ones still count). */
export const SEARCH_MISS_PHRASES_PER_DAY = 500;
/** No-result searches one person adds a day; past that theirs are not counted. */
export const SEARCH_MISSES_PER_PERSON_DAY = 30;

/** A search that found nothing, as the knowledge-base report counts it: its words and who searched. */
export type SearchMiss = { words: string; userId: string; perPersonDaily?: number };

/** What counting one search that found nothing did. */
export type MissCount = {
  /** The search was counted under its words. */
  isCounted: boolean;
  /** The person's budget was already spent today: nothing was, or will be until tomorrow, counted for them. */
  isBudgetSpent: boolean;
};

/**
 * Counts one search that found nothing under today's row for its words, in one statement:
 * `miss_old_days` drops earlier days' budget rows, `miss_spent` spends one of the person's daily
 * budget, `miss_counted (words)` is the row counted. Nothing is counted once the person's budget is
 * spent; a budget read as spent in the statement's snapshot is not even locked (it only grows within
 * a day), so a flood of one person's empty searches takes no row lock and writes nothing. A new
 * phrase is added only while the day holds fewer than SEARCH_MISS_PHRASES_PER_DAY (its primary
 * key's range, so counting costs at most that many index entries).
 */
export async function countSearchMiss(db: Db, miss: SearchMiss): Promise<MissCount> {
  const perPersonDaily = miss.perPersonDaily ?? SEARCH_MISSES_PER_PERSON_DAY;
  const [row] = await db<MissCount[]>`
    with miss_old_days as (
      delete from kb_search_miss_budget where searched_on < current_date
    ),
    miss_spent as (
      insert into kb_search_miss_budget as b (searched_on, user_id, searches)
      select current_date, ${miss.userId}::uuid, 1
      where not exists (
          select 1 from kb_search_miss_budget s
          where s.searched_on = current_date and s.user_id = ${miss.userId}::uuid and s.searches >= ${perPersonDaily})
      on conflict (searched_on, user_id) do update set searches = b.searches + 1
      where b.searches < ${perPersonDaily}
      returning 1
    ),
    miss_counted as (
      insert into kb_search_misses as m (searched_on, words, searches)
      select current_date, ${miss.words}, 1
      where exists (select 1 from miss_spent)
        and (exists (select 1 from kb_search_misses where searched_on = current_date and words = ${miss.words})
             or (select count(*) from kb_search_misses where searched_on = current_date)
                < ${SEARCH_MISS_PHRASES_PER_DAY})
      on conflict (searched_on, words) do update set searches = m.searches + 1
      returning m.words
    )
    select exists (select 1 from miss_counted) as "isCounted", not exists (select 1 from miss_spent) as "isBudgetSpent"`;
  return row ?? { isCounted: false, isBudgetSpent: false };
}

/** Counts a deflection by a published article in an active category for today; false when there is none. */
export async function countDeflection(db: Db, articleId: string): Promise<boolean> {
  const rows = await db`
    insert into kb_deflections as d (article_id, deflected_on, deflections)
    select a.id, current_date, 1
    from kb_articles a join kb_categories c on c.id = a.category_id
    where a.id = ${articleId} and a.status = 'published' and c.is_active
    on conflict (article_id, deflected_on) do update set deflections = d.deflections + 1
    returning d.article_id`;
  return rows.length > 0;
}
