import { KNOWLEDGE_REPORT_TOP } from '@helpdesk/contracts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { ReportWindow } from './queries.ts';

/**
 * The knowledge base counts by calendar day (the database's current_date when it counted); a
 * window's days are its buckets' local dates, the last bucket running to the report's end.
 */
const dayBucketsCte = (w: ReportWindow) => sql`
  day_buckets as (
    select b.date, b.date::date as start_on,
           coalesce(lead(b.date::date) over (order by b.date), 'infinity'::date) as end_on
    from unnest(${w.buckets}::text[]) as b(date)
  )`;

/** The window's first day and last day (the report's end as a local date). */
const dayRange = (w: ReportWindow, column: ReturnType<typeof sql>) => sql`
  ${column} >= ${w.buckets[0] ?? '1970-01-01'}::date
  and ${column} <= (${w.to}::timestamptz at time zone ${w.timeZone})::date`;

export type KnowledgeActivityRow = {
  date: string;
  reads: number;
  searchesWithoutResult: number;
  deflections: number;
};

/** Per bucket: counted reads, searches that found nothing, and deflections (each a range of its day index). */
export function selectKnowledgeActivity(db: Db, w: ReportWindow): Promise<KnowledgeActivityRow[]> {
  return db<KnowledgeActivityRow[]>`
    with ${dayBucketsCte(w)},
    reads as (
      select v.viewed_on as day, sum(v.views)::int as n from kb_article_views v
      where ${dayRange(w, sql`v.viewed_on`)} group by v.viewed_on
    ),
    misses as (
      select m.searched_on as day, sum(m.searches)::int as n from kb_search_misses m
      where ${dayRange(w, sql`m.searched_on`)} group by m.searched_on
    ),
    deflected as (
      select d.deflected_on as day, sum(d.deflections)::int as n from kb_deflections d
      where ${dayRange(w, sql`d.deflected_on`)} group by d.deflected_on
    )
    select b.date,
           coalesce((select sum(n) from reads r where r.day >= b.start_on and r.day < b.end_on), 0)::int as reads,
           coalesce((select sum(n) from misses m where m.day >= b.start_on and m.day < b.end_on), 0)::int
             as "searchesWithoutResult",
           coalesce((select sum(n) from deflected d where d.day >= b.start_on and d.day < b.end_on), 0)::int
             as deflections
    from day_buckets b
    order by b.date`;
}

/** The window's answers: yes and no given or last changed in it (the covering index of 00061). */
export async function selectAnswerTotals(db: Db, w: ReportWindow): Promise<{ yes: number; no: number }> {
  const [row] = await db<{ yes: number; no: number }[]>`
    select count(*) filter (where f.helpful)::int as yes, count(*) filter (where not f.helpful)::int as no
    from kb_article_feedback f
    where f.updated_at >= ${w.from} and f.updated_at <= ${w.to}`;
  return row ?? { yes: 0, no: 0 };
}

/** The most read articles of the window, most reads first. */
export function selectMostRead(db: Db, w: ReportWindow) {
  return db<{ articleId: string; title: string; reads: number }[]>`
    with top as (
      select v.article_id, sum(v.views)::int as reads from kb_article_views v
      where ${dayRange(w, sql`v.viewed_on`)}
      group by v.article_id
      order by 2 desc, v.article_id
      limit ${literalLimit(KNOWLEDGE_REPORT_TOP)}
    )
    select a.id as "articleId", a.title, t.reads
    from top t join kb_articles a on a.id = t.article_id
    order by t.reads desc, a.id`;
}

/** The articles with the most answers in the window, with their yes and no among them. */
export function selectHelpfulness(db: Db, w: ReportWindow) {
  return db<{ articleId: string; title: string; yes: number; no: number }[]>`
    with top as (
      select f.article_id, count(*) filter (where f.helpful)::int as yes,
             count(*) filter (where not f.helpful)::int as no
      from kb_article_feedback f
      where f.updated_at >= ${w.from} and f.updated_at <= ${w.to}
      group by f.article_id
      order by count(*) desc, f.article_id
      limit ${literalLimit(KNOWLEDGE_REPORT_TOP)}
    )
    select a.id as "articleId", a.title, t.yes, t.no
    from top t join kb_articles a on a.id = t.article_id
    order by t.yes + t.no desc, a.id`;
}

/** The words searched most often without a result in the window. */
export function selectUnfoundSearches(db: Db, w: ReportWindow) {
  return db<{ words: string; searches: number }[]>`
    select m.words, sum(m.searches)::int as searches
    from kb_search_misses m
    where ${dayRange(w, sql`m.searched_on`)}
    group by m.words
    order by 2 desc, m.words
    limit ${literalLimit(2 * KNOWLEDGE_REPORT_TOP)}`;
}

/** The articles that deflected most tickets in the window. */
export function selectDeflectedBy(db: Db, w: ReportWindow) {
  return db<{ articleId: string; title: string; deflections: number }[]>`
    with top as (
      select d.article_id, sum(d.deflections)::int as deflections from kb_deflections d
      where ${dayRange(w, sql`d.deflected_on`)}
      group by d.article_id
      order by 2 desc, d.article_id
      limit ${literalLimit(KNOWLEDGE_REPORT_TOP)}
    )
    select a.id as "articleId", a.title, t.deflections
    from top t join kb_articles a on a.id = t.article_id
    order by t.deflections desc, a.id`;
}
