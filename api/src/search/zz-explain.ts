import postgres from 'postgres';
import { applySearchSettings, selectTicketMatches } from './queries.ts';
import { buildDeskSearchTerms } from './search-terms.ts';

let last: { text: string; parameters: unknown[] } | null = null;
const db = postgres(process.env.DATABASE_URL!, {
  max: 1,
  onnotice: () => {},
  debug: (_c, text, parameters) => {
    if (!text.startsWith('explain')) last = { text, parameters };
  },
});
await applySearchSettings(db, 'session');
const q = process.argv[2] ?? 'please';
const terms = buildDeskSearchTerms(q);
await selectTicketMatches(db, {
  anyWords: terms.text?.anyWords ?? null,
  allWords: terms.text?.allWords ?? null,
  exactNumber: terms.number?.exact ?? null,
  numberRanges: terms.number?.ranges ?? [],
  personIds: [],
  scope: { requesterId: null, includeInternal: true },
  limit: 20,
});
const rows = await db.unsafe(
  `explain (analyze, buffers, costs off) ${last!.text}`,
  last!.parameters.map((p) => (Array.isArray(p) ? `{${p.join(',')}}` : p)) as string[],
);
for (const r of rows) console.log(r['QUERY PLAN']);
await db.end();
