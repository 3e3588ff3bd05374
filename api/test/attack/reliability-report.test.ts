import { afterEach, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildSections,
  combineShards,
  endMarker,
  flatFigures,
  formatConsole,
  formatSection,
  formatTable,
  formatTarget,
  markStale,
  meets,
  missedFigures,
  parseSuiteFile,
  REQUIRED_SUITES,
  readFigureFiles,
  replaceSection,
  runReport,
  type SuiteFigures,
  startMarker,
  updateDocument,
} from './reliability-report.ts';

const NOW = new Date('2030-01-02T03:04:05.000Z');

function suiteFile(suite: string, overrides: Partial<SuiteFigures> = {}): string {
  const figures: SuiteFigures = {
    suite,
    title: `Title of ${suite}`,
    generatedAt: '2030-01-02T03:00:00.000Z',
    figures: [
      { name: 'checked', value: 12, target: { op: '>=', value: 1 } },
      { name: 'leaks', value: 0, target: { op: '=', value: 0 } },
      { name: 'routes', value: 63 },
    ],
    notes: ['a note'],
    ...overrides,
  };
  return JSON.stringify(figures);
}

function allRequired(overrides: Record<string, string> = {}): Map<string, string> {
  return new Map(REQUIRED_SUITES.map((suite) => [suite, overrides[suite] ?? suiteFile(suite)]));
}

describe('targets', () => {
  test('meets and formats each kind of target', () => {
    expect(meets(0, { op: '=', value: 0 })).toBe(true);
    expect(meets(1, { op: '=', value: 0 })).toBe(false);
    expect(meets(5, { op: '<=', value: 5 })).toBe(true);
    expect(meets(6, { op: '<=', value: 5 })).toBe(false);
    expect(meets(50, { op: '>=', value: 50 })).toBe(true);
    expect(meets(49, { op: '>=', value: 50 })).toBe(false);
    expect(formatTarget({ op: '=', value: 0 })).toBe('0');
    expect(formatTarget({ op: '<=', value: 5 })).toBe('≤ 5');
    expect(formatTarget({ op: '>=', value: 441 })).toBe('≥ 441');
  });
});

describe('parseSuiteFile', () => {
  test('judges each figure against its target; a figure without one only informs', () => {
    const section = parseSuiteFile(
      'authz',
      suiteFile('authz', {
        figures: [
          { name: 'unexpected allows', value: 2, target: { op: '=', value: 0 } },
          { name: 'checked', value: 441, target: { op: '>=', value: 441 } },
          { name: 'routes', value: 63 },
        ],
      }),
    );
    expect(section.title).toBe('Title of authz');
    expect(section.generatedAt).toBe('2030-01-02T03:00:00.000Z');
    expect(section.notes).toEqual(['a note']);
    expect(section.figures).toEqual([
      { name: 'unexpected allows', value: '2', target: '0', isMet: false },
      { name: 'checked', value: '441', target: '≥ 441', isMet: true },
      { name: 'routes', value: '63', target: '', isMet: null },
    ]);
  });

  test('a figure may carry its own verdict, with the target in words', () => {
    const text = JSON.stringify({
      generatedAt: '2030-01-02T03:00:00.000Z',
      figures: [
        { name: 'XSS executions', value: '0', target: '0', isMet: true },
        { name: 'screens', value: 'all 14', target: 'every screen', isMet: false },
      ],
    });
    const section = parseSuiteFile('browser', text);
    expect(section.title).toBe('Browser attacks');
    expect(section.figures.map((f) => f.isMet)).toEqual([true, false]);
  });

  test('a flat object of numbers: bad-outcome counts must be 0, other numbers inform', () => {
    const section = parseSuiteFile(
      'hostile-input',
      JSON.stringify({
        generatedAt: '2030-01-02T03:00:00.000Z',
        inputsTried: 5000,
        fiveXx: 0,
        stackOrSqlLeaks: 1,
        refusedWrites: 0,
        requestsThatWrote: 0,
        badErrorShapes: 0,
        routesChecked: 0,
        seed: 42,
        label: 'ignored, not a number',
      }),
    );
    expect(section.figures).toEqual([
      { name: 'inputs tried', value: '5000', target: '≥ 1', isMet: true },
      { name: '5xx', value: '0', target: '0', isMet: true },
      { name: 'stack or sql leaks', value: '1', target: '0', isMet: false },
      { name: 'refused writes', value: '0', target: '0', isMet: true },
      { name: 'requests that wrote', value: '0', target: '0', isMet: true },
      { name: 'bad error shapes', value: '0', target: '0', isMet: true },
      { name: 'routes checked', value: '0', target: '≥ 1', isMet: false },
      { name: 'seed', value: '42', target: '', isMet: null },
    ]);
    expect(flatFigures({})).toEqual([]);
  });

  test('missing, unreadable, empty or malformed files become missed figures, never exceptions', () => {
    const cases: [string | null, string][] = [
      [null, 'none: the suite did not run or did not write them'],
      ['{not json', 'not JSON'],
      ['[1, 2]', 'not an object'],
      ['{"figures": []}', 'none in the file'],
      ['{"figures": [{"value": 1}]}', 'malformed (no name)'],
      ['{"figures": [{"name": "x"}]}', 'malformed (no value)'],
      [
        '{"figures": [{"name": "x", "value": "many", "target": {"op": "=", "value": 0}}]}',
        'many (a target needs a number)',
      ],
      ['{"figures": [{"name": "x", "value": 1, "target": {"op": "<", "value": 0}}]}', 'malformed target'],
      ['{"figures": [{"name": "x", "value": 1, "target": "zero"}]}', 'malformed target'],
    ];
    for (const [text, value] of cases) {
      const section = parseSuiteFile('idor', text);
      expect(section.figures.length).toBe(1);
      expect(section.figures[0]?.isMet).toBe(false);
      expect(section.figures[0]?.value).toContain(value);
    }
  });
});

