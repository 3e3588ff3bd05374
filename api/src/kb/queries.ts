import type { TArticleStatus, TKbArticle, TKbArticleSummary, TKbCategory } from '@helpdesk/contracts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { tsqueryOnce } from '../db/tsquery-once.ts';
import { sql } from '../db.ts';

/**
 * The popular rule. An article is popular when it is published and either an editor flagged it
 * (is_popular, kept from the seed) or it is among the POPULAR_TOP_READ published articles with the
 * most views in the last POPULAR_WINDOW_DAYS days, today included (kb_article_views); ties go to
 * the smaller id. Every answer computes isPopular with this rule, in SQL. The window's sums are
 * kept in kb_article_recent_views (view-window.ts), so the top read are the first entries of an index.
 */
export const POPULAR_TOP_READ = 5;

/** The CTE `top_read (id)`: the most-read published articles of the window. */
const topRead = () => sql`
  top_read as (
    select r.article_id as id
    from kb_article_recent_views r join kb_articles p on p.id = r.article_id
    where r.views > 0 and p.status = 'published'
    order by r.views desc, r.article_id
    limit ${literalLimit(POPULAR_TOP_READ)}
  )`;

const isPopular = () => sql`(a.status = 'published' and (a.is_popular or a.id in (select id from top_read)))`;

const summaryColumns = () => sql`
  a.id, a.title, a.slug, a.excerpt, a.category_id as "categoryId", a.status, a.tags,
  ${isPopular()} as "isPopular", a.view_count as "viewCount", a.published_at as "publishedAt",
  a.created_at as "createdAt", a.updated_at as "updatedAt",
  json_build_object('id', c.id, 'name', c.name, 'isActive', c.is_active) as category,
  json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as author`;

const joins = () => sql`
  join kb_categories c on c.id = a.category_id
  join users u on u.id = a.author_id`;

/**
 * Which articles a reader may get: 'public' (end users: published, in an active category), one status
 * or any (null), the last two for staff, who also see inactive categories' articles.
 */
export type StatusScope = TArticleStatus | 'public' | null;

const statusIs = (status: StatusScope) =>
  status === null
    ? sql``
    : status === 'public'
      ? sql`and a.status = 'published' and a.category_id in (select id from kb_categories where is_active)`
      : sql`and a.status = ${status}`;

/** Active categories in sortOrder then name, each with its number of published articles. */
export function selectActiveCategories(db: Db): Promise<TKbCategory[]> {
  return db<TKbCategory[]>`
    select c.id, c.name, c.slug, c.description, c.icon, c.is_active as "isActive", c.sort_order as "sortOrder",
           (select count(*)::int from kb_articles a where a.category_id = c.id and a.status = 'published')
             as "articleCount",
           c.created_at as "createdAt", c.updated_at as "updatedAt"
    from kb_categories c
    where c.is_active
    order by c.sort_order, c.name, c.id`;
}

/** A category's id and whether it is active; null when there is none with that id. */
export async function selectCategoryState(db: Db, id: string): Promise<{ isActive: boolean } | null> {
  const [row] = await db<{ isActive: boolean }[]>`
    select is_active as "isActive" from kb_categories where id = ${id}`;
  return row ?? null;
}

export type ArticleListFilters = {
  status: StatusScope;
  categoryId: string | null;
  /** true: popular only, false: not popular only, null: either. */
  isPopular: boolean | null;
};

/** A list row plus its updated_at at full (microsecond) precision, for the next page's cursor. */
export type ArticleListRow = TKbArticleSummary & { cursorAt: string };

/**
 * One page newest update first, (updated_at, id) strictly after the cursor. Each filter
 * combination has an index in that order (00009, 00015), so a page costs the same at any size.
 */
