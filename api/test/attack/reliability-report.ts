/**
 * `bun run reliability`: the headline figures of the attack suites (docs/reliability.md).
 *
 * Each suite writes `.data/reliability/<suite>.json` when it ends (the API attack suites in
 * api/test/attack/, the hostile-input suite, the browser suite in shell/e2e/attack/). This reads them
 * all, prints a short table, writes the run's report to `.data/reliability/latest.md` (ignored by git:
 * a run never changes a tracked file), and exits 1 when any figure misses its target, a required suite
 * left no figures, or a suite's figures are from an older run than the others.
 *
 * A figures file:
 *   { "suite": "authz", "title": "Authorization matrix", "generatedAt": "<ISO time>",
 *     "figures": [ { "name": "unexpected allows", "value": 0, "target": { "op": "=", "value": 0 } },
 *                  { "name": "routes", "value": 63 } ],
 *     "notes": ["optional lines shown under the table"] }
 * A figure without a target only informs. A figure may instead carry its own verdict as
 * `{ "name", "value", "target": "<words>", "isMet": true|false|null }`. A flat object of numbers
 * (`{ "inputsTried": 5000, "fiveXx": 0 }`) is read too: counts of bad outcomes (names with 5xx or
 * fiveXx, leak, unexpected, execution, lost, stack, sql, write or wrote, fail, error) must be 0,
 * counts of work done (tried, checked, probe) at least 1, and other numbers only inform.
 *
 * A suite split across processes writes one file per shard, `<suite>.shard-<k>-of-<n>.json`, with
 * `"shard": { "index": k, "count": n }` and on each figure `"shards": "sum"` (a count: the shards'
 * values add up, the default) or `"same"` (a setting every shard must share). The report reads the
 * shards as one file of the suite (combineShards), so its figures are those of a run in one process.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';

export type FigureTarget = { op: '=' | '<=' | '>='; value: number };

/** One figure as a suite writes it. */
export type SuiteFigure = {
  name: string;
  value: number | string;
  target?: FigureTarget | string;
  isMet?: boolean | null;
  /** In a shard's file: how the shards' values make the suite's (added up, or the same in each). */
  shards?: 'sum' | 'same';
};

/** What a suite writes to `.data/reliability/<suite>.json`. */
export type SuiteFigures = {
  suite: string;
  title: string;
  generatedAt: string;
  figures: SuiteFigure[];
  notes?: string[];
  /** In a shard's file: which share of the suite it holds. */
  shard?: { index: number; count: number };
};

/** A figure with its verdict: isMet is null for a figure that only informs. */
export type JudgedFigure = { name: string; value: string; target: string; isMet: boolean | null };

export type Section = {
  suite: string;
  title: string;
  generatedAt: string | null;
  figures: JudgedFigure[];
  notes: string[];
};

/** Suites whose figures must exist for the run to pass, in the order the document shows them. */
export const REQUIRED_SUITES = ['authz', 'idor', 'canary', 'auth', 'hostile-input'] as const;
/** Suites shown when present (the browser suite may not exist yet). */
export const OPTIONAL_SUITES = ['browser'] as const;

const DEFAULT_TITLES: Readonly<Record<string, string>> = {
  authz: 'Authorization matrix',
  idor: 'IDOR sweep',
  canary: 'Canary crawl (internal notes)',
  auth: 'Authentication attacks',
  'hostile-input': 'Hostile input',
  browser: 'Browser attacks',
};

/** Figures of one run are written within minutes; a file hours older than the newest is left over. */
export const MAX_RUN_SPREAD_MS = 3 * 60 * 60 * 1000;

const FAULTS_START = '<!-- faults:start -->';

export const startMarker = (suite: string) => `<!-- ${suite}:start -->`;
export const endMarker = (suite: string) => `<!-- ${suite}:end -->`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const OPS = new Set(['=', '<=', '>=']);

function isTarget(value: unknown): value is FigureTarget {
  return (
    isRecord(value) &&
    typeof value.op === 'string' &&
    OPS.has(value.op) &&
    typeof value.value === 'number' &&
    Number.isFinite(value.value)
  );
}