describe('buildSections', () => {
  test('required suites first, in order; a missing required suite is a miss; reserved names are skipped', () => {
    const files = allRequired();
    files.delete('canary');
    files.set('zeta', suiteFile('zeta'));
    files.set('browser', suiteFile('browser'));
    files.set('faults', suiteFile('faults'));
    files.set('summary', suiteFile('summary'));
    const sections = buildSections(files);
    expect(sections.map((s) => s.suite)).toEqual([...REQUIRED_SUITES, 'browser', 'zeta']);
    const missed = missedFigures(sections);
    expect(missed.map((m) => m.suite)).toEqual(['canary']);
  });

  test('a suite whose figures are hours older than the newest is stale', () => {
    const files = allRequired({ auth: suiteFile('auth', { generatedAt: '2029-12-31T00:00:00.000Z' }) });
    const missed = missedFigures(buildSections(files));
    expect(missed.map((m) => `${m.suite}: ${m.figure.name}`)).toEqual(['auth: figures from this run']);
    const fresh = markStale(buildSections(allRequired()));
    expect(missedFigures(fresh)).toEqual([]);
  });
});

describe('the document', () => {
  const faults = `${startMarker('faults')}\nFAULT FIGURES, written by test:faults\n${endMarker('faults')}`;

  test('replaces a section between its markers and leaves everything else as it was', () => {
    const document = `# Reliability\n\nIntro.\n\n${startMarker('authz')}\nold\n${endMarker('authz')}\n\nAfter.\n\n${faults}\n`;
    const updated = replaceSection(document, 'authz', 'new table');
    expect(updated).toBe(
      `# Reliability\n\nIntro.\n\n${startMarker('authz')}\nnew table\n${endMarker('authz')}\n\nAfter.\n\n${faults}\n`,
    );
  });

  test('a new section goes before the fault section, or at the end when there is none', () => {
    const withFaults = replaceSection(`# R\n\n${faults}\n`, 'idor', 'idor table');
    expect(withFaults).toBe(`# R\n\n${startMarker('idor')}\nidor table\n${endMarker('idor')}\n\n${faults}\n`);
    const without = replaceSection('# R\n\n\n', 'idor', 'idor table');
    expect(without).toBe(`# R\n\n${startMarker('idor')}\nidor table\n${endMarker('idor')}\n`);
  });

  test('the fault section is never touched, even when every section is rewritten twice', () => {
    const sections = buildSections(allRequired());
    const once = updateDocument(`# Reliability\n\n${faults}\n`, sections, NOW);
    const twice = updateDocument(once, sections, NOW);
    expect(twice).toBe(once);
    expect(twice).toContain(faults);
    expect(twice.indexOf(startMarker('summary'))).toBeLessThan(twice.indexOf(startMarker('authz')));
    expect(twice.indexOf(endMarker('hostile-input'))).toBeLessThan(twice.indexOf(startMarker('faults')));
    expect(twice).toContain('All 10 figures with a target met it.');
  });

  test('a missing document is created with a title', () => {
    const created = updateDocument(null, buildSections(allRequired()), NOW);
    expect(created.startsWith('# Reliability\n')).toBe(true);
    expect(created).toContain(`Report of ${NOW.toISOString()}.`);
  });

  test('a section is a Markdown table; pipes and newlines in values cannot break it', () => {
    const section = parseSuiteFile(
      'idor',
      suiteFile('idor', {
        figures: [{ name: 'a|b\nc', value: 1, target: { op: '=', value: 0 } }],
        notes: [],
      }),
    );
    const markdown = formatSection(section);
    expect(markdown).toContain('## Title of idor');
    expect(markdown).toContain('| a\\|b c | 1     | 0      | **MISSED** |');
    expect(markdown).toContain('Figures of 2030-01-02T03:00:00.000Z.');
  });

  test('the summary and the console name every missed figure', () => {
    const files = allRequired({
      idor: suiteFile('idor', { figures: [{ name: 'leaks', value: 3, target: { op: '=', value: 0 } }] }),
    });
    const sections = buildSections(files);
    const document = updateDocument(null, sections, NOW);
    expect(document).toContain('**1 of 9 figures missed their target:** idor: leaks (3).');
    const console = formatConsole(sections, NOW);
    expect(console).toMatch(/idor\s+leaks\s+3\s+0\s+MISSED/);
    expect(console).not.toContain('**');
  });
});

