import {
  REPORT_RANGES,
  REPORT_TYPES,
  reportFileName,
  type TReport,
  type TReportBucket,
  type TReportRange,
  type TReportTable,
  type TReportType,
} from '@helpdesk/contracts';
import { formatDateTime, type TLocale } from '@helpdesk/shared-ui/i18n';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A bucket's axis label: 'Nov 21' for a day, 'Nov 2026' for a month (in another language, its own
 * short form, '21. Nov.'). Read from the 'YYYY-MM-DD' text, and formatted in UTC when it must go
 * through Date, so the desk's calendar day is not shifted by the browser's zone.
 */
export function bucketLabel(date: string, bucket: TReportBucket, locale: TLocale = 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return date;
  if (locale !== 'en') {
    const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    const parts: Intl.DateTimeFormatOptions =
      bucket === 'month' ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
    return formatDateTime(day, locale, parts, 'UTC');
  }
  return bucket === 'month' ? `${month} ${match[1]}` : `${month} ${Number(match[3])}`;
}

/** Narrows a select's value to a report type, anything unexpected to overview. */
export function toReportType(value: string): TReportType {
  return REPORT_TYPES.find((t) => t === value) ?? 'overview';
}

/** Narrows a select's value to a date range, anything unexpected to the last 30 days. */
export function toReportRange(value: string): TReportRange {
  return REPORT_RANGES.find((r) => r === value) ?? '30days';
}

export type TStat = { label: string; value: string };

/**
 * The headline figures of a summary table, read straight from its cells so the cards say exactly
 * what the table and the CSV say: a Metric/Value table gives one card per row, a one-row table one
 * card per column.
 */
export function summaryStats(table: TReportTable): TStat[] {
  if (table.columns.length === 2 && table.columns[0] === 'Metric') {
    return table.rows.map(([label = '', value = '']) => ({ label, value }));
  }
  const [row] = table.rows;
  if (!row) return [];
  return table.columns.map((label, index) => ({ label, value: row[index] ?? '' }));
}

/** The tables of a report split into the headline summary and the sections shown with a chart. */
export function reportSections(tables: readonly TReportTable[]): {
  summary: TReportTable | null;
  sections: TReportTable[];
} {
  const summary = tables.find((t) => t.key === 'summary') ?? null;
  return { summary, sections: tables.filter((t) => t !== summary) };
}

/** Whether a report counted any ticket at all; with none, charts give way to the empty text. */
export function hasTickets(report: TReport): boolean {
  switch (report.type) {
    case 'overview':
      return report.summary.created > 0 || report.summary.resolved > 0;
    case 'performance':
      return (
        report.summary.resolved > 0 || report.responseTimes.some((p) => p.avgFirstResponseHours !== null)
      );
    case 'trends':
      return report.volume.some((p) => p.created > 0 || p.resolved > 0);
    case 'sla':
      return report.series.some(
        (p) => p.responseMet + p.responseBreached + p.resolutionMet + p.resolutionBreached > 0,
      );
    case 'knowledge':
      // Its figures are about reading, not tickets: zeros are an answer of their own.
      return true;
  }
}

/** The file name when the server's answer names none: the same pattern the server uses. */
export function fallbackExportFileName(type: TReportType, range: TReportRange, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const localDate = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return reportFileName(type, range, localDate);
}

/** Tables wider than this are shown under their chart rather than beside it. */
export const SIDE_BY_SIDE_MAX_COLUMNS = 3;
