/** The fault suite's headline figures: each with its target, printed as Markdown and kept in .data/reliability/faults.md. */

export type Figure = {
  name: string;
  value: string;
  /** What the value must be; empty for a figure that only informs. */
  target: string;
  /** Whether the value meets the target; null for a figure without one. */
  isMet: boolean | null;
};

export type FigureSection = { title: string; figures: Figure[] };

export type FaultReport = {
  /** ISO date and time the run started. */
  startedAt: string;
  /** 'default' or 'quick', and the load settings, in words. */
  settings: string;
  totalMs: number;
  sections: FigureSection[];
};

export const DOC_START_MARKER = '<!-- faults:start -->';
export const DOC_END_MARKER = '<!-- faults:end -->';

/** A figure with a target. */
export function figure(name: string, value: string | number, target: string, isMet: boolean): Figure {
  return { name, value: String(value), target, isMet };
}

/** A figure that only informs. */
export function info(name: string, value: string | number): Figure {
  return { name, value: String(value), target: '', isMet: null };
}

/** Milliseconds under a second, then seconds with one decimal. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Counts by outcome, most frequent first, ties by name: '201 × 40, 503 × 12, network × 1'; 'none' when empty. */
export function formatCounts(counts: ReadonlyMap<string | number, number>): string {
  const entries = [...counts.entries()].filter(([, count]) => count > 0);
  if (!entries.length) return 'none';
  entries.sort(([a, countA], [b, countB]) => countB - countA || String(a).localeCompare(String(b)));
  return entries.map(([outcome, count]) => `${outcome} × ${count}`).join(', ');
}

/** Markdown escapes for a table cell: a pipe would end the cell, a newline the row. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll(/\r?\n/g, ' ');
}

function verdict(isMet: boolean | null): string {
  if (isMet === null) return '';
  return isMet ? 'ok' : '**MISSED**';
}

/** One Markdown table: figure, value, target, verdict. */
export function formatFigureTable(figures: readonly Figure[]): string {
  const rows = figures.map(
    (f) => `| ${cell(f.name)} | ${cell(f.value)} | ${cell(f.target)} | ${verdict(f.isMet)} |`,
  );
  return ['| figure | value | target | |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** Every figure that has a target and misses it. */
export function missedFigures(report: Pick<FaultReport, 'sections'>): Figure[] {
  return report.sections.flatMap((section) => section.figures.filter((f) => f.isMet === false));
}

/** The report as Markdown: a summary line, then one table per section. */
export function formatReport(report: FaultReport): string {
  const missed = missedFigures(report);
  const summary = missed.length
    ? `**${missed.length} figure(s) missed their target:** ${missed.map((f) => f.name).join('; ')}.`
    : 'Every figure met its target.';
  const parts = [
    `Run ${report.startedAt}, ${report.settings}, ${formatMs(report.totalMs)} in all. ${summary}`,
    ...report.sections.map((section) => `### ${section.title}\n\n${formatFigureTable(section.figures)}`),
  ];
  return parts.join('\n\n');
}

/**
 * The document with `content` between the fault-suite markers; everything outside them is kept as is.
 * A missing document gets a title and the markers; a document without the markers gets them appended.
 */
export function replaceBetweenMarkers(document: string | null, content: string): string {
  const block = `${DOC_START_MARKER}\n${content.trim()}\n${DOC_END_MARKER}`;
  if (document === null) return `# Reliability\n\n${block}\n`;
  const start = document.indexOf(DOC_START_MARKER);
  const end = document.indexOf(DOC_END_MARKER, start === -1 ? 0 : start);
  if (start === -1 || end === -1) {
    return `${document.replace(/\n*$/, '')}\n\n${block}\n`;
  }
  return document.slice(0, start) + block + document.slice(end + DOC_END_MARKER.length);
}
