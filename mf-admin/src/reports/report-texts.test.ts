import { describe, expect, test } from 'bun:test';
import {
  reportTables,
  reportTablesCsv,
  type TKnowledgeReport,
  type TOverviewReport,
  type TPerformanceReport,
  type TSlaReport,
  type TTrendsReport,
} from '@helpdesk/contracts';
import type { TReportsT } from './messages.ts';
import { reportFigure, reportText, translatedReportCsv, translatedTable } from './report-texts.ts';
import { bucketLabel } from './report-view-model.ts';

// Marks every translated text, so a test sees which texts went through the catalogue.
const marked: TReportsT = (id) => `‹${id}›`;

// A desk far east of UTC: the report ends on the 22nd there, the 21st in UTC.
const meta = {
  timeZone: 'Pacific/Auckland',
  range: '30days',
  bucket: 'day',
  from: '2026-10-23T11:00:00.000Z',
  to: '2026-11-21T15:00:00.000Z',
} as const;
const overview: TOverviewReport = {
  ...meta,
  type: 'overview',
  summary: {
    created: 7,
    resolved: 5,
    stillOpen: 2,
    avgFirstResponseHours: 0.5,
    avgResolutionHours: null,
    slaCompliance: 80,
  },
  volume: [{ date: '2026-11-21', created: 7, resolved: 5 }],
  byCategory: [{ category: 'hardware', count: 7 }],
  byPriority: [{ priority: 'high', count: 7 }],
};
const performance: TPerformanceReport = {
  ...meta,
  type: 'performance',
  summary: {
    resolved: 1,
    avgFirstResponseHours: null,
    medianFirstResponseHours: null,
    avgResolutionHours: 2,
    medianResolutionHours: 2,
  },
  agents: [
    {
      agentId: '00000000-0000-4000-8000-000000000001',
      name: 'Low',
      resolved: 1,
      avgResolutionHours: 2,
      medianResolutionHours: 2,
      avgFirstResponseHours: null,
      openAssigned: 0,
    },
  ],
  responseTimes: [{ date: '2026-11-21', avgFirstResponseHours: null, avgResolutionHours: 2 }],
};
const trends: TTrendsReport = {
  ...meta,
  type: 'trends',
  volume: [{ date: '2026-11-21', created: 1, resolved: 0 }],
  byCategory: [{ date: '2026-11-21', technical: 1, access: 0, software: 0, hardware: 0, other: 0 }],
  byPriority: [{ date: '2026-11-21', low: 0, medium: 1, high: 0, critical: 0 }],
};
const slaCounts = {
  responseMet: 1,
  responseBreached: 0,
  responseCompliance: 100,
  resolutionMet: 0,
  resolutionBreached: 1,
  resolutionCompliance: 0,
};
const sla: TSlaReport = {
  ...meta,
  type: 'sla',
  summary: slaCounts,
  series: [],
  byPriority: [{ priority: 'critical', ...slaCounts }],
};
const knowledge: TKnowledgeReport = {
  ...meta,
  type: 'knowledge',
  summary: {
    reads: 4,
    helpfulYes: 1,
    helpfulNo: 0,
    helpfulRate: null,
    searchesWithoutResult: 2,
    deflections: 1,
  },
  activity: [{ date: '2026-11-21', reads: 4, searchesWithoutResult: 2, deflections: 1 }],
  mostRead: [{ articleId: '00000000-0000-4000-8000-000000000002', title: 'Summary', reads: 4 }],
  helpfulness: [],
  unfoundSearches: [{ words: 'Priority', searches: 2 }],
  deflectedBy: [],
};
const REPORTS = [overview, performance, trends, sla, knowledge];

describe('report tables in the reader’s language', () => {
  test('in English every table, and so the CSV, stays exactly as contracts writes it', () => {
    for (const report of REPORTS) {
      const tables = reportTables(report);
      expect(tables.map((table) => translatedTable(table))).toEqual(tables);
    }
  });

  test('every title, column name and metric name the tables write has a message', () => {
    for (const report of REPORTS) {
      for (const table of reportTables(report).map((raw) => translatedTable(raw, marked))) {
        expect(table.title).toStartWith('‹');
        for (const column of table.columns) expect(column).toStartWith('‹');
        if (table.key === 'summary' && table.rows[0]?.length === 2) {
          for (const [label] of table.rows) expect(label).toStartWith('‹');
        }
      }
    }
  });

  test('named rows and n/a are translated; figures, dates, agent names, titles and searched words are not', () => {
    const [summary, volume, byCategory] = reportTables(overview).map((table) =>
      translatedTable(table, marked),
    );
    expect(summary?.rows[4]).toEqual([
      '‹reports.text.averageResolutionHours›',
      '‹reports.text.notAvailable›',
    ]);
    expect(volume?.rows).toEqual([['2026-11-21', '7', '5']]);
    expect(byCategory?.rows).toEqual([['‹reports.category.hardware›', '7']]);
    const agents = translatedTable(reportTables(performance)[1]!, marked);
    expect(agents.rows[0]?.[0]).toBe('Low');
    const [, , mostRead, , unfound] = reportTables(knowledge).map((table) => translatedTable(table, marked));
    expect(mostRead?.rows[0]?.[0]).toBe('Summary');
    expect(unfound?.rows[0]?.[0]).toBe('Priority');
    expect(reportText('Someone else', marked)).toBe('Someone else');
  });

  test('the export in another language is the API’s CSV of the translated tables, named by the desk’s date', () => {
    const { fileName, csv } = translatedReportCsv(overview, marked, 'en');
    expect(fileName).toBe('helpdesk-overview-30days-2026-11-22.csv');
    expect(csv).toBe(reportTablesCsv(reportTables(overview).map((table) => translatedTable(table, marked))));
    expect(csv).toStartWith('"‹reports.text.summary›"\r\n"‹reports.text.metric›","‹reports.text.value›"\r\n');
  });
});

describe('figures in another language', () => {
  test('decimals and percentages follow the language; whole numbers, dates and English stay as written', () => {
    const [summary] = reportTables(overview).map((table) => translatedTable(table, marked, 'de'));
    expect(summary?.rows.map(([, value]) => value)).toEqual([
      '7',
      '5',
      '2',
      '0,5',
      '‹reports.text.notAvailable›',
      '80,0\u00a0%',
    ]);
    expect(reportFigure('2026-11-21', marked, 'fr')).toBe('2026-11-21');
    expect(reportFigure('74.8%', marked, 'en')).toBe('74.8%');
    expect(reportFigure('1234', marked, 'es')).toBe('1234');
  });
});

describe('axis labels in another language', () => {
  test('month names follow the language, on the desk’s calendar day', () => {
    expect(bucketLabel('2026-11-21', 'day', 'de')).toBe('21. Nov.');
    expect(bucketLabel('2026-11-01', 'month', 'de')).toBe('Nov. 2026');
    expect(bucketLabel('2026-11-21', 'day', 'en')).toBe('Nov 21');
    expect(bucketLabel('soon', 'day', 'fr')).toBe('soon');
  });
});
