import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/repo-root.ts';

const RULE = join(import.meta.dir, 'no-literal-ui-text.grit');
const FIXTURE = join(import.meta.dir, 'fixtures/literal-text.tsx');
const workDir = mkdtempSync(join(tmpdir(), 'literal-text-rule-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type TDiagnostic = { category: string; location: { start: { line: number }; end: { line: number } } };

/** The line spans the rule flags in `file`, linted with the rule alone (JSX text starts after the tag before it). */
function flaggedSpans(file: string): [number, number][] {
  writeFileSync(
    join(workDir, 'biome.json'),
    JSON.stringify({ root: true, linter: { enabled: true, rules: { recommended: false } }, plugins: [RULE] }),
  );
  const result = Bun.spawnSync(
    [join(REPO_ROOT, 'node_modules/.bin/biome'), 'lint', '--reporter=json', `--config-path=${workDir}`, file],
    { cwd: workDir },
  );
  const report = JSON.parse(result.stdout.toString()) as { diagnostics: TDiagnostic[] };
  return report.diagnostics
    .filter((diagnostic) => diagnostic.category === 'plugin')
    .map(({ location }): [number, number] => [location.start.line, location.end.line]);
}

test('the literal-text rule flags each literal a person would read, and no translated text', () => {
  const lines = readFileSync(FIXTURE, 'utf8').split('\n');
  const expected = lines.flatMap((line, index) => (index > 1 && line.includes('Flagged') ? [index + 1] : []));
  const fixture = join(workDir, 'literal-text.tsx');
  writeFileSync(fixture, lines.join('\n'));
  expect(expected.length).toBe(6);
  const spans = flaggedSpans(fixture);
  const covers = ([start, end]: [number, number], line: number) => start <= line && line <= end;
  // One diagnostic per flagged line: each covers one of them, and every one is covered.
  expect(spans.length).toBe(expected.length);
  for (const span of spans) expect(expected.filter((line) => covers(span, line))).toHaveLength(1);
  for (const line of expected) expect(spans.some((span) => covers(span, line))).toBe(true);
});
