import {
  type REPORT_RANGES,
  type REPORT_TYPES,
  reportFileName,
  reportTables,
  reportTablesCsv,
  type TICKET_CATEGORIES,
  type TICKET_PRIORITIES,
  type TReport,
  type TReportRange,
  type TReportTable,
  type TReportType,
} from '@helpdesk/contracts';
import { formatNumber, SOURCE_LOCALE, type TLocale } from '@helpdesk/shared-ui/i18n';
import { reportsEnglish, type TReportsT } from './messages.ts';

type TReportsKey = Parameters<TReportsT>[0];

/** Each report type's name. */
export const REPORT_TYPE_LABEL_IDS = {
  overview: 'reports.type.overview',
  performance: 'reports.type.performance',
  trends: 'reports.type.trends',
  sla: 'reports.type.sla',
  knowledge: 'reports.type.knowledge',
} as const satisfies Record<(typeof REPORT_TYPES)[number], TReportsKey>;

/** Each date range's name. */
export const REPORT_RANGE_LABEL_IDS = {
  '7days': 'reports.range.7days',
  '30days': 'reports.range.30days',
  '90days': 'reports.range.90days',
  '1year': 'reports.range.1year',
} as const satisfies Record<(typeof REPORT_RANGES)[number], TReportsKey>;

/** Each ticket category's name, as the tables and charts show it. */
export const CATEGORY_LABEL_IDS = {
  technical: 'reports.category.technical',
  access: 'reports.category.access',
  software: 'reports.category.software',
  hardware: 'reports.category.hardware',
  other: 'reports.category.other',
} as const satisfies Record<(typeof TICKET_CATEGORIES)[number], TReportsKey>;

/** Each priority's name, as the tables and charts show it. */
export const PRIORITY_LABEL_IDS = {
  low: 'reports.priority.low',
  medium: 'reports.priority.medium',
  high: 'reports.priority.high',
  critical: 'reports.priority.critical',
} as const satisfies Record<(typeof TICKET_PRIORITIES)[number], TReportsKey>;

// The English texts contracts' reportTables writes (titles, column names, metric names, 'n/a'), by
// their message id; the API's CSV of an English report keeps writing these very texts.
const TABLE_TEXT_IDS: Record<string, TReportsKey> = {
  Summary: 'reports.text.summary',
  Metric: 'reports.text.metric',
  Value: 'reports.text.value',
  'Tickets created': 'reports.text.ticketsCreated',
  'Tickets resolved': 'reports.text.ticketsResolved',
  'Created and still open': 'reports.text.createdAndStillOpen',
  'Average first response (hours)': 'reports.text.averageFirstResponseHours',
  'Average resolution (hours)': 'reports.text.averageResolutionHours',
  'SLA compliance': 'reports.text.slaCompliance',
  'Tickets created and resolved': 'reports.text.ticketsCreatedAndResolved',
  Date: 'reports.text.date',
  Month: 'reports.text.month',
  Created: 'reports.text.created',
  Resolved: 'reports.text.resolved',
  'Tickets by category': 'reports.text.ticketsByCategory',
  Category: 'reports.text.category',
  Tickets: 'reports.text.tickets',
  'Tickets by priority': 'reports.text.ticketsByPriority',
  Priority: 'reports.text.priority',
  'Response and resolution times': 'reports.text.responseAndResolutionTimes',
  'Median first response (hours)': 'reports.text.medianFirstResponseHours',
  'Median resolution (hours)': 'reports.text.medianResolutionHours',
  'Agent performance': 'reports.text.agentPerformance',
  Agent: 'reports.text.agent',
  'Open assigned': 'reports.text.openAssigned',
  'Response and resolution times over time': 'reports.text.responseAndResolutionTimesOverTime',
  'Tickets created by category': 'reports.text.ticketsCreatedByCategory',
  'Tickets created by priority': 'reports.text.ticketsCreatedByPriority',
  'Response met': 'reports.text.responseMet',
  'Response breached': 'reports.text.responseBreached',
  'Response compliance': 'reports.text.responseCompliance',
  'Resolution met': 'reports.text.resolutionMet',
  'Resolution breached': 'reports.text.resolutionBreached',
  'Resolution compliance': 'reports.text.resolutionCompliance',
  'SLA compliance over time': 'reports.text.slaComplianceOverTime',
  'SLA compliance by priority': 'reports.text.slaComplianceByPriority',
  'Knowledge base': 'reports.text.knowledgeBase',
  'Articles read': 'reports.text.articlesRead',
  'Helpful answers (yes)': 'reports.text.helpfulAnswersYes',
  'Not helpful answers (no)': 'reports.text.notHelpfulAnswersNo',
  'Helpful rate': 'reports.text.helpfulRate',
  'Searches with no result': 'reports.text.searchesWithNoResult',
  Deflections: 'reports.text.deflections',
  'Knowledge base activity': 'reports.text.knowledgeBaseActivity',
  'Most read articles': 'reports.text.mostReadArticles',
  Article: 'reports.text.article',
  Reads: 'reports.text.reads',
  'Helpfulness by article': 'reports.text.helpfulnessByArticle',
  Yes: 'reports.text.yes',
  No: 'reports.text.no',
  Words: 'reports.text.words',
  Searches: 'reports.text.searches',
  'Deflections by article': 'reports.text.deflectionsByArticle',
  'n/a': 'reports.text.notAvailable',
};
const CATEGORY_AND_PRIORITY_IDS: Record<string, TReportsKey> = {
  'Technical Support': CATEGORY_LABEL_IDS.technical,
  'Access Request': CATEGORY_LABEL_IDS.access,
  'Software Issue': CATEGORY_LABEL_IDS.software,
  'Hardware Issue': CATEGORY_LABEL_IDS.hardware,
  other: CATEGORY_LABEL_IDS.other,
  Low: PRIORITY_LABEL_IDS.low,
  Medium: PRIORITY_LABEL_IDS.medium,
  High: PRIORITY_LABEL_IDS.high,
  Critical: PRIORITY_LABEL_IDS.critical,
};
// Tables whose first column names metrics, categories or priorities; elsewhere it holds dates,
// agent names, article titles or searched words, shown as written.
const LABELLED_ROWS = new Set(['summary', 'byCategory', 'byPriority']);

