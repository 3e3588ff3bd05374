import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SuiteFigure } from '../../../api/test/attack/reliability-report.ts';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';

/**
 * The browser attack suite's figures. Each attack spec writes its own part (one Playwright test
 * each, so a worker restarted after a failure cannot lose another spec's numbers) and then
 * rebuilds `.data/reliability/browser.json` from every part, in the format
 * `api/test/attack/reliability-report.ts` reads. The parts live in a sub-folder the report does not read.
 */
const FIGURES_DIR = join(REPO_ROOT, '.data/reliability');
const PARTS_DIR = join(FIGURES_DIR, 'browser-parts');

export const BROWSER_PARTS = ['cross-site', 'stored-xss', 'uploads'] as const;
export type BrowserPart = (typeof BROWSER_PARTS)[number];

type PartFile = { generatedAt: string; figures: SuiteFigure[]; notes: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A figure that must be zero: a count of bad outcomes. */
export const mustBeZero = (name: string, value: number): SuiteFigure => ({
  name,
  value,
  target: { op: '=', value: 0 },
});

/** A figure that proves work was done: at least `floor`, so an empty run cannot pass. */
export const atLeast = (name: string, value: number, floor: number): SuiteFigure => ({
  name,
  value,
  target: { op: '>=', value: floor },
});

function writeAtomically(path: string, text: string) {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

function readPart(part: BrowserPart): PartFile | null {
  const path = join(PARTS_DIR, `${part}.json`);
  if (!existsSync(path)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!isRecord(parsed) || typeof parsed.generatedAt !== 'string' || !Array.isArray(parsed.figures)) {
      return null;
    }
    return {
      generatedAt: parsed.generatedAt,
      figures: parsed.figures as SuiteFigure[],
      notes: Array.isArray(parsed.notes)
        ? parsed.notes.filter((n): n is string => typeof n === 'string')
        : [],
    };
  } catch {
    return null;
  }
}

/**
 * Saves one spec's figures and rewrites browser.json from all parts. A part that never ran shows
 * as a missed figure; the file's time is the oldest part's, so a part left over from an earlier
 * run makes the report flag the whole section as stale rather than pass on old numbers.
 */
export function recordBrowserFigures(part: BrowserPart, figures: SuiteFigure[], notes: string[] = []) {
  mkdirSync(PARTS_DIR, { recursive: true });
  const file: PartFile = { generatedAt: new Date().toISOString(), figures, notes };
  writeAtomically(join(PARTS_DIR, `${part}.json`), `${JSON.stringify(file, null, 2)}\n`);

  const merged: SuiteFigure[] = [];
  const mergedNotes: string[] = [];
  const times: string[] = [];
  for (const name of BROWSER_PARTS) {
    const found = readPart(name);
    if (!found) {
      merged.push({
        name: `${name}: figures`,
        value: `none (run shell/e2e/attack-${name}.spec.ts)`,
        target: 'written by this run',
        isMet: false,
      });
      continue;
    }
    times.push(found.generatedAt);
    merged.push(...found.figures.map((figure) => ({ ...figure, name: `${name}: ${figure.name}` })));
    mergedNotes.push(...found.notes);
  }
  const oldest = times.sort()[0] ?? file.generatedAt;
  const suite = {
    suite: 'browser',
    title: 'Browser attacks',
    generatedAt: oldest,
    figures: merged,
    notes: mergedNotes,
  };
  writeAtomically(join(FIGURES_DIR, 'browser.json'), `${JSON.stringify(suite, null, 2)}\n`);
}
