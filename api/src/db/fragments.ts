import type { PendingQuery, Row } from 'postgres';
import { sql } from '../db.ts';

/**
 * Putting statements together out of postgres.js fragments, with as few fragments as the statement
 * needs. Each fragment is a Promise with closures of its own, made, walked into the statement's
 * text and collected again for every request, and under load they are much of the API's garbage
 * (docs/performance.md#api-process): a part that never changes is built once, and a list of parts
 * is one fragment, not one per separator.
 */

type Fragment = PendingQuery<Row[]>;

/** The empty fragment, shared: what a statement has in place of a clause it leaves out. */
export const NOTHING: Fragment = sql``;

/** The comma of a list, shared. */
export const COMMA: Fragment = sql`, `;

/**
 * What `build` makes for `key`, made once and kept in `cache`. Only for keys from a small fixed set
 * the code spells (a CTE name, a sort, a view), never for input: nothing is ever dropped.
 */
export function builtOnce<K, T>(cache: Map<K, T>, key: K, build: () => T): T {
  let built = cache.get(key);
  if (built === undefined) {
    built = build();
    cache.set(key, built);
  }
  return built;
}

// postgres.js takes any array with a `raw` array as a template's strings; kept per length.
const blankStrings = new Map<number, TemplateStringsArray>();

/** `values` one after the other, as one fragment. */
function concatenated(values: readonly Fragment[]): Fragment {
  let strings = blankStrings.get(values.length);
  if (!strings) {
    const blanks = Array<string>(values.length + 1).fill('');
    strings = Object.assign(blanks, { raw: blanks }) as unknown as TemplateStringsArray;
    blankStrings.set(values.length, strings);
  }
  return sql(strings, ...values);
}

/** Fragments joined by a separator (a comma list, a union), as one fragment however many there are. */
export function joined(parts: readonly Fragment[], separator: Fragment): Fragment {
  const [first, ...rest] = parts;
  if (first === undefined) throw new Error('nothing to join');
  if (rest.length === 0) return first;
  return concatenated([first, ...rest.flatMap((part) => [separator, part])]);
}

const CTE_NAME = /^[a-z_][a-z0-9_]*$/;

const whereAnyRows = new Map<string, Fragment>();

/** `where exists (select from <cte>)`, built once per CTE name (the statement's own, never input). */
export function whereAnyRowIn(cte: string): Fragment {
  return builtOnce(whereAnyRows, cte, () => sql`where exists (select from ${sql(cte)})`);
}

/** A CTE as its name and body, or `name as (...)` items a query module frames itself. */
export type CteEntry = readonly [name: string, body: Fragment] | { readonly framed: Fragment };

/**
 * `with a as (...), b as (...)` as one fragment. The names are the statement's own, written by the
 * code (never input), and must be plain lower-case SQL names.
 */
export function withClause(ctes: readonly CteEntry[]): Fragment {
  if (ctes.length === 0) throw new Error('a WITH clause needs a CTE');
  const strings: string[] = [];
  const values: Fragment[] = [];
  let pending = 'with ';
  ctes.forEach((cte, place) => {
    const lead = place === 0 ? '' : ', ';
    if ('framed' in cte) {
      strings.push(`${pending}${lead}`);
      values.push(cte.framed);
      pending = '';
    } else {
      const [name, body] = cte;
      if (!CTE_NAME.test(name)) throw new Error(`not a plain CTE name: ${name}`);
      strings.push(`${pending}${lead}${name} as (`);
      values.push(body);
      pending = ')';
    }
  });
  strings.push(pending);
  return sql(Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray, ...values);
}
