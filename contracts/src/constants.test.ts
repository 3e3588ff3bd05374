import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as constants from './constants/index.ts';
import * as contracts from './index.ts';

/** Every module `entry` loads at run time (type-only imports are erased, so they do not count). */
function runtimeGraph(entry: string): Set<string> {
  const transpiler = new Bun.Transpiler({ loader: 'ts' });
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // A package (zod, ...) is recorded by name, not read.
    if (!file.startsWith('/')) return;
    for (const { path } of transpiler.scanImports(readFileSync(file, 'utf8'))) {
      visit(path.startsWith('.') ? resolve(dirname(file), path) : path);
    }
  };
  visit(entry);
  return seen;
}

describe('@helpdesk/contracts/constants', () => {
  test('loads no zod and no schema module', () => {
    const graph = [...runtimeGraph(resolve(import.meta.dirname, 'constants/index.ts'))];
    expect(graph.filter((file) => !file.startsWith('/'))).toEqual([]);
    for (const file of graph) expect(readFileSync(file, 'utf8')).not.toMatch(/from 'zod'/);
  });

  test('the check above sees zod where it is', () => {
    expect(runtimeGraph(resolve(import.meta.dirname, 'tickets.ts')).has('zod')).toBe(true);
  });

  test('every constant is the very value the main entry exports', () => {
    const main = new Map(Object.entries(contracts));
    const values = Object.entries(constants);
    expect(values.length).toBeGreaterThan(30);
    for (const [name, value] of values) expect(main.get(name)).toBe(value);
  });
});