export function selectArticlePage(
  db: Db,
  filters: ArticleListFilters,
  page: { limit: number; after: { at: string; id: string } | null },
): Promise<ArticleListRow[]> {
  const popular =
    filters.isPopular === null
      ? sql``
      : filters.isPopular
        ? sql`and ${isPopular()}`
        : sql`and not ${isPopular()}`;
  return db<ArticleListRow[]>`
    with ${topRead()}
    select ${summaryColumns()}, a.updated_at::text as "cursorAt"
    from kb_articles a ${joins()}
    where true ${statusIs(filters.status)}
      ${filters.categoryId === null ? sql`` : sql`and a.category_id = ${filters.categoryId}`}
      ${popular}
      ${page.after === null ? sql`` : sql`and (a.updated_at, a.id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`}
    order by a.updated_at desc, a.id desc
    limit ${literalLimit(page.limit)}`;
}

/** A popular-list row plus its views in the window, which orders the list. */
export type PopularListRow = TKbArticleSummary & { recentViews: number };

/**
 * One page of the popular articles (the rule above), most read first: views in the window, then
 * all-time views, then id, strictly after the cursor. The candidates are the flagged articles and
 * the top read, each found through an index, never by reading every article.
 */
export function selectPopularArticlePage(
  db: Db,
  filters: { status: StatusScope; categoryId: string | null },
  page: { limit: number; after: { recentViews: number; viewCount: number; id: string } | null },
): Promise<PopularListRow[]> {
  return db<PopularListRow[]>`
    with ${topRead()},
    candidates as (
      select f.id from kb_articles f where f.status = 'published' and f.is_popular
      union
      select id from top_read
    )
    select ${summaryColumns()}, coalesce(r.views, 0) as "recentViews"
    from candidates p
    join kb_articles a on a.id = p.id
    ${joins()}
    left join kb_article_recent_views r on r.article_id = a.id
    where a.status = 'published' ${statusIs(filters.status)}
      ${filters.categoryId === null ? sql`` : sql`and a.category_id = ${filters.categoryId}`}
      ${
        page.after === null
          ? sql``
          : sql`and (coalesce(r.views, 0), a.view_count, a.id) < (${page.after.recentViews}::int, ${page.after.viewCount}::int, ${page.after.id}::uuid)`
      }
    order by coalesce(r.views, 0) desc, a.view_count desc, a.id desc
    limit ${literalLimit(page.limit)}`;
}

/**
 * What an article search runs (search-terms.ts, service.ts): both tsquery texts, built from letters
 * and digits only, so no input can make them invalid; the words for the typo fallback (null: none).
 */
export type ArticleSearch = {
  anyWords: string;
  allWords: string;
  similarText: string | null;
  status: StatusScope;
  limit: number;
};

/**
 * Full-text matches as the CTE `text_hits (id, updated_at, has_all_words, rank)`: articles holding
 * every word before those holding some, then by cover density rank (title A, tags B, excerpt C,
 * body D). The page is chosen from the matches' own columns before anything is joined: a common
 * word matches hundreds of articles, and joining and shaping every match before the sort cost
 * 10+ ms where the ranking itself takes about one.
 */
const textHits = (search: ArticleSearch) => sql`
  text_hits as (
    select a.id, a.updated_at,
      a.search_vector @@ ${tsqueryOnce('english', search.allWords)} as has_all_words,
      ts_rank_cd(a.search_vector, ${tsqueryOnce('english', search.anyWords)}) as rank
    from kb_articles a
    where a.search_vector @@ ${tsqueryOnce('english', search.anyWords)} ${statusIs(search.status)}
    order by has_all_words desc, rank desc, a.updated_at desc, a.id desc
    limit ${literalLimit(search.limit)}
  )`;

/**
 * The typo-tolerant fallback as the CTE `similar_hits (id, updated_at, similarity)`: titles and
 * tags whose words are similar to the search (pg_trgm word_similarity at its default threshold,
 * 0.6, through the trigram index), most similar first, leaving out what full text found. It runs
 * only when full text found fewer than the limit (a one-time filter: nothing of it is read
 * otherwise). Its planning (PostgreSQL estimates `<%` by evaluating it over the column's
 * statistics, about 1.6 ms, ten times its execution) is paid once per connection: the search's
 * pool keeps generic plans (pool.ts).
 */
const similarHits = (search: ArticleSearch & { similarText: string }) => sql`
  similar_hits as (
    select a.id, a.updated_at, word_similarity(${search.similarText}, a.search_text) as similarity
    from kb_articles a
    where (select count(*) from text_hits) < ${literalLimit(search.limit)}
      and ${search.similarText} <% a.search_text ${statusIs(search.status)}
      and a.id not in (select id from text_hits)
    order by similarity desc, a.updated_at desc, a.id desc
    limit ${literalLimit(search.limit)}
  )`;

/**
 * A search's page as the CTE `hits (id, kind, has_all_words, score, updated_at)`: full text first
 * (kind 0, textHits); when it finds fewer than the limit, the typo fallback fills the rest (kind
 * 1, similarHits). A read: a search that finds nothing is counted after it (recordSearchMiss).
 */
const hitsCtes = (search: ArticleSearch) => {
  const similarText = search.similarText;
  const hits =
    similarText === null
      ? sql`
        hits as (select id, 0 as kind, has_all_words, rank as score, updated_at from text_hits)`
      : sql`
        ${similarHits({ ...search, similarText })},
        hits as (
          select * from (
            select id, 0 as kind, has_all_words, rank as score, updated_at from text_hits
            union all
            select id, 1 as kind, false, similarity, updated_at from similar_hits
          ) u
          order by kind, has_all_words desc, score desc, updated_at desc, id desc
          limit ${literalLimit(search.limit)})`;
  return sql`${textHits(search)}, ${hits}`;
};

const hitsOrder = () => sql`h.kind, h.has_all_words desc, h.score desc, h.updated_at desc, h.id desc`;

/** The knowledge base's search in one statement (hitsCtes): best first, each article shaped for the page. */
export function selectArticleSearch(db: Db, search: ArticleSearch): Promise<TKbArticleSummary[]> {
  return db<TKbArticleSummary[]>`
    with ${topRead()}, ${hitsCtes(search)}
    select ${summaryColumns()}
    from hits h join kb_articles a on a.id = h.id ${joins()}
    order by ${hitsOrder()}`;
}

/** An article the desk's global search found, with the texts its snippet is cut from. */
export type ArticleSearchRow = {
  id: string;
  title: string;
  status: TArticleStatus;
  category: { id: string; name: string };
  excerpt: string | null;
  /** The text of the Markdown (content_text), so a snippet shows words, not markup. */
  content: string;
};

/**
 * The same search for the desk's global search, in one statement: each article with the texts of
 * its snippet, without the popularity and author joins the knowledge base's page needs.
 */
export function selectArticleSearchHits(db: Db, search: ArticleSearch): Promise<ArticleSearchRow[]> {
  return db<ArticleSearchRow[]>`
    with ${hitsCtes(search)}
    select a.id, a.title, a.status, json_build_object('id', c.id, 'name', c.name) as category, a.excerpt,
           coalesce(a.content_text, a.content) as content
    from hits h join kb_articles a on a.id = h.id join kb_categories c on c.id = a.category_id
    order by ${hitsOrder()}`;
}

/** One article with its body and current revision number, if the scope may see it. */
export async function selectArticle(db: Db, id: string, status: StatusScope): Promise<TKbArticle | null> {
  const [row] = await db<TKbArticle[]>`
    with ${topRead()}
    select ${summaryColumns()}, a.content, a.last_viewed_at as "lastViewedAt", a.is_popular as "isMarkedPopular",
           coalesce((select max(r.number) from kb_article_revisions r where r.article_id = a.id), 0) as revision
    from kb_articles a ${joins()}
    where a.id = ${id} ${statusIs(status)}`;
  return row ?? null;
}

/**
 * Counts one read of a published article in one statement, once per reader and day (kb_article_viewers,
 * so nobody can make an article popular by reloading it): view_count + 1, last_viewed_at = now(),
 * today's row of kb_article_views and the window's sum. False when the article is missing or not
 * published, outside `status`'s scope ('public': an end user's, whose read of an inactive category's
 * article is a 404 that counts nothing), or this reader's view of it is already counted today.
 */
export async function countArticleView(
  db: Db,
  id: string,
  viewerId: string,
  status: 'public' | null = null,
): Promise<boolean> {
  const rows = await db`
    with first_today as (
      insert into kb_article_viewers (article_id, viewer_id, viewed_on)
      select a.id, ${viewerId}, current_date from kb_articles a
      where a.id = ${id} and a.status = 'published' ${statusIs(status)}
      on conflict do nothing
      returning article_id
    ),
    bumped as (
      update kb_articles set view_count = view_count + 1, last_viewed_at = now()
      where id = (select article_id from first_today)
      returning id
    ),
    daily as (
      insert into kb_article_views as v (article_id, viewed_on, views)
      select id, current_date, 1 from bumped
      on conflict (article_id, viewed_on) do update set views = v.views + 1
    )
    insert into kb_article_recent_views as r (article_id, views)
    select id, 1 from bumped
    on conflict (article_id) do update set views = r.views + 1
    returning r.article_id`;
  return rows.length > 0;
}

/** The fields an article form writes. */
export type ArticleFields = {
  title: string;
  content: string;
  /** The text of content without its Markdown (plain-text.ts): what search indexes. */
  contentText: string;
  excerpt: string | null;
  categoryId: string;
  status: TArticleStatus;
  tags: string[];
};

/** "Show as popular" as an edit sends it: undefined keeps the stored flag. */
export type PopularFlag = { isPopular: boolean | undefined };

/**
 * Inserts an article under a slug, publishedAt set when it starts published. Returns its id, or
 * null when the slug is taken (also by a concurrent insert: PostgreSQL waits for it to commit).
 */
export async function insertArticle(
  db: Db,
  article: ArticleFields & { slug: string; authorId: string },
): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    insert into kb_articles (title, slug, content, content_text, excerpt, category_id, author_id, status, tags, published_at)
    values (
      ${article.title}, ${article.slug}, ${article.content}, ${article.contentText}, ${article.excerpt}, ${article.categoryId},
      ${article.authorId}, ${article.status}, ${db.array(article.tags)}::text[],
      case when ${article.status}::text = 'published' then now() end
    )
    on conflict (slug) do nothing
    returning id`;
  return row?.id ?? null;
}

/**
 * Writes an edit. The slug never changes; publishedAt is set the first time the article is
 * published and kept after that. An excerpt or tags left undefined stay as they are.
 */
export async function updateArticle(
  db: Db,
  id: string,
  change: Omit<ArticleFields, 'excerpt' | 'tags'> &
    PopularFlag & {
      excerpt: string | null | undefined;
      tags: string[] | undefined;
    },
): Promise<void> {
  await db`
    update kb_articles set
      title = ${change.title},
      content = ${change.content},
      content_text = ${change.contentText},
      category_id = ${change.categoryId},
      status = ${change.status},
      published_at = coalesce(published_at, case when ${change.status}::text = 'published' then now() end)
      ${change.excerpt === undefined ? sql`` : sql`, excerpt = ${change.excerpt}`}
      ${change.tags === undefined ? sql`` : sql`, tags = ${db.array(change.tags)}::text[]`}
      ${change.isPopular === undefined ? sql`` : sql`, is_popular = ${change.isPopular}`}
    where id = ${id}`;
}