/** Whether a value meets a target. */
export function meets(value: number, target: FigureTarget): boolean {
  if (target.op === '=') return value === target.value;
  if (target.op === '<=') return value <= target.value;
  return value >= target.value;
}

/** '0', '≤ 5', '≥ 1': how the document writes a target. */
export function formatTarget(target: FigureTarget): string {
  if (target.op === '=') return String(target.value);
  return `${target.op === '<=' ? '≤' : '≥'} ${target.value}`;
}

const problem = (name: string, value: string): JudgedFigure => ({
  name,
  value,
  target: 'a readable figures file',
  isMet: false,
});

function judgeFigure(raw: unknown, index: number): JudgedFigure {
  if (!isRecord(raw) || typeof raw.name !== 'string' || !raw.name.trim()) {
    return problem(`figure ${index + 1}`, 'malformed (no name)');
  }
  const name = raw.name.trim();
  const { value, target, isMet } = raw;
  if (typeof value !== 'number' && typeof value !== 'string') return problem(name, 'malformed (no value)');
  if (typeof value === 'number' && !Number.isFinite(value)) return problem(name, 'not a finite number');
  if (target === undefined || target === null || target === '') {
    return { name, value: String(value), target: '', isMet: typeof isMet === 'boolean' ? isMet : null };
  }
  if (isTarget(target)) {
    if (typeof value !== 'number') return problem(name, `${value} (a target needs a number)`);
    return { name, value: String(value), target: formatTarget(target), isMet: meets(value, target) };
  }
  if (typeof target === 'string' && typeof isMet === 'boolean') {
    return { name, value: String(value), target, isMet };
  }
  return problem(name, 'malformed target (neither {op, value} nor words with isMet)');
}

const BAD_OUTCOME = /5xx|fivexx|leak|unexpected|execut|lost|stack|sql|writ|wrote|fail|error/i;
const EFFORT = /tried|checked|probe/i;

/** 'serverErrors' -> 'server errors', 'fiveXx' -> '5xx'. */
export function wordsOf(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/\bfive ?xx\b/g, '5xx')
    .trim();
}

/**
 * A flat `{ key: number }` object as figures: counts of bad outcomes must be 0, counts of work
 * done (tried, checked, probes) at least 1 so an empty run cannot pass, the rest inform.
 */
export function flatFigures(object: Record<string, unknown>): JudgedFigure[] {
  const figures: JudgedFigure[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const name = wordsOf(key);
    if (BAD_OUTCOME.test(key)) figures.push({ name, value: String(value), target: '0', isMet: value === 0 });
    else if (EFFORT.test(key)) figures.push({ name, value: String(value), target: '≥ 1', isMet: value >= 1 });
    else figures.push({ name, value: String(value), target: '', isMet: null });
  }
  return figures;
}

/** One suite's file as a section; anything unreadable becomes a missed figure, never an exception. */
export function parseSuiteFile(suite: string, text: string | null): Section {
  const title = DEFAULT_TITLES[suite] ?? wordsOf(suite);
  if (text === null) {
    return {
      suite,
      title,
      generatedAt: null,
      figures: [problem('figures', 'none: the suite did not run or did not write them')],
      notes: [],
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { suite, title, generatedAt: null, figures: [problem('figures', 'not JSON')], notes: [] };
  }
  if (!isRecord(parsed)) {
    return { suite, title, generatedAt: null, figures: [problem('figures', 'not an object')], notes: [] };
  }
  const generatedAt =
    typeof parsed.generatedAt === 'string' && !Number.isNaN(Date.parse(parsed.generatedAt))
      ? parsed.generatedAt
      : null;
  const notes = Array.isArray(parsed.notes)
    ? parsed.notes.filter((note): note is string => typeof note === 'string')
    : [];
  const figures = Array.isArray(parsed.figures)
    ? parsed.figures.map(judgeFigure)
    : flatFigures(Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== 'generatedAt')));
  if (!figures.length) figures.push(problem('figures', 'none in the file'));
  return {
    suite,
    title: typeof parsed.title === 'string' && parsed.title.trim() ? parsed.title.trim() : title,
    generatedAt,
    figures,
    notes,
  };
}