describe('formatTable', () => {
  test('pads every column to its widest cell, at least 3, as the formatter does', () => {
    expect(
      formatTable(
        ['figure', 'value', ''],
        [
          ['leaks ≥ ’', '0', 'ok'],
          ['a much longer name', '441', ''],
        ],
      ),
    ).toBe(
      [
        '| figure             | value |     |',
        '| ------------------ | ----- | --- |',
        '| leaks ≥ ’          | 0     | ok  |',
        '| a much longer name | 441   |     |',
      ].join('\n'),
    );
  });
});

describe('runReport', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('reads the figure files, writes the document, and exits 1 only when a figure missed', () => {
    dir = mkdtempSync(join(tmpdir(), 'reliability-report-'));
    const figuresDir = join(dir, 'figures');
    const docPath = join(dir, 'docs', 'reliability.md');
    mkdirSync(figuresDir);
    for (const [suite, text] of allRequired()) writeFileSync(join(figuresDir, `${suite}.json`), text);
    writeFileSync(join(figuresDir, 'Bad Name!.json'), '{}');
    writeFileSync(join(figuresDir, 'notes.txt'), 'ignored');
    expect([...readFigureFiles(figuresDir).keys()]).toEqual([...REQUIRED_SUITES].sort());
    const printed: string[] = [];
    expect(
      runReport({ figuresDir, reportPath: docPath, now: NOW, print: (text) => printed.push(text) }),
    ).toBe(0);
    expect(readFileSync(docPath, 'utf8')).toContain(startMarker('auth'));
    expect(printed.join('\n')).toContain('All 10 figures with a target met it.');

    writeFileSync(
      join(figuresDir, 'canary.json'),
      suiteFile('canary', { figures: [{ name: 'canary leaks', value: 1, target: { op: '=', value: 0 } }] }),
    );
    expect(runReport({ figuresDir, reportPath: docPath, now: NOW, print: () => {} })).toBe(1);
    expect(readFileSync(docPath, 'utf8')).toContain('canary: canary leaks (1)');
    expect(readFigureFiles(join(dir, 'nowhere')).size).toBe(0);
  });
});