function known(text: string, table: Record<string, TReportsKey>, t: TReportsT): string {
  const id = table[text];
  return id ? t(id) : text;
}

/** One text of a report table (a title, column, metric, category or priority name) in the reader's language; anything else as written. */
export function reportText(text: string, t: TReportsT = reportsEnglish): string {
  return known(known(text, TABLE_TEXT_IDS, t), CATEGORY_AND_PRIORITY_IDS, t);
}

// A figure as contracts writes it: '12', '6.9' or '74.8%'.
const FIGURE = /^(-?\d+)(?:\.(\d+))?(%?)$/;

/**
 * A figure cell in the reader's language ('6.9' -> '6,9', '74.8%' -> '74,8 %' in German), with as
 * many decimals as contracts wrote; 'n/a' translated; anything else (dates) as written. English as is.
 */
export function reportFigure(
  cell: string,
  t: TReportsT = reportsEnglish,
  locale: TLocale = SOURCE_LOCALE,
): string {
  if (cell === 'n/a') return t('reports.text.notAvailable');
  const match = locale === SOURCE_LOCALE ? null : FIGURE.exec(cell);
  if (!match) return cell;
  const decimals = match[2]?.length ?? 0;
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const value = Number(cell.replace('%', ''));
  return match[3]
    ? formatNumber(value / 100, locale, { style: 'percent', ...digits })
    : formatNumber(value, locale, digits);
}

/** A report table in the reader's language: title, column names, named rows, figures and 'n/a'. */
export function translatedTable(
  table: TReportTable,
  t: TReportsT = reportsEnglish,
  locale: TLocale = SOURCE_LOCALE,
): TReportTable {
  const labelsRows = LABELLED_ROWS.has(table.key);
  return {
    key: table.key,
    title: reportText(table.title, t),
    columns: table.columns.map((column) => reportText(column, t)),
    rows: table.rows.map((row) =>
      row.map((cell, index) =>
        index === 0 ? (labelsRows ? reportText(cell, t) : cell) : reportFigure(cell, t, locale),
      ),
    ),
  };
}

/**
 * The export of the report on screen in the reader's language: the CSV the API writes, with the
 * screen's translated tables, under the API's file name (the report's end date in the desk's zone).
 */
export function translatedReportCsv(
  report: TReport,
  t: TReportsT,
  locale: TLocale,
): { fileName: string; csv: string } {
  const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: report.timeZone }).format(
    new Date(report.to),
  );
  return {
    fileName: reportFileName(report.type, report.range, localDate),
    csv: reportTablesCsv(reportTables(report).map((table) => translatedTable(table, t, locale))),
  };
}

/** The line above a report: its type, range, period and zone. */
export function reportPeriodLine(
  values: { type: TReportType; range: TReportRange; from: string; to: string; timeZone: string },
  isUpdating: boolean,
  t: TReportsT = reportsEnglish,
): string {
  const filled = {
    ...values,
    type: t(REPORT_TYPE_LABEL_IDS[values.type]),
    range: t(REPORT_RANGE_LABEL_IDS[values.range]),
  };
  return isUpdating ? t('reports.periodUpdating', filled) : t('reports.period', filled);
}
