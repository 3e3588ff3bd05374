import { z } from 'zod';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  ZTicketCategory,
  ZTicketPriority,
} from './tickets.ts';

export const REPORT_TYPES = ['overview', 'performance', 'trends', 'sla', 'knowledge'] as const;
export const ZReportType = z.enum(REPORT_TYPES, { error: 'Unknown report type' });
export type TReportType = z.infer<typeof ZReportType>;
export const REPORT_TYPE_LABELS: Record<TReportType, string> = {
  overview: 'Overview',
  performance: 'Agent Performance',
  trends: 'Trends',
  sla: 'SLA Compliance',
  knowledge: 'Knowledge Base',
};

export const REPORT_RANGES = ['7days', '30days', '90days', '1year'] as const;
export const ZReportRange = z.enum(REPORT_RANGES, { error: 'Unknown date range' });
export type TReportRange = z.infer<typeof ZReportRange>;
export const REPORT_RANGE_LABELS: Record<TReportRange, string> = {
  '7days': 'Last 7 days',
  '30days': 'Last 30 days',
  '90days': 'Last 90 days',
  '1year': 'Last year',
};

/**
 * Time buckets: days up to 90 days (7, 30 or 90 buckets, today the last), months for a year (12
 * buckets, this month the last). Buckets are calendar days/months in the desk's timezone (settings).
 */
export const REPORT_BUCKETS = ['day', 'month'] as const;
export type TReportBucket = (typeof REPORT_BUCKETS)[number];

/** GET /api/admin/reports and .../reports/export: both required. */
export const ZReportQuery = z.strictObject({ type: ZReportType, range: ZReportRange });
export type TReportQuery = z.infer<typeof ZReportQuery>;

/** Hours and percentages are rounded to one decimal; null when there is nothing to average. */
const ZHours = z.number().nullable();
const ZPercent = z.number().nullable();

const ZReportMeta = z.object({
  range: ZReportRange,
  bucket: z.enum(REPORT_BUCKETS),
  /** The IANA zone buckets are cut in. */
  timeZone: z.string(),
  /** ISO: start of the first bucket, and the moment the report was computed (its end). */
  from: z.string(),
  to: z.string(),
});

/** A bucket's start as a local calendar date: 'YYYY-MM-DD' (month buckets: the 1st). */
const ZBucketDate = z.string();

export const ZVolumePoint = z.object({
  date: ZBucketDate,
  /** Tickets created in the bucket. */
  created: z.number().int(),
  /** Tickets whose resolvedAt falls in the bucket. */
  resolved: z.number().int(),
});
export type TVolumePoint = z.infer<typeof ZVolumePoint>;

export const ZCategoryCount = z.object({ category: ZTicketCategory, count: z.number().int() });
export const ZPriorityCount = z.object({ priority: ZTicketPriority, count: z.number().int() });

/**
 * overview: the range at a glance. Counts of created tickets cover tickets created in the range;
 * resolved counts and times cover tickets resolved (first answered) in the range. slaCompliance:
 * targets met over targets met or breached, for tickets created in the range (see sla).
 */
export const ZOverviewReport = ZReportMeta.extend({
  type: z.literal('overview'),
  summary: z.object({
    created: z.number().int(),
    resolved: z.number().int(),
    /** Of the tickets created in the range, those still new or in progress. */
    stillOpen: z.number().int(),
    avgFirstResponseHours: ZHours,
    avgResolutionHours: ZHours,
    slaCompliance: ZPercent,
  }),
  volume: z.array(ZVolumePoint),
  /** Every category, in TICKET_CATEGORIES order, over tickets created in the range. */
  byCategory: z.array(ZCategoryCount),
  /** Every priority, in TICKET_PRIORITIES order, over tickets created in the range. */
  byPriority: z.array(ZPriorityCount),
});
export type TOverviewReport = z.infer<typeof ZOverviewReport>;

/** One agent or admin: tickets assigned to them and resolved in the range, and their times. */
export const ZAgentPerformance = z.object({
  agentId: z.uuid(),
  name: z.string(),
  resolved: z.number().int(),
  avgResolutionHours: ZHours,
  medianResolutionHours: ZHours,
  avgFirstResponseHours: ZHours,
  /** Tickets assigned to them that are new or in progress now. */
  openAssigned: z.number().int(),
});
export type TAgentPerformance = z.infer<typeof ZAgentPerformance>;

export const ZResponseTimePoint = z.object({
  date: ZBucketDate,
  avgFirstResponseHours: ZHours,
  avgResolutionHours: ZHours,
});

