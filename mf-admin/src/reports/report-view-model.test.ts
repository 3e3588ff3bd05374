import { describe, expect, test } from 'bun:test';
import { reportTables, type TOverviewReport, type TSlaReport } from '@helpdesk/contracts';
import {
  bucketLabel,
  fallbackExportFileName,
  hasTickets,
  reportSections,
  summaryStats,
  toReportRange,
  toReportType,
} from './report-view-model.ts';

const meta = {
  range: '7days' as const,
  bucket: 'day' as const,
  timeZone: 'UTC',
  from: '2026-11-15T00:00:00.000Z',
  to: '2026-11-21T15:00:00.000Z',
};

const overview: TOverviewReport = {
  ...meta,
  type: 'overview',
  summary: {
    created: 3,
    resolved: 2,
    stillOpen: 1,
    avgFirstResponseHours: 1.5,
    avgResolutionHours: null,
    slaCompliance: 50,
  },
  volume: [
    { date: '2026-11-20', created: 1, resolved: 0 },
    { date: '2026-11-21', created: 2, resolved: 2 },
  ],
  byCategory: [{ category: 'technical', count: 3 }],
  byPriority: [{ priority: 'high', count: 3 }],
};

const emptySla: TSlaReport = {
  ...meta,
  type: 'sla',
  summary: {
    responseMet: 0,
    responseBreached: 0,
    responseCompliance: null,
    resolutionMet: 0,
    resolutionBreached: 0,
    resolutionCompliance: null,
  },
  series: [],
  byPriority: [],
};

describe('bucketLabel', () => {
  test('days and months, read from the text', () => {
    expect(bucketLabel('2026-11-01', 'day')).toBe('Nov 1');
    expect(bucketLabel('2026-01-31', 'day')).toBe('Jan 31');
    expect(bucketLabel('2026-12-01', 'month')).toBe('Dec 2026');
  });

  test('anything else is shown as it came', () => {
    expect(bucketLabel('soon', 'day')).toBe('soon');
    expect(bucketLabel('2026-13-01', 'day')).toBe('2026-13-01');
  });
});

test('select values narrow to known types and ranges', () => {
  expect(toReportType('sla')).toBe('sla');
  expect(toReportType('finance')).toBe('overview');
  expect(toReportRange('1year')).toBe('1year');
  expect(toReportRange('2years')).toBe('30days');
});

describe('summary and sections', () => {
  test('a Metric/Value summary gives one stat per row, exactly as the table formats it', () => {
    const { summary, sections } = reportSections(reportTables(overview));
    expect(summary?.key).toBe('summary');
    expect(sections.map((s) => s.key)).toEqual(['volume', 'byCategory', 'byPriority']);
    expect(summaryStats(summary ?? { key: '', title: '', columns: [], rows: [] })).toEqual([
      { label: 'Tickets created', value: '3' },
      { label: 'Tickets resolved', value: '2' },
      { label: 'Created and still open', value: '1' },
      { label: 'Average first response (hours)', value: '1.5' },
      { label: 'Average resolution (hours)', value: 'n/a' },
      { label: 'SLA compliance', value: '50.0%' },
    ]);
  });

  test('a one-row summary gives one stat per column', () => {
    const { summary } = reportSections(reportTables(emptySla));
    expect(summary && summaryStats(summary)).toEqual([
      { label: 'Response met', value: '0' },
      { label: 'Response breached', value: '0' },
      { label: 'Response compliance', value: 'n/a' },
      { label: 'Resolution met', value: '0' },
      { label: 'Resolution breached', value: '0' },
      { label: 'Resolution compliance', value: 'n/a' },
    ]);
  });
});

test('hasTickets tells a quiet period from a busy one', () => {
  expect(hasTickets(overview)).toBe(true);
  expect(hasTickets({ ...overview, summary: { ...overview.summary, created: 0, resolved: 0 } })).toBe(false);
  expect(hasTickets(emptySla)).toBe(false);
  expect(
    hasTickets({
      ...emptySla,
      series: [{ ...emptySla.summary, date: '2026-11-21', responseBreached: 1 }],
    }),
  ).toBe(true);
});

test('the fallback file name follows the server pattern with the local date', () => {
  expect(fallbackExportFileName('trends', '90days', new Date(2026, 0, 5, 23, 59))).toBe(
    'helpdesk-trends-90days-2026-01-05.csv',
  );
});
