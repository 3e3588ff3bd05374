/**
 * A read's limit (docs/performance.md#method): the lower of what PostgreSQL alone gives its
 * response (the reference statement under pgbench) and what Bun gives the same bytes from memory.
 * And the rates latency is measured at: half of the endpoint's own saturation, and 50/s.
 */
import type { Sql } from 'postgres';
import type { LoadRequest } from './load.ts';
import {
  type DeepPosition,
  deepPositionStatement,
  type ListPage,
  partCountStatement,
} from './reference-statements.ts';

/** The offered load of the unloaded latency figure. */
export const UNLOADED_RATE = 50;

/** The p99 targets at half of saturation. */
export const MAX_P99_MS = { read: 25, write: 50 } as const;

/** The limit is whichever side gives out first: neither can be beaten by the product. */
export function limitOf(postgresRps: number, memoryRps: number): number {
  if (!Number.isFinite(postgresRps)) return memoryRps;
  if (!Number.isFinite(memoryRps)) return postgresRps;
  return Math.min(postgresRps, memoryRps);
}

/** Half of a measured saturation rate, whole requests a second, at least one. */
export function halfRate(saturationRps: number): number {
  return Number.isFinite(saturationRps) ? Math.max(1, Math.floor(saturationRps / 2)) : 1;
}

/**
 * Which row of an order of `total` rows the deep page starts after, as the product's deep cursors
 * pick it (bench/lib/queue-fixtures.ts): 100,000 deep, or nine tenths into a smaller order; a walk
 * of 5,000-row pages stops on the page past 100,000, so a longer order counts as 105,000 rows.
 * Null under 1,000 rows (no deep page).
 */
export function deepRowIndex(total: number, deep = 100_000, walkPage = 5_000): number | null {
  if (total < 1_000) return null;
  const walked = total <= deep ? total : Math.min(total, Math.ceil((deep + 1) / walkPage) * walkPage);
  return Math.min(deep - 1, Math.floor((walked * 9) / 10));
}

/** The plain list's deep row (run.ts reads it with OFFSET least(99999, count * 9 / 10)). */
export function plainDeepRowIndex(total: number): number {
  return Math.min(99_999, Math.floor((total * 9) / 10));
}

/** The position `index` rows into a page's order, over its parts (the due order has two). */
export async function positionAt(sql: Sql, page: ListPage, index: number): Promise<DeepPosition | null> {
  const parts: (0 | 1)[] = page.key === 'due' ? [0, 1] : [0];
  let offset = index;
  for (const part of parts) {
    const [count] = await sql.unsafe<{ n: number }[]>(partCountStatement(page, part));
    const n = count?.n ?? 0;
    if (offset < n) {
      const [row] = await sql.unsafe<DeepPosition[]>(deepPositionStatement(page, part, offset));
      return row ?? null;
    }
    offset -= n;
  }
  return null;
}

/** How many rows a page's order holds (every part). */
export async function orderLength(sql: Sql, page: ListPage): Promise<number> {
  let total = 0;
  for (const part of page.key === 'due' ? ([0, 1] as const) : ([0] as const)) {
    const [count] = await sql.unsafe<{ n: number }[]>(partCountStatement(page, part));
    total += count?.n ?? 0;
  }
  return total;
}

/**
 * Asks the product once (the same request, the same cookie), and stores its exact bytes and
 * content type on the memory server under `key`: the request the memory side is loaded with.
 */
export async function mirrorResponse(
  productUrl: string,
  memoryUrl: string,
  key: string,
  request: LoadRequest,
): Promise<LoadRequest> {
  const path = request.paths[0];
  if (!path || request.method !== 'GET') throw new Error('a read limit needs a GET request');
  const response = await fetch(`${productUrl}${path}`, { headers: request.headers });
  const bytes = await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: no body to serve from memory`);
  const stored = await fetch(`${memoryUrl}/__body/${key}`, {
    method: 'PUT',
    headers: { 'Content-Type': response.headers.get('content-type') ?? 'application/octet-stream' },
    body: bytes,
  });
  if (!stored.ok) throw new Error(`the memory server refused the body of ${path}`);
  return { method: 'GET', paths: [`/${key}`], headers: request.headers };
}