/**
 * performance: first-response times over tickets first answered in the range, resolution times
 * over tickets resolved in it. agents: every active agent and admin plus anyone else who resolved
 * a ticket in the range, most resolved first.
 */
export const ZPerformanceReport = ZReportMeta.extend({
  type: z.literal('performance'),
  summary: z.object({
    resolved: z.number().int(),
    avgFirstResponseHours: ZHours,
    medianFirstResponseHours: ZHours,
    avgResolutionHours: ZHours,
    medianResolutionHours: ZHours,
  }),
  agents: z.array(ZAgentPerformance),
  responseTimes: z.array(ZResponseTimePoint),
});
export type TPerformanceReport = z.infer<typeof ZPerformanceReport>;

export const ZCategoryTrendPoint = z.object({
  date: ZBucketDate,
  technical: z.number().int(),
  access: z.number().int(),
  software: z.number().int(),
  hardware: z.number().int(),
  other: z.number().int(),
});
export type TCategoryTrendPoint = z.infer<typeof ZCategoryTrendPoint>;
export const ZPriorityTrendPoint = z.object({
  date: ZBucketDate,
  low: z.number().int(),
  medium: z.number().int(),
  high: z.number().int(),
  critical: z.number().int(),
});
export type TPriorityTrendPoint = z.infer<typeof ZPriorityTrendPoint>;

/** trends: created and resolved per bucket, and created per bucket by category and by priority. */
export const ZTrendsReport = ZReportMeta.extend({
  type: z.literal('trends'),
  volume: z.array(ZVolumePoint),
  byCategory: z.array(ZCategoryTrendPoint),
  byPriority: z.array(ZPriorityTrendPoint),
});
export type TTrendsReport = z.infer<typeof ZTrendsReport>;

export const ZSlaCounts = z.object({
  responseMet: z.number().int(),
  responseBreached: z.number().int(),
  responseCompliance: ZPercent,
  resolutionMet: z.number().int(),
  resolutionBreached: z.number().int(),
  resolutionCompliance: ZPercent,
});
export type TSlaCounts = z.infer<typeof ZSlaCounts>;

/**
 * sla: over tickets created in the range (bucketed by creation), per target: met = done by the
 * deadline; breached = done late, or not done and past the deadline. Targets still running count
 * as neither. Compliance = met / (met + breached) x 100, null when both are 0. The dashboard's SLA
 * metrics use the same rule.
 */
export const ZSlaReport = ZReportMeta.extend({
  type: z.literal('sla'),
  summary: ZSlaCounts,
  series: z.array(ZSlaCounts.extend({ date: ZBucketDate })),
  byPriority: z.array(ZSlaCounts.extend({ priority: ZTicketPriority })),
});
export type TSlaReport = z.infer<typeof ZSlaReport>;

/** An article in one of the knowledge-base report's top lists. */
const ZKnowledgeArticle = z.object({ articleId: z.uuid(), title: z.string() });

/**
 * knowledge: the knowledge base over the range (docs/product.md#reports). reads: counted article
 * views (once per person, article and day); answers: "Was this helpful?" answers given or last
 * changed in the range; searchesWithoutResult: searches of published articles that found nothing;
 * deflections: suggested articles opened from the Create Ticket dialog whose draft was then
 * abandoned. Top lists hold at most KNOWLEDGE_REPORT_TOP entries.
 */
export const ZKnowledgeReport = ZReportMeta.extend({
  type: z.literal('knowledge'),
  summary: z.object({
    reads: z.number().int(),
    helpfulYes: z.number().int(),
    helpfulNo: z.number().int(),
    helpfulRate: ZPercent,
    searchesWithoutResult: z.number().int(),
    deflections: z.number().int(),
  }),
  activity: z.array(
    z.object({
      date: ZBucketDate,
      reads: z.number().int(),
      searchesWithoutResult: z.number().int(),
      deflections: z.number().int(),
    }),
  ),
  mostRead: z.array(ZKnowledgeArticle.extend({ reads: z.number().int() })),
  helpfulness: z.array(
    ZKnowledgeArticle.extend({ yes: z.number().int(), no: z.number().int(), helpfulRate: ZPercent }),
  ),
  unfoundSearches: z.array(z.object({ words: z.string(), searches: z.number().int() })),
  deflectedBy: z.array(ZKnowledgeArticle.extend({ deflections: z.number().int() })),
});
export type TKnowledgeReport = z.infer<typeof ZKnowledgeReport>;
export const KNOWLEDGE_REPORT_TOP = 10;

export const ZReport = z.discriminatedUnion('type', [
  ZOverviewReport,
  ZPerformanceReport,
  ZTrendsReport,
  ZSlaReport,
  ZKnowledgeReport,
]);
export type TReport = z.infer<typeof ZReport>;