/** Marks sections whose figures are much older than the newest ones (left over from an earlier run). */
export function markStale(sections: Section[], maxSpreadMs = MAX_RUN_SPREAD_MS): Section[] {
  const times = sections.flatMap((s) => (s.generatedAt ? [Date.parse(s.generatedAt)] : []));
  if (!times.length) return sections;
  const newest = Math.max(...times);
  return sections.map((section) => {
    if (!section.generatedAt || newest - Date.parse(section.generatedAt) <= maxSpreadMs) return section;
    return {
      ...section,
      figures: [
        ...section.figures,
        {
          name: 'figures from this run',
          value: `no: written ${section.generatedAt}`,
          target: 'within 3 h of the newest',
          isMet: false,
        },
      ],
    };
  });
}

/** The document's order: required suites, the optional ones present, then any other suite by name. */
export function orderSuites(present: readonly string[]): string[] {
  const known: string[] = [...REQUIRED_SUITES, ...OPTIONAL_SUITES];
  const optional = OPTIONAL_SUITES.filter((suite) => present.includes(suite));
  const others = present.filter((suite) => !known.includes(suite)).sort();
  return [...REQUIRED_SUITES, ...optional, ...others];
}

/** Names that are sections of the document but never a suite's figures: the fault suite writes its own. */
const RESERVED = new Set(['summary', 'faults']);

/** Every section from the files found (suite name -> file text). */
export function buildSections(files: ReadonlyMap<string, string>): Section[] {
  const suites = orderSuites([...files.keys()].filter((suite) => !RESERVED.has(suite)));
  return markStale(suites.map((suite) => parseSuiteFile(suite, files.get(suite) ?? null)));
}

export function missedFigures(sections: readonly Section[]): { suite: string; figure: JudgedFigure }[] {
  return sections.flatMap((section) =>
    section.figures.filter((f) => f.isMet === false).map((figure) => ({ suite: section.suite, figure })),
  );
}

/** Markdown escapes for a table cell: a pipe would end the cell, a newline the row. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll(/\r?\n/g, ' ');
}

function verdict(isMet: boolean | null): string {
  if (isMet === null) return '';
  return isMet ? 'ok' : '**MISSED**';
}

/** Characters as an editor counts them (a surrogate pair is one). */
const widthOf = (text: string) => [...text].length;

