import { describe, expect, test } from 'bun:test';
import {
  DOC_END_MARKER,
  DOC_START_MARKER,
  type FaultReport,
  figure,
  formatCounts,
  formatFigureTable,
  formatMs,
  formatReport,
  info,
  missedFigures,
  replaceBetweenMarkers,
} from './figures.ts';

describe('formatMs', () => {
  test('milliseconds under a second, seconds with one decimal above', () => {
    expect(formatMs(0)).toBe('0 ms');
    expect(formatMs(408.4)).toBe('408 ms');
    expect(formatMs(999)).toBe('999 ms');
    expect(formatMs(1000)).toBe('1.0 s');
    expect(formatMs(65_432)).toBe('65.4 s');
  });

  test('an unmeasured duration says so', () => {
    expect(formatMs(Number.POSITIVE_INFINITY)).toBe('n/a');
    expect(formatMs(Number.NaN)).toBe('n/a');
  });
});

describe('formatCounts', () => {
  test('most frequent first, ties by name, zero counts left out', () => {
    const counts = new Map<string, number>([
      ['timeout', 1],
      ['503', 12],
      ['201', 40],
      ['network', 1],
      ['500', 0],
    ]);
    expect(formatCounts(counts)).toBe('201 × 40, 503 × 12, network × 1, timeout × 1');
  });

  test('nothing counted reads none', () => {
    expect(formatCounts(new Map())).toBe('none');
    expect(formatCounts(new Map([['503', 0]]))).toBe('none');
  });
});

describe('formatFigureTable', () => {
  test('one row per figure with its verdict; informational figures have none', () => {
    const table = formatFigureTable([
      figure('lost', 0, '0', true),
      figure('exit', 1, '0', false),
      info('load', 'x'),
    ]);
    expect(table.split('\n')).toEqual([
      '| figure | value | target | |',
      '| --- | --- | --- | --- |',
      '| lost | 0 | 0 | ok |',
      '| exit | 1 | 0 | **MISSED** |',
      '| load | x |  |  |',
    ]);
  });

  test('pipes and line breaks in a value cannot break the table', () => {
    const table = formatFigureTable([info('a|b', 'line one\nline two | more')]);
    expect(table.split('\n')[2]).toBe('| a\\|b | line one line two \\| more |  |  |');
  });
});

const report = (figures: FaultReport['sections'][number]['figures']): FaultReport => ({
  startedAt: '2026-01-02T03:04:05Z',
  settings: 'default',
  totalMs: 125_000,
  sections: [{ title: 'Crash', figures }],
});

describe('missedFigures and formatReport', () => {
  test('only figures with a target that they miss count as missed', () => {
    const missed = missedFigures(
      report([figure('lost', 1, '0', false), info('load', 'x'), figure('dup', 0, '0', true)]),
    );
    expect(missed.map((f) => f.name)).toEqual(['lost']);
  });

  test('the summary names the missed figures, or says all met', () => {
    expect(formatReport(report([figure('lost', 0, '0', true)]))).toStartWith(
      'Run 2026-01-02T03:04:05Z, default, 125.0 s in all. Every figure met its target.',
    );
    const failed = formatReport(report([figure('lost', 2, '0', false), figure('exit code', 1, '0', false)]));
    expect(failed).toContain('**2 figure(s) missed their target:** lost; exit code.');
    expect(failed).toContain('### Crash\n\n| figure | value | target | |');
  });
});

describe('replaceBetweenMarkers', () => {
  test('a missing document gets a title and the markers around the content', () => {
    expect(replaceBetweenMarkers(null, 'figures')).toBe(
      `# Reliability\n\n${DOC_START_MARKER}\nfigures\n${DOC_END_MARKER}\n`,
    );
  });

  test('only the text between the markers changes; the rest of the document is kept byte for byte', () => {
    const before = `# Reliability\n\nIntro written by hand.\n\n${DOC_START_MARKER}\nold figures\n${DOC_END_MARKER}\n\n## Fast suite\n\nMore text.\n`;
    const after = replaceBetweenMarkers(before, 'new figures');
    expect(after).toBe(
      `# Reliability\n\nIntro written by hand.\n\n${DOC_START_MARKER}\nnew figures\n${DOC_END_MARKER}\n\n## Fast suite\n\nMore text.\n`,
    );
    expect(replaceBetweenMarkers(after, 'new figures')).toBe(after);
  });

  test('a document without the markers gets them appended, its text untouched', () => {
    expect(replaceBetweenMarkers('# Reliability\n\nFast suite.\n\n\n', 'figures')).toBe(
      `# Reliability\n\nFast suite.\n\n${DOC_START_MARKER}\nfigures\n${DOC_END_MARKER}\n`,
    );
  });

  test('an end marker before the start marker is not taken as the block', () => {
    const odd = `${DOC_END_MARKER}\ntext\n${DOC_START_MARKER}\nold\n${DOC_END_MARKER}\n`;
    expect(replaceBetweenMarkers(odd, 'new')).toBe(
      `${DOC_END_MARKER}\ntext\n${DOC_START_MARKER}\nnew\n${DOC_END_MARKER}\n`,
    );
  });
});
