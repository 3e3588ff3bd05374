import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The rules that keep the repository standing alone (docs/development.md#documents): no file
 * refers to a place outside the repository or to material that is not in it, the README stays a
 * front door, and every link between the documents leads somewhere.
 */

export const README_MAX_LINES = 160;

/** Migrations are never edited once landed, so their old comments stay as they are. */
const EXEMPT = /^api\/migrations\/.*\.sql$/;

/** Files read as text; images, fonts and lockfiles are not prose. */
const TEXT_FILE =
  /\.(ts|tsx|mjs|js|sql|md|css|json|toml|ya?ml|html|patch)$|(^|\/)(Dockerfile|[^/]*\.Dockerfile|\.env\.example|\.gitignore|\.dockerignore|run)$/;

// Built from pieces so that this file does not match its own rules.
const FORBIDDEN: readonly { rule: string; pattern: RegExp }[] = [
  { rule: 'a path outside the repository', pattern: new RegExp(`\\.\\.\\/${'shared'}\\/`) },
  { rule: 'a path outside the repository', pattern: new RegExp(`(^|[\\s'"\`(])\\/${'work'}\\/`) },
  { rule: 'a section of an outside spec', pattern: new RegExp(`${'spec'} section [0-9]`, 'i') },
  { rule: 'an outside security document', pattern: new RegExp(`${'SECURITY'}\\.md`) },
  { rule: 'an issue number', pattern: new RegExp(`\\b[Ii]${'ssue'}s? #?[0-9]+\\b`) },
  {
    rule: 'a working session',
    pattern: new RegExp(
      `\\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|this|last|next) ${'session'}\\b`,
    ),
  },
];

export type Finding = { file: string; line: number; rule: string; text: string };

/** Every line of `text` that breaks one of the forbidden-reference rules. */
export function forbiddenReferences(file: string, text: string): Finding[] {
  if (EXEMPT.test(file)) return [];
  const findings: Finding[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const { rule, pattern } of FORBIDDEN) {
      if (pattern.test(lineText)) findings.push({ file, line: index + 1, rule, text: lineText.trim() });
    }
  });
  return findings;
}

/** Whether a tracked file is read as text by these rules. */
export function isTextFile(file: string): boolean {
  return TEXT_FILE.test(file);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (outside code fences). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let isInFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) isInFence = !isInFence;
    const heading = isInFence ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (heading?.[1]) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

/** The targets of a Markdown text's inline links, outside code fences and code spans. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  let isInFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      isInFence = !isInFence;
      continue;
    }
    if (isInFence) continue;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (match[1]) targets.push(match[1]);
    }
  }
  return targets;
}

type ReadFile = (path: string) => string | null;

const readIfFile: ReadFile = (path) =>
  existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : null;

/**
 * The relative links of a Markdown file (at `file`, relative to `root`) that lead nowhere: to a
 * missing file, outside the repository, or to a heading the target does not have.
 */
export function brokenLinks(
  root: string,
  file: string,
  markdown: string,
  read: ReadFile = readIfFile,
): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [pathPart = '', anchor] = target.split('#');
    const absolute = pathPart === '' ? join(root, file) : resolve(root, dirname(file), pathPart);
    const inRepo = relative(root, absolute);
    if (inRepo.startsWith('..')) {
      broken.push(`${target} (outside the repository)`);
      continue;
    }
    const isDirectory = existsSync(absolute) && statSync(absolute).isDirectory();
    const text = isDirectory ? '' : read(absolute);
    if (text === null) {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (anchor && absolute.endsWith('.md') && !anchorsOf(text).has(anchor)) {
      broken.push(`${target} (no such heading)`);
    }
  }
  return broken;
}

/**
 * Pointers into the documents from any text (`docs/product.md#error-messages` in a comment) whose
 * file or heading does not exist.
 */
export function brokenDocPointers(
  root: string,
  file: string,
  text: string,
  read: ReadFile = readIfFile,
): string[] {
  const broken: string[] = [];
  for (const match of text.matchAll(/(?<![\w./-])docs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g)) {
    const [pointer, name = '', anchor] = match;
    const doc = read(join(root, 'docs', name));
    if (doc === null) broken.push(`${file}: ${pointer} (no such file)`);
    else if (anchor && !anchorsOf(doc).has(anchor)) broken.push(`${file}: ${pointer} (no such heading)`);
  }
  return broken;
}
