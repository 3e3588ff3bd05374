/**
 * The at-scale tests' view of PostgreSQL's plans: a connection that remembers the statements a
 * query function sends, and EXPLAIN of the one that matters, as the planner chose it for those
 * very parameters.
 */
import postgres, { type Sql } from 'postgres';

/** The parts of an EXPLAIN (FORMAT JSON) node the tests read; the Actual ones only with ANALYZE. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** The planner's estimate of the rows the node returns. */
  'Plan Rows'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Filter?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  'Sort Key'?: string[];
  /** The values the node returns, with VERBOSE only. */
  Output?: string[];
  Plans?: PlanNode[];
};

/** Every node of a plan, depth first. */
export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The nodes of a generic plan that make a tsquery themselves: there `to_tsquery($1)` is not a
 * constant, and a filter, recheck or sort key holding it parses the words again for every row.
 */
export function tsqueryPerRowOf(nodes: PlanNode[]): string[] {
  return nodes
    .filter((node) =>
      [node.Filter, node['Recheck Cond'], ...(node['Sort Key'] ?? [])].some((text) =>
        text?.includes('to_tsquery'),
      ),
    )
    .map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''} makes a tsquery per row`);
}

/**
 * A parameter as PostgreSQL text: it casts each to the type its place in the statement needs;
 * arrays as array literals, so '{a,b}'::uuid[] still parses, dates as ISO timestamps.
 */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return `{${value.map((item) => JSON.stringify(String(item))).join(',')}}`;
  return value instanceof Date ? value.toISOString() : String(value);
}

type ExplainRow = { 'QUERY PLAN': [{ Plan: PlanNode }] };

/** A parameter as an SQL literal (EXECUTE's arguments), from its PostgreSQL text. */
function asLiteral(value: unknown): string {
  const text = asText(value);
  return text === null ? 'null' : `'${text.replaceAll("'", "''")}'`;
}

/**
 * EXPLAIN ANALYZE of the generic plan a pool with plan_cache_mode = force_generic_plan runs: the
 * statement prepared, then executed with its parameters as literals (an EXPLAIN with bound
 * parameters is planned for their values).
 */
async function explainGenericRun(
  sql: Sql,
  statement: { text: string; parameters: unknown[] },
): Promise<ExplainRow[]> {
  const [mode] = await sql<{ value: string }[]>`select current_setting('plan_cache_mode') as value`;
  await sql`select set_config('plan_cache_mode', 'force_generic_plan', false)`;
  await sql.unsafe(`prepare plan_check as ${statement.text}`);
  try {
    const args = statement.parameters.map(asLiteral).join(', ');
    return await sql.unsafe<ExplainRow[]>(
      `explain (analyze, format json) execute plan_check${args === '' ? '' : `(${args})`}`,
    );
  } finally {
    await sql.unsafe('deallocate plan_check');
    await sql`select set_config('plan_cache_mode', ${mode?.value ?? 'auto'}, false)`;
  }
}

export type PlanTracer = {
  /** The traced connection (one): pass it to the query functions under test. */
  sql: Sql;
  /**
   * Runs `run` on the traced connection, then EXPLAINs the last statement it sent (the last one
   * starting with `startsWith` when given), with ANALYZE when asked: then the plan also tells
   * how many rows each node read. `generic` asks for the plan a prepared statement keeps after
   * its first executions, made without the parameters' values (run, with ANALYZE). `verbose`
   * adds each node's Output: what it computes for every row it returns.
   */
  planOf: (
    run: (sql: Sql) => Promise<unknown>,
    options?: { analyze?: boolean; startsWith?: string; generic?: boolean; verbose?: boolean },
  ) => Promise<PlanNode[]>;
  end: () => Promise<void>;
};

/**
 * A plan tracer on the database at `url`, with session settings `connection`. Its session is UTC
 * unless told otherwise, as the API's are (createSql): left to the server's default, which
 * initdb took from the machine's time zone, current_date would be another day than the API's
 * for hours each day wherever the machine is not on UTC.
 */
export function createPlanTracer(url: string, connection: Record<string, string> = {}): PlanTracer {
  let sent: { text: string; parameters: unknown[] }[] = [];
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { TimeZone: 'UTC', ...connection },
    debug: (_connection, text, parameters) => {
      if (!text.startsWith('explain')) sent.push({ text, parameters });
    },
  });
  return {
    sql,
    planOf: async (run, options = {}) => {
      sent = [];
      await run(sql);
      const statement = sent.findLast((query) => query.text.trim().startsWith(options.startsWith ?? ''));
      if (!statement) throw new Error('no statement was sent');
      const rows =
        options.generic && options.analyze
          ? await explainGenericRun(sql, statement)
          : options.generic
            ? await sql.unsafe<ExplainRow[]>(`explain (generic_plan, format json) ${statement.text}`)
            : await sql.unsafe<ExplainRow[]>(
                `explain (${options.analyze ? 'analyze, ' : ''}${options.verbose ? 'verbose, ' : ''}format json) ${statement.text}`,
                statement.parameters.map(asText),
              );
      const plan = rows[0]?.['QUERY PLAN'][0].Plan;
      if (!plan) throw new Error('no plan');
      return nodesOf(plan);
    },
    end: () => sql.end(),
  };
}

/** `count` active users for an at-scale desk, the first `agents` of them agents; their ids in order. */
export async function insertPlanUsers(sql: Sql, count: number, agents: number): Promise<string[]> {
  const users = await sql<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    select 'plan_user_' || n, 'plan_user_' || n || '@example.test', 'x', 'Plan', 'User ' || n,
           case when n <= ${agents} then 'agent' else 'end_user' end, 'active'
    from generate_series(1, ${count}) n
    order by n
    returning id`;
  return users.map((user) => user.id);
}

/**
 * How a statement was planned over `runs` executions on one connection (its prepared statement's
 * counters): PostgreSQL plans the first five for their parameters and then keeps a generic plan
 * when it can cost one; a `limit $n` it cannot cost, so such a statement is planned every time.
 * `marker` is a piece of the statement's text that names it among the connection's statements.
 */
export async function plansOverRuns(
  sql: Sql,
  marker: string,
  runs: number,
  run: (connection: Sql) => Promise<unknown>,
): Promise<{ generic: number; custom: number }> {
  const connection = await sql.reserve();
  try {
    for (let index = 0; index < runs; index++) await run(connection);
    const rows = await connection<{ generic: number; custom: number }[]>`
      select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where strpos(statement, ${marker}) > 0 and strpos(statement, 'pg_prepared_statements') = 0`;
    if (rows.length !== 1) throw new Error(`${rows.length} statements hold ${JSON.stringify(marker)}`);
    return rows[0] ?? { generic: 0, custom: 0 };
  } finally {
    connection.release();
  }
}
