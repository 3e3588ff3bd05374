import {
  reportFileName,
  reportTables,
  reportTablesCsv,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TReport,
  type TReportBucket,
  type TReportQuery,
  type TReportRange,
  type TSlaCounts,
  type TVolumePoint,
} from '@helpdesk/contracts';
import { sql } from '../db.ts';
import { currentTimeZone } from '../settings/service.ts';
import { knowledgeReport } from './knowledge-report.ts';
import {
  type CreatedStatsRow,
  type DurationStatsRow,
  type MedianRow,
  type ReportWindow,
  type SlaCountRow,
  selectCreatedStats,
  selectDurationMedians,
  selectDurationStats,
  selectReportWindow,
  selectStaffWithOpenCounts,
} from './queries.ts';

/** Day buckets up to 90 days; a year is 12 months (this one the last). */
const RANGE_BUCKETS: Record<TReportRange, { unit: TReportBucket; count: number }> = {
  '7days': { unit: 'day', count: 7 },
  '30days': { unit: 'day', count: 30 },
  '90days': { unit: 'day', count: 90 },
  '1year': { unit: 'month', count: 12 },
};

/** met / (met + breached) as a percentage with one decimal; null when nothing was decided. */
function compliance(met: number, breached: number): number | null {
  const total = met + breached;
  return total === 0 ? null : Math.round((1000 * met) / total) / 10;
}

function slaCountsOf(row: SlaCountRow): TSlaCounts {
  return {
    responseMet: row.responseMet,
    responseBreached: row.responseBreached,
    responseCompliance: compliance(row.responseMet, row.responseBreached),
    resolutionMet: row.resolutionMet,
    resolutionBreached: row.resolutionBreached,
    resolutionCompliance: compliance(row.resolutionMet, row.resolutionBreached),
  };
}

const EMPTY_SLA: SlaCountRow = {
  responseMet: 0,
  responseBreached: 0,
  resolutionMet: 0,
  resolutionBreached: 0,
};

/** Every bucket of the window in order, with the row of that date or undefined for an empty one. */
function perBucket<Row extends { level: string; date: string | null }, Out>(
  w: ReportWindow,
  rows: readonly Row[],
  map: (date: string, row: Row | undefined) => Out,
): Out[] {
  const byDate = new Map(rows.flatMap((row) => (row.level === 'bucket' ? [[row.date, row] as const] : [])));
  return w.buckets.map((date) => map(date, byDate.get(date)));
}

const totalOf = <Row extends { level: string }>(rows: readonly Row[]) =>
  rows.find((row) => row.level === 'total');

const metaOf = (query: TReportQuery, w: ReportWindow) => ({
  range: query.range,
  bucket: w.unit,
  timeZone: w.timeZone,
  from: w.from,
  to: w.to,
});

function volumeOf(w: ReportWindow, created: CreatedStatsRow[], resolved: DurationStatsRow[]): TVolumePoint[] {
  const resolvedByDate = new Map(
    resolved.flatMap((row) => (row.level === 'bucket' ? [[row.date, row.count]] : [])),
  );
  return perBucket(w, created, (date, row) => ({
    date,
    created: row?.created ?? 0,
    resolved: resolvedByDate.get(date) ?? 0,
  }));
}

async function overview(query: TReportQuery, w: ReportWindow): Promise<TReport> {
  const [created, resolved, responded] = await Promise.all([
    selectCreatedStats(sql, w),
    selectDurationStats(sql, w, 'resolved_at'),
    selectDurationStats(sql, w, 'responded_at'),
  ]);
  const total = totalOf(created);
  return {
    type: 'overview',
    ...metaOf(query, w),
    summary: {
      created: total?.created ?? 0,
      resolved: totalOf(resolved)?.count ?? 0,
      stillOpen: total?.stillOpen ?? 0,
      avgFirstResponseHours: totalOf(responded)?.avgHours ?? null,
      avgResolutionHours: totalOf(resolved)?.avgHours ?? null,
      slaCompliance: compliance(
        (total?.responseMet ?? 0) + (total?.resolutionMet ?? 0),
        (total?.responseBreached ?? 0) + (total?.resolutionBreached ?? 0),
      ),
    },
    volume: volumeOf(w, created, resolved),
    byCategory: TICKET_CATEGORIES.map((category) => ({ category, count: total?.[category] ?? 0 })),
    byPriority: TICKET_PRIORITIES.map((priority) => ({ priority, count: total?.[priority] ?? 0 })),
  };
}

