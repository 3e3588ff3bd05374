/**
 * Query gates at a million rows, read from the database itself while the real API serves real
 * requests: auto_explain logs the plan (with actual row counts) of every statement the API runs,
 * and pg_stat_statements counts them. A gate fails on a sequential scan of tickets, comments or
 * notifications, a sort fed more than 1,000 rows, an OFFSET on tickets (but `offset 0`, which skips
 * nothing), or a statement count that changes with the page size or the number of comments (N+1).
 */
import postgres, { type Sql } from 'postgres';

export type GateRequest = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Sent (and not counted) before each run of this request, for a request that can run only once
   * as it is: resuming a ticket needs the ticket waiting again every time.
   */
  prepare?: Omit<GateRequest, 'prepare' | 'name'>;
};

export type GateResult = { name: string; statements: number; plans: number; violations: string[] };

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};
type LoggedPlan = { 'Query Text': string; Plan: PlanNode };

const WATCHED_TABLES = new Set([
  'tickets',
  'ticket_comments',
  'notifications',
  'broadcast_notifications',
  'broadcast_reads',
]);
const MAX_SORTED_ROWS = 1_000;

/** Each JSON object that follows "plan:" in the server log (auto_explain with log_format json). */
export function extractPlans(log: string): LoggedPlan[] {
  const plans: LoggedPlan[] = [];
  let from = 0;
  for (;;) {
    const marker = log.indexOf('plan:', from);
    if (marker < 0) break;
    const start = log.indexOf('{', marker);
    if (start < 0) break;
    let depth = 0;
    let inString = false;
    let end = -1;
    for (let i = start; i < log.length; i++) {
      const char = log[i];
      if (inString) {
        if (char === '\\') i++;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '{') depth++;
      else if (char === '}') {
        depth--;
        if (depth === 0) {
          end = i;
          break;
        }
      }
    }
    if (end < 0) break;
    try {
      plans.push(JSON.parse(log.slice(start, end + 1)));
    } catch {
      // A plan cut by the log's line handling: skipped, and the gate says how many it read.
    }
    from = end + 1;
  }
  return plans;
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** What is wrong with one statement's plan, if anything. */
export function planViolations(plan: LoggedPlan): string[] {
  const violations: string[] = [];
  const text = plan['Query Text'].replace(/\s+/g, ' ').slice(0, 120);
  for (const node of nodesOf(plan.Plan)) {
    if (
      node['Node Type'] === 'Seq Scan' &&
      node['Relation Name'] &&
      WATCHED_TABLES.has(node['Relation Name'])
    ) {
      violations.push(`sequential scan of ${node['Relation Name']} in: ${text}`);
    }
    if (node['Node Type'] === 'Sort') {
      const input = node.Plans?.[0];
      const rows = (input?.['Actual Rows'] ?? 0) * (input?.['Actual Loops'] ?? 1);
      if (rows > MAX_SORTED_ROWS) violations.push(`sort over ${rows} rows in: ${text}`);
    }
  }
  // `offset 0` skips nothing: it is the planner's fence that keeps a subquery whole (my_teams uses it).
  const skips = plan['Query Text'].replace(/\boffset\s+0\b/gi, '');
  if (/\boffset\b/i.test(skips) && /\btickets\b/i.test(skips)) {
    violations.push(`OFFSET on tickets in: ${text}`);
  }
  return violations;
}

async function statementsOf(admin: Sql): Promise<number> {
  const [row] = await admin<{ calls: number }[]>`
    select coalesce(sum(calls), 0)::int as calls from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database())
      and query not ilike '%pg_stat_statements%'`;
  return row?.calls ?? 0;
}

async function send(baseUrl: string, request: GateRequest): Promise<void> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  await response.arrayBuffer();
  if (!response.ok)
    throw new Error(`${request.name}: ${request.method} ${request.path} answered ${response.status}`);
}

