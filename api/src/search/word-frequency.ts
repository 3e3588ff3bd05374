import type { Db } from '../db/postgres.ts';

/** The tables whose search_vector the ticket search reads. */
export type SearchedTable = 'tickets' | 'ticket_comments';

/** One of PostgreSQL's most common lexemes of a table's search_vector, with its share of rows. */
export type CommonLexeme = { table: SearchedTable; lexeme: string; rows: number };

type Snapshot = { lexemes: CommonLexeme[]; readAt: number };

/**
 * How long a process uses one reading of the statistics. They change when ANALYZE runs
 * (autovacuum, after a tenth of a table changed), and a word's frequency moves slowly; reading
 * pg_stats costs milliseconds (the view checks privileges row by row), too much for every search.
 */
const REFRESH_MS = 5 * 60_000;

let snapshot: Snapshot | null = null;
let reading: Promise<Snapshot> | null = null;

async function readCommonLexemes(db: Db): Promise<Snapshot> {
  const rows = await db<
    { table: SearchedTable; lexemes: string[] | null; freqs: number[] | null; total: number }[]
  >`
    select s.tablename as table, s.most_common_elems::text::text[] as lexemes,
           s.most_common_elem_freqs::float8[] as freqs, greatest(c.reltuples, 0)::float8 as total
    from pg_stats s
    join pg_class c on c.relname = s.tablename and c.relnamespace = to_regnamespace(s.schemaname)
    where s.schemaname = current_schema() and s.tablename in ('tickets', 'ticket_comments')
      and s.attname = 'search_vector'`;
  const lexemes: CommonLexeme[] = [];
  for (const row of rows) {
    // The frequencies array ends with three summary numbers after one per lexeme.
    (row.lexemes ?? []).forEach((lexeme, index) => {
      const share = row.freqs?.[index] ?? 0;
      lexemes.push({ table: row.table, lexeme, rows: share * row.total });
    });
  }
  return { lexemes, readAt: Date.now() };
}

/**
 * The common lexemes that could match the words: those sharing their first two characters with
 * a word (a lexeme is the word's stem, which keeps its start), so the search statement gets a few
 * entries, not the whole list. Read from pg_stats at most every REFRESH_MS per process; a table
 * never analysed has none, and every word counts as rare there (its GIN index is then small anyway).
 */
export async function commonLexemesFor(db: Db, words: readonly string[]): Promise<CommonLexeme[]> {
  if (snapshot === null || Date.now() - snapshot.readAt > REFRESH_MS) {
    reading ??= readCommonLexemes(db).finally(() => {
      reading = null;
    });
    snapshot = await reading;
  }
  const starts = new Set(words.map((word) => word.slice(0, 2).toLowerCase()));
  return snapshot.lexemes.filter((entry) => starts.has(entry.lexeme.slice(0, 2)));
}

/** Forgets the reading (tests that analyse a table and search at once). */
export function forgetCommonLexemes(): void {
  snapshot = null;
}
