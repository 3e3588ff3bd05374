/**
 * The queues' deep cursors: for each view in its default order, the product's own cursor at the
 * row 100,000 deep (or nine tenths into a smaller view, as the plain list's deep page), found by
 * walking the view with the product's own statement, as a client paging on would.
 */

import postgres from 'postgres';
import { TICKET_VIEWS, type TTicketListQuery, type TTicketView } from '../../contracts/src/ticket-queues.ts';

const WALK_PAGE = 5000;
const DEEP_ROWS = 100_000;

/** The product's query modules; their fragments come from the API's pool module, which connects only when used (never here). */
async function productQueues(url: string) {
  process.env.DATABASE_URL ??= url;
  const queries = await import('../../api/src/tickets/list-queries.ts');
  const queues = await import('../../api/src/tickets/queues.ts');
  const cursor = await import('../../api/src/tickets/list-cursor.ts');
  return { ...queries, ...queues, ...cursor };
}

/** The cursor of the row DEEP_ROWS into each view (agentId's view of mine and my_teams); none for a view of under 1,000. */
export async function deepQueueCursors(
  url: string,
  agentId: string,
): Promise<Partial<Record<TTicketView, string>>> {
  const product = await productQueues(url);
  // A UTC session, as the API's: the cursor holds times as PostgreSQL prints them in UTC.
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { TimeZone: 'UTC' } });
  const caller = { id: agentId, isStaff: true };
  const cursors: Partial<Record<TTicketView, string>> = {};
  try {
    for (const view of TICKET_VIEWS) {
      const query = { view, limit: 50 } as TTicketListQuery;
      const { sort } = product.viewAndSortOf(query);
      const list = product.queueListOf(caller, query);
      const positions: { part: 0 | 1; keys: (string | number)[]; id: string }[] = [];
      let after: (typeof positions)[number] | null = null;
      while (positions.length <= DEEP_ROWS) {
        const rows = await product.selectQueuePage(sql, list, { limit: WALK_PAGE, after });
        for (const row of rows) positions.push({ part: row.cursorPart, keys: row.cursorKeys, id: row.id });
        after = positions.at(-1) ?? null;
        if (rows.length < WALK_PAGE) break;
      }
      if (positions.length < 1000) continue;
      const deep = positions[Math.min(DEEP_ROWS - 1, Math.floor((positions.length * 9) / 10))];
      if (deep) {
        cursors[view] = product.encodeQueueCursor(product.queueFingerprint(query, view, sort), deep);
      }
    }
    return cursors;
  } finally {
    await sql.end();
  }
}