async function sendPrepared(baseUrl: string, request: GateRequest): Promise<void> {
  if (request.prepare) await send(baseUrl, { ...request.prepare, name: request.name });
  await send(baseUrl, request);
}

/**
 * Turns the gates' instruments on for new connections of the database, lets `withApi` start an
 * API (its pool then opens connections with auto_explain loaded), runs every request, and turns
 * the instruments off again whatever happens.
 */
export async function runQueryGates(options: {
  databaseUrl: string;
  captureServerLog: (listener: (text: string) => void) => () => void;
  withApi: (
    run: (baseUrl: string, headersFor: (role: string) => Record<string, string>) => Promise<void>,
  ) => Promise<void>;
  requests: (headersFor: (role: string) => Record<string, string>) => Promise<GateRequest[]>;
  /** Names of requests whose statement counts must be equal (page sizes, comment counts). */
  equalPairs: readonly (readonly [string, string])[];
}): Promise<{ results: GateResult[]; pairViolations: string[] }> {
  const admin = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  const [{ name: database } = { name: '' }] = await admin<
    { name: string }[]
  >`select current_database() as name`;
  const results: GateResult[] = [];
  const pairViolations: string[] = [];
  try {
    await admin`create extension if not exists pg_stat_statements`;
    await admin`alter database ${admin(database)} set session_preload_libraries = 'auto_explain'`;
    await admin`alter database ${admin(database)} set auto_explain.log_min_duration = 0`;
    await admin`alter database ${admin(database)} set auto_explain.log_analyze = on`;
    await admin`alter database ${admin(database)} set auto_explain.log_timing = off`;
    await admin`alter database ${admin(database)} set auto_explain.log_format = 'json'`;
    await admin`alter database ${admin(database)} set auto_explain.log_nested_statements = on`;
    await options.withApi(async (baseUrl, headersFor) => {
      const requests = await options.requests(headersFor);
      for (const request of requests) {
        // Warm the pool and the caches first, so a connection's first-use statements are not counted.
        // A request that fails is a failed gate, not the end of the run.
        const failure = await sendPrepared(baseUrl, request).then(
          () => null,
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
        if (failure) {
          results.push({ name: request.name, statements: 0, plans: 0, violations: [failure] });
          continue;
        }
        let log = '';
        const stopCapture = options.captureServerLog((text) => {
          log += `${text}\n`;
        });
        const counts: number[] = [];
        let roundFailure: string | null = null;
        try {
          for (let round = 0; round < 3; round++) {
            if (request.prepare) await send(baseUrl, { ...request.prepare, name: request.name });
            await admin`select pg_stat_statements_reset()`;
            await send(baseUrl, request);
            // The API has answered, so its statements are done; the log may trail by a moment.
            await Bun.sleep(50);
            counts.push(await statementsOf(admin));
          }
          await Bun.sleep(200);
        } catch (error) {
          roundFailure = error instanceof Error ? error.message : String(error);
        } finally {
          stopCapture();
        }
        const plans = extractPlans(log);
        results.push({
          name: request.name,
          // The smallest of three: an occasional session refresh is not the request's own work.
          statements: counts.length ? Math.min(...counts) : 0,
          plans: plans.length,
          violations: [...(roundFailure ? [roundFailure] : []), ...new Set(plans.flatMap(planViolations))],
        });
      }
    });
    for (const [first, second] of options.equalPairs) {
      const a = results.find((result) => result.name === first);
      const b = results.find((result) => result.name === second);
      if (!a || !b) pairViolations.push(`missing gate result for ${first} or ${second}`);
      else if (a.statements !== b.statements) {
        pairViolations.push(`${first} runs ${a.statements} statements but ${second} runs ${b.statements}`);
      }
    }
  } finally {
    // Every setting of the database goes back to none: the bench database has no others.
    await admin`alter database ${admin(database)} reset all`.catch(() => {});
    await admin.end();
  }
  return { results, pairViolations };
}