/** A table of a report as the screen shows it and the CSV export writes it, cells already formatted. */
export type TReportTable = { key: string; title: string; columns: string[]; rows: string[][] };

const hours = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));
const percent = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)}%`);
const count = (value: number) => String(value);
const period = (report: TReport) => (report.bucket === 'month' ? 'Month' : 'Date');
const bucketText = (report: TReport, date: string) => (report.bucket === 'month' ? date.slice(0, 7) : date);

function slaRow(c: TSlaCounts): string[] {
  return [
    count(c.responseMet),
    count(c.responseBreached),
    percent(c.responseCompliance),
    count(c.resolutionMet),
    count(c.resolutionBreached),
    percent(c.resolutionCompliance),
  ];
}
const SLA_COLUMNS = [
  'Response met',
  'Response breached',
  'Response compliance',
  'Resolution met',
  'Resolution breached',
  'Resolution compliance',
];

/**
 * The tables of a report, in screen order. The Reports screen renders these and the CSV export
 * writes exactly these (a title line, a header line, the rows, a blank line per table), so the
 * file always matches the screen.
 */
export function reportTables(report: TReport): TReportTable[] {
  const volumeTable = (volume: TVolumePoint[]): TReportTable => ({
    key: 'volume',
    title: 'Tickets created and resolved',
    columns: [period(report), 'Created', 'Resolved'],
    rows: volume.map((p) => [bucketText(report, p.date), count(p.created), count(p.resolved)]),
  });
  switch (report.type) {
    case 'overview':
      return [
        {
          key: 'summary',
          title: 'Summary',
          columns: ['Metric', 'Value'],
          rows: [
            ['Tickets created', count(report.summary.created)],
            ['Tickets resolved', count(report.summary.resolved)],
            ['Created and still open', count(report.summary.stillOpen)],
            ['Average first response (hours)', hours(report.summary.avgFirstResponseHours)],
            ['Average resolution (hours)', hours(report.summary.avgResolutionHours)],
            ['SLA compliance', percent(report.summary.slaCompliance)],
          ],
        },
        volumeTable(report.volume),
        {
          key: 'byCategory',
          title: 'Tickets by category',
          columns: ['Category', 'Tickets'],
          rows: report.byCategory.map((c) => [TICKET_CATEGORY_LABELS[c.category], count(c.count)]),
        },
        {
          key: 'byPriority',
          title: 'Tickets by priority',
          columns: ['Priority', 'Tickets'],
          rows: report.byPriority.map((p) => [TICKET_PRIORITY_LABELS[p.priority], count(p.count)]),
        },
      ];
    case 'performance':
      return [
        {
          key: 'summary',
          title: 'Response and resolution times',
          columns: ['Metric', 'Value'],
          rows: [
            ['Tickets resolved', count(report.summary.resolved)],
            ['Average first response (hours)', hours(report.summary.avgFirstResponseHours)],
            ['Median first response (hours)', hours(report.summary.medianFirstResponseHours)],
            ['Average resolution (hours)', hours(report.summary.avgResolutionHours)],
            ['Median resolution (hours)', hours(report.summary.medianResolutionHours)],
          ],
        },
        {
          key: 'agents',
          title: 'Agent performance',
          columns: [
            'Agent',
            'Resolved',
            'Average resolution (hours)',
            'Median resolution (hours)',
            'Average first response (hours)',
            'Open assigned',
          ],
          rows: report.agents.map((a) => [
            a.name,
            count(a.resolved),
            hours(a.avgResolutionHours),
            hours(a.medianResolutionHours),
            hours(a.avgFirstResponseHours),
            count(a.openAssigned),
          ]),
        },
        {
          key: 'responseTimes',
          title: 'Response and resolution times over time',
          columns: [period(report), 'Average first response (hours)', 'Average resolution (hours)'],
          rows: report.responseTimes.map((p) => [
            bucketText(report, p.date),
            hours(p.avgFirstResponseHours),
            hours(p.avgResolutionHours),
          ]),
        },
      ];
    case 'trends':
      return [
        volumeTable(report.volume),
        {
          key: 'byCategory',
          title: 'Tickets created by category',
          columns: [period(report), ...TICKET_CATEGORIES.map((c) => TICKET_CATEGORY_LABELS[c])],
          rows: report.byCategory.map((p) => [
            bucketText(report, p.date),
            ...TICKET_CATEGORIES.map((c) => count(p[c])),
          ]),
        },
        {
          key: 'byPriority',
          title: 'Tickets created by priority',
          columns: [period(report), ...TICKET_PRIORITIES.map((p) => TICKET_PRIORITY_LABELS[p])],
          rows: report.byPriority.map((p) => [
            bucketText(report, p.date),
            ...TICKET_PRIORITIES.map((k) => count(p[k])),
          ]),
        },
      ];
    case 'sla':
      return [
        {
          key: 'summary',
          title: 'SLA compliance',
          columns: SLA_COLUMNS,
          rows: [slaRow(report.summary)],
        },
        {
          key: 'series',
          title: 'SLA compliance over time',
          columns: [period(report), ...SLA_COLUMNS],
          rows: report.series.map((p) => [bucketText(report, p.date), ...slaRow(p)]),
        },
        {
          key: 'byPriority',
          title: 'SLA compliance by priority',
          columns: ['Priority', ...SLA_COLUMNS],
          rows: report.byPriority.map((p) => [TICKET_PRIORITY_LABELS[p.priority], ...slaRow(p)]),
        },
      ];
    case 'knowledge':
      return knowledgeTables(report, period(report), (date) => bucketText(report, date));
  }
}

function knowledgeTables(
  report: TKnowledgeReport,
  periodLabel: string,
  bucketLabel: (date: string) => string,
): TReportTable[] {
  return [
    {
      key: 'summary',
      title: 'Knowledge base',
      columns: ['Metric', 'Value'],
      rows: [
        ['Articles read', count(report.summary.reads)],
        ['Helpful answers (yes)', count(report.summary.helpfulYes)],
        ['Not helpful answers (no)', count(report.summary.helpfulNo)],
        ['Helpful rate', percent(report.summary.helpfulRate)],
        ['Searches with no result', count(report.summary.searchesWithoutResult)],
        ['Deflections', count(report.summary.deflections)],
      ],
    },
    {
      key: 'activity',
      title: 'Knowledge base activity',
      columns: [periodLabel, 'Articles read', 'Searches with no result', 'Deflections'],
      rows: report.activity.map((p) => [
        bucketLabel(p.date),
        count(p.reads),
        count(p.searchesWithoutResult),
        count(p.deflections),
      ]),
    },
    {
      key: 'mostRead',
      title: 'Most read articles',
      columns: ['Article', 'Reads'],
      rows: report.mostRead.map((a) => [a.title, count(a.reads)]),
    },
    {
      key: 'helpfulness',
      title: 'Helpfulness by article',
      columns: ['Article', 'Yes', 'No', 'Helpful rate'],
      rows: report.helpfulness.map((a) => [a.title, count(a.yes), count(a.no), percent(a.helpfulRate)]),
    },
    {
      key: 'unfoundSearches',
      title: 'Searches with no result',
      columns: ['Words', 'Searches'],
      rows: report.unfoundSearches.map((s) => [s.words, count(s.searches)]),
    },
    {
      key: 'deflectedBy',
      title: 'Deflections by article',
      columns: ['Article', 'Deflections'],
      rows: report.deflectedBy.map((a) => [a.title, count(a.deflections)]),
    },
  ];
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell, always quoted, with a leading quote before what a spreadsheet would run as a formula
 * (= + - @ TAB CR: OWASP CSV injection). Every piece a reader could
 * split the cell into is guarded, not only its start: a reader that splits on ';' (or on ',' inside
 * a field it does not take as quoted) sees each piece as a cell of its own.
 */
export function csvCell(value: string): string {
  // A plain number ('-0.4' hours) is a value to a spreadsheet, never a formula, and stays one.
  const safe = PLAIN_NUMBER.test(value) ? value : value.replace(/(^|[;,])([=+\-@\t\r])/g, "$1'$2");
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * A report's tables as CSV (RFC 4180, every line ends in CRLF): per table a title line, a header
 * line, its rows and a blank line. The API writes the English export with it; the Reports screen
 * writes the same file from the tables it shows in another language.
 */
export function reportTablesCsv(tables: readonly TReportTable[]): string {
  const lines: string[] = [];
  for (const table of tables) {
    lines.push(csvCell(table.title), table.columns.map(csvCell).join(','));
    for (const row of table.rows) lines.push(row.map(csvCell).join(','));
    lines.push('');
  }
  return lines.map((line) => `${line}\r\n`).join('');
}

/** The export's file name, e.g. 'helpdesk-overview-30days-2025-01-31.csv' (date: the report's end, local). */
export const reportFileName = (type: TReportType, range: TReportRange, localDate: string) =>
  `helpdesk-${type}-${range}-${localDate}.csv`;

export const REPORT_MESSAGES = {
  loadError: 'Failed to load the report. Please try again.',
  exportError: 'Failed to export the report',
  exported: 'Report exported',
  noData: 'No tickets in this period.',
} as const;