describe('a suite run in shards', () => {
  /** How the hostile-input suite writes a shard's file: counts to add up, settings every shard shares. */
  function shardFile(index: number, count: number, values: { inputs: number; routes: number }, at = '03:00') {
    return JSON.stringify({
      generatedAt: `2030-01-02T${at}:00.000Z`,
      shard: { index, count },
      figures: [
        { name: 'inputs tried', value: values.inputs, target: { op: '>=', value: 20000 }, shards: 'sum' },
        { name: '5xx', value: 0, target: { op: '=', value: 0 }, shards: 'sum' },
        { name: 'routes', value: values.routes, shards: 'sum' },
        { name: 'seed', value: 42, shards: 'same' },
      ],
    });
  }
  const oneProcess = (inputs: number, routes: number, at = '03:02') =>
    JSON.stringify({
      generatedAt: `2030-01-02T${at}:00.000Z`,
      figures: [
        { name: 'inputs tried', value: inputs, target: { op: '>=', value: 20000 } },
        { name: '5xx', value: 0, target: { op: '=', value: 0 } },
        { name: 'routes', value: routes },
        { name: 'seed', value: 42 },
      ],
    });
  const shardSet = (count: number, at = '03:00') =>
    Array.from({ length: count }, (_, index) => ({
      index: index + 1,
      count,
      text: shardFile(index + 1, count, { inputs: 9000 + index, routes: 55 }, index === 1 ? '03:02' : at),
    }));

  test('the shards read as one run: counts added, settings kept, the newest time', () => {
    const combined = parseSuiteFile('hostile-input', combineShards(shardSet(3)));
    // 9000 + 9001 + 9002 inputs and 3 x 55 routes: 55 in each shard must not read as 55 in all.
    expect(combined).toEqual(parseSuiteFile('hostile-input', oneProcess(27003, 165)));
    expect(combined.figures.find((figure) => figure.name === 'inputs tried')?.isMet).toBe(true);
  });

  test('a missing, unreadable or disagreeing shard is a missed figure, never a smaller run that passes', () => {
    const [first, second, third] = shardSet(3);
    if (!first || !second || !third) throw new Error('three shards expected');
    const missing = parseSuiteFile('hostile-input', combineShards([first, third]));
    expect(missing.figures).toEqual([
      {
        name: 'shards',
        value: '2 of 3 wrote readable figures',
        target: 'every shard, agreeing',
        isMet: false,
      },
    ]);
    const unreadable = parseSuiteFile(
      'hostile-input',
      combineShards([first, { ...second, text: '{' }, third]),
    );
    expect(unreadable.figures[0]?.isMet).toBe(false);
    const otherSeed = { ...third, text: third.text.replace('"value":42', '"value":43') };
    const disagreeing = parseSuiteFile('hostile-input', combineShards([first, second, otherSeed]));
    expect(disagreeing.figures).toEqual([
      { name: 'shards', value: 'seed differs: 42, 42, 43', target: 'every shard, agreeing', isMet: false },
    ]);
  });

  test('an earlier run in another number of shards is left over: the newest count decides', () => {
    const older = shardSet(4, '01:00').map((shard) => ({
      ...shard,
      text: shard.text.replace('03:02', '01:00'),
    }));
    expect(combineShards([...older, ...shardSet(2)])).toBe(combineShards(shardSet(2)));
    // The newest count with one of its shards gone still fails, whatever the older set holds.
    const [latest] = shardSet(3, '04:00');
    if (!latest) throw new Error('a shard expected');
    expect(parseSuiteFile('hostile-input', combineShards([...shardSet(2), latest])).figures[0]?.isMet).toBe(
      false,
    );
  });

  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the report reads shard files as their suite; the newer of a whole run and a sharded one wins', () => {
    dir = mkdtempSync(join(tmpdir(), 'reliability-shards-'));
    for (const shard of shardSet(2)) {
      writeFileSync(join(dir, `hostile-input.shard-${shard.index}-of-2.json`), shard.text);
    }
    writeFileSync(join(dir, 'hostile-input.shard-x-of-2.json'), '{}');
    expect([...readFigureFiles(dir).keys()]).toEqual(['hostile-input']);
    expect(readFigureFiles(dir).get('hostile-input')).toBe(combineShards(shardSet(2)));
    writeFileSync(join(dir, 'hostile-input.json'), oneProcess(20001, 160, '03:01'));
    expect(readFigureFiles(dir).get('hostile-input')).toBe(combineShards(shardSet(2)));
    writeFileSync(join(dir, 'hostile-input.json'), oneProcess(20001, 160, '03:05'));
    expect(readFigureFiles(dir).get('hostile-input')).toBe(oneProcess(20001, 160, '03:05'));
  });
});