async function performance(query: TReportQuery, w: ReportWindow): Promise<TReport> {
  const [resolved, responded, resolvedMedians, respondedMedians] = await Promise.all([
    selectDurationStats(sql, w, 'resolved_at'),
    selectDurationStats(sql, w, 'responded_at'),
    selectDurationMedians(sql, w, 'resolved_at'),
    selectDurationMedians(sql, w, 'responded_at'),
  ]);
  const medianOf = (rows: MedianRow[], assigneeId: string | null) =>
    rows.find((row) => (assigneeId === null ? row.isTotal : !row.isTotal && row.assigneeId === assigneeId))
      ?.medianHours ?? null;
  const byAssignee = (rows: DurationStatsRow[]) =>
    new Map(rows.flatMap((row) => (row.level === 'split' && row.assigneeId ? [[row.assigneeId, row]] : [])));
  const resolvedBy = byAssignee(resolved);
  const respondedBy = byAssignee(responded);
  const staff = await selectStaffWithOpenCounts(sql, [...resolvedBy.keys()]);
  const agents = staff
    .map((member) => {
      const mine = resolvedBy.get(member.agentId);
      return {
        ...member,
        resolved: mine?.count ?? 0,
        avgResolutionHours: mine?.avgHours ?? null,
        medianResolutionHours: medianOf(resolvedMedians, member.agentId),
        avgFirstResponseHours: respondedBy.get(member.agentId)?.avgHours ?? null,
      };
    })
    .sort(
      (a, b) => b.resolved - a.resolved || a.name.localeCompare(b.name) || a.agentId.localeCompare(b.agentId),
    );
  const resolutionByDate = new Map(
    resolved.flatMap((row) => (row.level === 'bucket' ? [[row.date, row.avgHours]] : [])),
  );
  return {
    type: 'performance',
    ...metaOf(query, w),
    summary: {
      resolved: totalOf(resolved)?.count ?? 0,
      avgFirstResponseHours: totalOf(responded)?.avgHours ?? null,
      medianFirstResponseHours: medianOf(respondedMedians, null),
      avgResolutionHours: totalOf(resolved)?.avgHours ?? null,
      medianResolutionHours: medianOf(resolvedMedians, null),
    },
    agents: agents.map((a) => ({
      agentId: a.agentId,
      name: a.name,
      resolved: a.resolved,
      avgResolutionHours: a.avgResolutionHours,
      medianResolutionHours: a.medianResolutionHours,
      avgFirstResponseHours: a.avgFirstResponseHours,
      openAssigned: a.openAssigned,
    })),
    responseTimes: perBucket(w, responded, (date, row) => ({
      date,
      avgFirstResponseHours: row?.avgHours ?? null,
      avgResolutionHours: resolutionByDate.get(date) ?? null,
    })),
  };
}

async function trends(query: TReportQuery, w: ReportWindow): Promise<TReport> {
  const [created, resolved] = await Promise.all([
    selectCreatedStats(sql, w),
    selectDurationStats(sql, w, 'resolved_at'),
  ]);
  return {
    type: 'trends',
    ...metaOf(query, w),
    volume: volumeOf(w, created, resolved),
    byCategory: perBucket(w, created, (date, row) => ({
      date,
      technical: row?.technical ?? 0,
      access: row?.access ?? 0,
      software: row?.software ?? 0,
      hardware: row?.hardware ?? 0,
      other: row?.other ?? 0,
    })),
    byPriority: perBucket(w, created, (date, row) => ({
      date,
      low: row?.low ?? 0,
      medium: row?.medium ?? 0,
      high: row?.high ?? 0,
      critical: row?.critical ?? 0,
    })),
  };
}

async function slaReport(query: TReportQuery, w: ReportWindow): Promise<TReport> {
  const created = await selectCreatedStats(sql, w);
  const byPriority = new Map(
    created.flatMap((row) => (row.level === 'split' && row.priority ? [[row.priority, row]] : [])),
  );
  return {
    type: 'sla',
    ...metaOf(query, w),
    summary: slaCountsOf(totalOf(created) ?? EMPTY_SLA),
    series: perBucket(w, created, (date, row) => ({ date, ...slaCountsOf(row ?? EMPTY_SLA) })),
    byPriority: TICKET_PRIORITIES.map((priority) => ({
      priority,
      ...slaCountsOf(byPriority.get(priority) ?? EMPTY_SLA),
    })),
  };
}

const knowledge = (query: TReportQuery, w: ReportWindow): Promise<TReport> =>
  knowledgeReport(metaOf(query, w), w);

const BUILDERS = { overview, performance, trends, sla: slaReport, knowledge } as const;

/**
 * One report from the tickets, computed in SQL over the range's window in the desk's timezone.
 * `asOf` (an ISO instant) moves the window's end into the past; the API always uses now.
 */
export async function buildReport(query: TReportQuery, options: { asOf?: string } = {}): Promise<TReport> {
  const timeZone = await currentTimeZone();
  const w = await selectReportWindow(sql, {
    ...RANGE_BUCKETS[query.range],
    timeZone,
    asOf: options.asOf ?? null,
  });
  return BUILDERS[query.type](query, w);
}

/** The report's tables as CSV, in English (reportTablesCsv: the same file the screen builds in other languages). */
export function reportCsv(report: TReport): string {
  return reportTablesCsv(reportTables(report));
}

/** The export: the report as CSV and its file name (type, range and the report's local date). */
export async function exportReport(query: TReportQuery): Promise<{ fileName: string; csv: string }> {
  const report = await buildReport(query);
  const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: report.timeZone }).format(
    new Date(report.to),
  );
  return { fileName: reportFileName(query.type, query.range, localDate), csv: reportCsv(report) };
}