/**
 * A Markdown table with its columns padded to a common width (at least 3, the shortest
 * separator), the way the repository's formatter (Biome) writes tables, so `bun run check`
 * passes on the generated document.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cells = [header, ...rows].map((row) => header.map((_, column) => cell(row[column] ?? '')));
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => widthOf(row[column] ?? ''))));
  const line = (row: readonly string[]) =>
    `| ${row.map((text, column) => text + ' '.repeat((widths[column] ?? 3) - widthOf(text))).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head ?? []), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

/** One section as Markdown: heading, when, the table, notes. */
export function formatSection(section: Section): string {
  const rows = section.figures.map((f) => [f.name, f.value, f.target, verdict(f.isMet)]);
  const when = section.generatedAt ? `Figures of ${section.generatedAt}.` : 'No figures.';
  const notes = section.notes.map((note) => `- ${note.replaceAll(/\r?\n/g, ' ')}`);
  return [
    `## ${section.title}`,
    '',
    when,
    '',
    formatTable(['figure', 'value', 'target', ''], rows),
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
}

/** The summary paragraph: when, how many figures, and which missed. */
export function formatSummary(sections: readonly Section[], now: Date): string {
  const missed = missedFigures(sections);
  const judged = sections.reduce((n, s) => n + s.figures.filter((f) => f.isMet !== null).length, 0);
  const verdictLine = missed.length
    ? `**${missed.length} of ${judged} figures missed their target:** ${missed
        .map(({ suite, figure }) => `${suite}: ${figure.name} (${figure.value})`)
        .join('; ')}.`
    : `All ${judged} figures with a target met it.`;
  return `Report of ${now.toISOString()}. ${verdictLine}`;
}

/**
 * The document with `content` between a suite's markers; everything else is kept as it is. A
 * section not yet in the document goes before the fault suite's section (or at the end).
 */
export function replaceSection(document: string, suite: string, content: string): string {
  const start = startMarker(suite);
  const end = endMarker(suite);
  const block = `${start}\n${content.trim()}\n${end}`;
  const startAt = document.indexOf(start);
  const endAt = startAt === -1 ? -1 : document.indexOf(end, startAt);
  if (startAt !== -1 && endAt !== -1) {
    return document.slice(0, startAt) + block + document.slice(endAt + end.length);
  }
  const faultsAt = document.indexOf(FAULTS_START);
  if (faultsAt !== -1) return `${document.slice(0, faultsAt)}${block}\n\n${document.slice(faultsAt)}`;
  return `${document.replace(/\n*$/, '')}\n\n${block}\n`;
}

/** The whole document after a report: the summary and every section replaced, the rest untouched. */
export function updateDocument(document: string | null, sections: readonly Section[], now: Date): string {
  let result = document ?? '# Reliability\n';
  result = replaceSection(result, 'summary', `## Headline figures\n\n${formatSummary(sections, now)}`);
  for (const section of sections) result = replaceSection(result, section.suite, formatSection(section));
  return result;
}

/** A plain-text table for the terminal. */
export function formatConsole(sections: readonly Section[], now: Date): string {
  const rows: string[][] = [['suite', 'figure', 'value', 'target', '']];
  for (const section of sections) {
    for (const f of section.figures) {
      rows.push([
        section.suite,
        f.name,
        f.value,
        f.target,
        f.isMet === null ? '' : f.isMet ? 'ok' : 'MISSED',
      ]);
    }
  }
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const lines = rows.map((row) =>
    row
      .map((text, column) => text.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  return [...lines, '', formatSummary(sections, now).replaceAll('**', '')].join('\n');
}

/** One shard's figures file as read: which share it holds and its text. */
export type ShardFile = { index: number; count: number; text: string };

/** `<suite>.shard-<k>-of-<n>.json`; the suite's name becomes a marker in the document, so only plain names. */
const SHARD_FILE = /^([a-z0-9][a-z0-9-]*)\.shard-(\d+)-of-(\d+)\.json$/;

/** A file's generatedAt in ms, or -Infinity when it has none (unreadable files lose to any readable one). */
function writtenAt(text: string): number {
  try {
    const parsed: unknown = JSON.parse(text);
    const time =
      isRecord(parsed) && typeof parsed.generatedAt === 'string' ? Date.parse(parsed.generatedAt) : NaN;
    return Number.isNaN(time) ? -Infinity : time;
  } catch {
    return -Infinity;
  }
}

/** A figures file holding one missed figure: how a broken set of shards shows in the report. */
const brokenShards = (value: string, generatedAt: string | null) =>
  JSON.stringify({
    ...(generatedAt ? { generatedAt } : {}),
    figures: [{ name: 'shards', value, target: 'every shard, agreeing', isMet: false }],
  });

/**
 * The figures file of a suite run in shards, as if one process had run it all: the set of the newest
 * shard's count (an earlier run's set with another count is left over), every shard of it required,
 * counts added up, settings kept when every shard agrees, the newest shard's time and every note once.
 */
export function combineShards(shards: readonly ShardFile[]): string {
  const newest = [...shards].sort((a, b) => writtenAt(b.text) - writtenAt(a.text))[0];
  if (!newest) return brokenShards('none', null);
  const count = newest.count;
  const set = shards.filter((shard) => shard.count === count).sort((a, b) => a.index - b.index);
  const parsed: SuiteFigures[] = [];
  for (const shard of set) {
    try {
      const file: unknown = JSON.parse(shard.text);
      if (isRecord(file) && Array.isArray(file.figures)) parsed.push(file as SuiteFigures);
    } catch {
      // Counted as missing below.
    }
  }
  const times = set.map((shard) => writtenAt(shard.text)).filter((time) => time > -Infinity);
  const generatedAt = times.length ? new Date(Math.max(...times)).toISOString() : null;
  const indexes = set.map((shard) => shard.index).join(',');
  const expected = Array.from({ length: count }, (_, index) => index + 1).join(',');
  if (indexes !== expected || parsed.length !== count) {
    return brokenShards(`${parsed.length} of ${count} wrote readable figures`, generatedAt);
  }
  const [first] = parsed;
  const figures: SuiteFigure[] = [];
  for (const figure of first?.figures ?? []) {
    const values = parsed.map((file) => file.figures.find((other) => other?.name === figure.name)?.value);
    if (figure.shards === 'same') {
      if (values.some((value) => value !== figure.value)) {
        return brokenShards(`${figure.name} differs: ${values.join(', ')}`, generatedAt);
      }
      figures.push(withoutShards(figure));
    } else {
      if (!values.every((value): value is number => typeof value === 'number')) {
        return brokenShards(`${figure.name} is not a number in every shard`, generatedAt);
      }
      figures.push({ ...withoutShards(figure), value: values.reduce((sum, value) => sum + value, 0) });
    }
  }
  const notes = [...new Set(parsed.flatMap((file) => (Array.isArray(file.notes) ? file.notes : [])))];
  return JSON.stringify({
    ...(typeof first?.suite === 'string' ? { suite: first.suite } : {}),
    ...(typeof first?.title === 'string' ? { title: first.title } : {}),
    generatedAt,
    figures,
    ...(notes.length ? { notes } : {}),
  });
}

function withoutShards(figure: SuiteFigure): SuiteFigure {
  const { shards: _shards, ...rest } = figure;
  return rest;
}

/**
 * Reads `<dir>/*.json` as suite name -> text; a suite's shard files become one text (combineShards).
 * Where a suite has both a file of its own and shards, the newer run wins.
 */
export function readFigureFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  const shards = new Map<string, ShardFile[]>();
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const shard = SHARD_FILE.exec(name);
    // The suite's name becomes a marker in the document: only plain names qualify.
    if (!shard && !/^[a-z0-9][a-z0-9-]*\.json$/.test(name)) continue;
    if (!statSync(path).isFile()) continue;
    const text = readFileSync(path, 'utf8');
    if (!shard) {
      files.set(name.slice(0, -'.json'.length), text);
      continue;
    }
    const [, suite = '', index, count] = shard;
    shards.set(suite, [...(shards.get(suite) ?? []), { index: Number(index), count: Number(count), text }]);
  }
  for (const [suite, set] of shards) {
    const combined = combineShards(set);
    const own = files.get(suite);
    if (own === undefined || writtenAt(combined) >= writtenAt(own)) files.set(suite, combined);
  }
  return files;
}

/**
 * Reads the figures, writes this run's report to `reportPath` and prints the table; returns the exit
 * code (1 when any figure missed its target).
 */
export function runReport(options: {
  figuresDir: string;
  reportPath: string;
  now?: Date;
  print?: (text: string) => void;
}): number {
  const now = options.now ?? new Date();
  const print = options.print ?? ((text: string) => console.log(text));
  const sections = buildSections(readFigureFiles(options.figuresDir));
  mkdirSync(dirname(options.reportPath), { recursive: true });
  writeFileSync(options.reportPath, updateDocument(null, sections, now));
  print(formatConsole(sections, now));
  print(`\nWritten to ${options.reportPath}`);
  return missedFigures(sections).length ? 1 : 0;
}

if (import.meta.main) {
  const figuresDir = join(REPO_ROOT, '.data/reliability');
  process.exit(runReport({ figuresDir, reportPath: join(figuresDir, 'latest.md') }));
}
