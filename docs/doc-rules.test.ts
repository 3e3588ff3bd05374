import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  anchorsOf,
  brokenDocPointers,
  brokenLinks,
  forbiddenReferences,
  isTextFile,
  linkTargets,
  README_MAX_LINES,
} from './doc-rules.ts';

const ROOT = join(import.meta.dir, '..');
// The fixtures name their folder through this, so they are no pointers into the real docs/ themselves.
const DOCS = 'docs';

function trackedFiles(): string[] {
  const listed = Bun.spawnSync(['git', 'ls-files', '-z'], { cwd: ROOT });
  if (listed.exitCode !== 0) throw new Error(`git ls-files failed: ${listed.stderr.toString()}`);
  return listed.stdout
    .toString()
    .split('\0')
    .filter((file) => file !== '');
}

const readTracked = (file: string): string | null => {
  try {
    return readFileSync(join(ROOT, file), 'utf8');
  } catch {
    // Listed by git but deleted in the work tree: nothing to check.
    return null;
  }
};

describe('the rules themselves', () => {
  test('a forbidden reference is found, with its line', () => {
    const text = [
      'ok',
      `see the ${'spec'} section 8 rule`,
      `per ${'SECURITY'}.md`,
      `fixed in ${'issue'} 12`,
    ].join('\n');
    expect(forbiddenReferences('api/src/x.ts', text).map((finding) => finding.line)).toEqual([2, 3, 4]);
    expect(forbiddenReferences('a.md', `read ../${'shared'}/ARCHITECTURE.md`)).toHaveLength(1);
    expect(forbiddenReferences('a.md', `measured in the ninth ${'session'}`)).toHaveLength(1);
    expect(forbiddenReferences('a.ts', `at (/${'work'}/main/api/src/x.ts:1:2)`)).toHaveLength(1);
  });

  test('migrations are exempt, and ordinary words pass', () => {
    expect(forbiddenReferences('api/migrations/00001_init.sql', `-- ${'spec'} section 3`)).toEqual([]);
    expect(forbiddenReferences('a.ts', 'the session cookie; sessions last 8 hours; issue a token')).toEqual(
      [],
    );
  });

  test('links: outside files, missing files and missing headings are broken', () => {
    const files: Record<string, string> = { [`/r/${DOCS}/a.md`]: '# Title\n\n## Error messages\n' };
    const read = (path: string) => files[path] ?? null;
    const markdown = [
      `[ok](${DOCS}/a.md#error-messages) [web](https://example.com) \`[code](nowhere.md)\``,
      `[gone](${DOCS}/b.md) [out](../outside.md) [anchor](${DOCS}/a.md#nope)`,
      '```',
      '[fenced](nowhere.md)',
      '```',
    ].join('\n');
    expect(brokenLinks('/r', 'README.md', markdown, read)).toEqual([
      `${DOCS}/b.md (no such file)`,
      '../outside.md (outside the repository)',
      `${DOCS}/a.md#nope (no such heading)`,
    ]);
    expect(
      brokenDocPointers('/r', 'x.ts', `// ${DOCS}/a.md#error-messages ${DOCS}/a.md#gone ${DOCS}/c.md`, read),
    ).toEqual([`x.ts: ${DOCS}/a.md#gone (no such heading)`, `x.ts: ${DOCS}/c.md (no such file)`]);
  });

  test('anchors follow GitHub: lower case, punctuation dropped, spaces to hyphens', () => {
    expect([
      ...anchorsOf("# Sessions and cookies\n## What it's for: `me`\n```\n# not a heading\n```"),
    ]).toEqual(['sessions-and-cookies', 'what-its-for-me']);
    expect(linkTargets('[a](x.md "title") [b](y.md#z)')).toEqual(['x.md', 'y.md#z']);
  });
});

describe('the repository stands alone', () => {
  const files = trackedFiles().filter(isTextFile);

  test('no tracked file refers to outside material, issue numbers or working sessions', () => {
    const findings = files.flatMap((file) => forbiddenReferences(file, readTracked(file) ?? ''));
    expect(findings.map((f) => `${f.file}:${f.line} (${f.rule}): ${f.text}`)).toEqual([]);
  });

  test(`README.md is a front door of at most ${README_MAX_LINES} lines`, () => {
    const lines = (readTracked('README.md') ?? '').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  test('every relative link in README.md and docs/*.md leads to a file and heading that exist', () => {
    const markdown = files.filter((file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file));
    expect(markdown).toContain('README.md');
    const broken = markdown.flatMap((file) =>
      brokenLinks(ROOT, file, readTracked(file) ?? '').map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  test('every pointer into docs/ from code or docs names a document and heading that exist', () => {
    const broken = files.flatMap((file) => brokenDocPointers(ROOT, file, readTracked(file) ?? ''));
    expect(broken).toEqual([]);
  });
});
