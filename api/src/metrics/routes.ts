import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Elysia } from 'elysia';
import { APPLICATION_NAME } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { notFound } from '../errors.ts';
import { elapsedMs } from '../request-context.ts';
import { statusOf } from '../request-log.ts';
import type { SessionPlugin } from '../session.ts';
import { HttpMetrics, renderGauge } from './registry.ts';

export const METRICS_PATH = '/api/metrics';

type RequestIpSource = { requestIP: (request: Request) => { address: string } | null } | null;

const startedAt = Date.now();

function isLoopback(address: string): boolean {
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return ip === '::1' || ip.startsWith('127.');
}

function tokenMatches(header: string | null, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Who may scrape: anyone presenting METRICS_TOKEN as a bearer token, or, without a token, a
 * direct loopback peer. A request that came through a proxy (X-Forwarded-For set, as the shell's
 * /api proxy and load balancers do) is never "loopback": the proxy's own address says nothing.
 */
export function mayScrape(
  request: Request,
  server: RequestIpSource,
  metricsToken: string | undefined,
): boolean {
  if (metricsToken) return tokenMatches(request.headers.get('authorization'), metricsToken);
  if (request.headers.has('x-forwarded-for') || request.headers.has('forwarded')) return false;
  const peer = server?.requestIP(request)?.address;
  return peer !== undefined && isLoopback(peer);
}

/** This process's pool connections as PostgreSQL sees them, by state (active, idle, ...). */
async function poolConnections(): Promise<{ state: string; count: number }[]> {
  return sql<{ state: string; count: number }[]>`
    select coalesce(state, 'unknown') as state, count(*)::int as count
    from pg_stat_activity where application_name = ${APPLICATION_NAME}
    group by 1 order by 1`;
}

/**
 * Two plugins over one set of counters: `recorder` (registered first, so its global hook sees every
 * request, by Elysia route pattern) and `routes`, GET /api/metrics in Prometheus text format. The
 * scrape is declared public; the handler itself checks METRICS_TOKEN or loopback and otherwise
 * answers 404, as if the route did not exist.
 */
export function createMetrics(metricsToken: string | undefined, session: SessionPlugin) {
  const http = new HttpMetrics();
  const recorder = new Elysia({ name: 'metrics-recorder' }).onAfterResponse(
    { as: 'global' },
    ({ request, route, set, responseValue }) => {
      const status = statusOf(set.status, responseValue);
      // A path no route matched is counted under one label, never its raw (unbounded) path.
      http.observe(request.method, route || 'unmatched', status, elapsedMs(request) / 1000);
    },
  );
  const routes = new Elysia({ name: 'metrics-routes' }).use(session).get(
    METRICS_PATH,
    async ({ request, server, set }) => {
      if (!mayScrape(request, server, metricsToken)) throw notFound();
      let connections: { state: string; count: number }[] | null = null;
      try {
        connections = await poolConnections();
      } catch {
        // A down database must not hide the request metrics; the up gauge says it.
      }
      const memory = process.memoryUsage();
      const lines = [
        ...http.render(),
        ...renderGauge('helpdesk_db_pool_max_connections', 'Largest size of this process database pool.', [
          { value: sql.options.max },
        ]),
        ...renderGauge(
          'helpdesk_db_pool_connections',
          "This process's open database connections by state, as pg_stat_activity reports them.",
          (connections ?? []).map((row) => ({ labels: { state: row.state }, value: row.count })),
        ),
        ...renderGauge('helpdesk_db_up', '1 when the database answered the last scrape.', [
          { value: connections ? 1 : 0 },
        ]),
        ...renderGauge('process_uptime_seconds', 'Seconds since the API process started.', [
          { value: (Date.now() - startedAt) / 1000 },
        ]),
        ...renderGauge('process_resident_memory_bytes', 'Resident memory of the API process.', [
          { value: memory.rss },
        ]),
      ];
      set.headers['content-type'] = 'text/plain; version=0.0.4; charset=utf-8';
      set.headers['cache-control'] = 'no-store';
      return `${lines.join('\n')}\n`;
    },
    {
      auth: 'public',
      detail: { tags: ['health'], summary: 'Prometheus metrics (loopback or METRICS_TOKEN only)' },
    },
  );
  return { recorder, routes };
}
