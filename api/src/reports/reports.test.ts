import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  csvCell,
  ERROR_CODES,
  REPORT_RANGES,
  REPORT_TYPES,
  reportTables,
  SERVER_MESSAGES,
  type TOverviewReport,
  type TPerformanceReport,
  type TReport,
  type TSlaReport,
  type TTicketCategory,
  type TTicketPriority,
  type TTicketStatus,
  type TTrendsReport,
  ZReport,
} from '@helpdesk/contracts';
import { parseCsv } from '@helpdesk/contracts/testing';
import { clearOfUtcMidnight } from '../../test/clock.ts';
import {
  createUser,
  errorOf,
  settingsForm,
  signedIn,
  sql,
  TestClient,
  type TestUser,
} from '../../test/helpers.ts';
import { buildReport, reportCsv } from './service.ts';

/** The report's moment for the exact tests: a June long ago that no other test writes tickets into. */
const AS_OF = '2003-06-15T12:00:00Z';
const HOUR = 3_600_000;

const reportPath = (type: string, range: string) =>
  `${ADMIN_API_PATHS.adminReports}?${new URLSearchParams({ type, range })}`;
const exportPath = (type: string, range: string) =>
  `${ADMIN_API_PATHS.adminReportsExport}?${new URLSearchParams({ type, range })}`;

type Row = {
  created: string;
  priority: TTicketPriority;
  category: TTicketCategory;
  status: TTicketStatus;
  assignee: TestUser | null;
  responseHours: number;
  resolveHours: number;
  respondedAt?: string;
  resolvedAt?: string;
};

async function insertTicket(requester: TestUser, row: Row): Promise<void> {
  const created = Date.parse(row.created);
  await sql`
    insert into tickets (title, description, priority, category, status, requester_id, assignee_id,
                         sla_response_by, sla_resolve_by, responded_at, resolved_at, created_at)
    values ('Report ticket', 'Inserted for the report tests.', ${row.priority}, ${row.category}, ${row.status},
            ${requester.id}, ${row.assignee?.id ?? null},
            ${new Date(created + row.responseHours * HOUR)}, ${new Date(created + row.resolveHours * HOUR)},
            ${row.respondedAt ? new Date(row.respondedAt) : null}, ${row.resolvedAt ? new Date(row.resolvedAt) : null},
            ${new Date(created)})`;
}

let agentA: TestUser;
let agentB: TestUser;

beforeAll(async () => {
  await sql`delete from settings`;
  const requester = await createUser();
  agentA = await createUser({ role: 'agent' });
  agentB = await createUser({ role: 'agent' });
  const tickets: Row[] = [
    // t1: answered in 1 h, resolved in 4 h, both on time.
    {
      created: '2003-06-10T09:00:00Z',
      priority: 'high',
      category: 'technical',
      status: 'resolved',
      assignee: agentA,
      responseHours: 4,
      resolveHours: 24,
      respondedAt: '2003-06-10T10:00:00Z',
      resolvedAt: '2003-06-10T13:00:00Z',
    },
    // t2: 12 h and 48 h, both on time.
    {
      created: '2003-06-10T20:00:00Z',
      priority: 'low',
      category: 'hardware',
      status: 'closed',
      assignee: agentA,
      responseHours: 24,
      resolveHours: 120,
      respondedAt: '2003-06-11T08:00:00Z',
      resolvedAt: '2003-06-12T20:00:00Z',
    },
    // t3: 2 h and 10 h against 1 h and 4 h targets: both breached.
    {
      created: '2003-06-12T00:30:00Z',
      priority: 'critical',
      category: 'access',
      status: 'resolved',
      assignee: agentB,
      responseHours: 1,
      resolveHours: 4,
      respondedAt: '2003-06-12T02:30:00Z',
      resolvedAt: '2003-06-12T10:30:00Z',
    },
    // t4: never answered, response deadline passed before the report, resolution deadline still ahead.
    {
      created: '2003-06-14T06:00:00Z',
      priority: 'medium',
      category: 'software',
      status: 'new',
      assignee: agentB,
      responseHours: 8,
      resolveHours: 48,
    },
    // t5: created before the 7-day window, answered (2 h) and resolved (6 h) inside it.
    {
      created: '2003-06-08T23:00:00Z',
      priority: 'medium',
      category: 'other',
      status: 'resolved',
      assignee: agentA,
      responseHours: 8,
      resolveHours: 48,
      respondedAt: '2003-06-09T01:00:00Z',
      resolvedAt: '2003-06-09T05:00:00Z',
    },
    // t6: created after the report's moment: in no number but agent A's open tickets now.
    {
      created: '2003-06-15T13:00:00Z',
      priority: 'high',
      category: 'technical',
      status: 'in_progress',
      assignee: agentA,
      responseHours: 4,
      resolveHours: 24,
    },
  ];
  for (const row of tickets) await insertTicket(requester, row);
});

afterAll(async () => {
  await sql`delete from settings`;
});

const exact = async <T extends TReport>(type: T['type'], range: string) =>
  ZReport.parse(await buildReport({ type, range: range as '7days' }, { asOf: AS_OF })) as T;

const DAYS = [
  '2003-06-09',
  '2003-06-10',
  '2003-06-11',
  '2003-06-12',
  '2003-06-13',
  '2003-06-14',
  '2003-06-15',
] as const;

describe('report numbers from tickets with known times (window ending 2003-06-15 12:00 UTC)', () => {
  test('overview, 7 days', async () => {
    const report = await exact<TOverviewReport>('overview', '7days');
    expect(report).toMatchObject({
      bucket: 'day',
      timeZone: 'UTC',
      from: '2003-06-09T00:00:00.000Z',
      to: '2003-06-15T12:00:00.000Z',
    });
    expect(report.summary).toEqual({
      created: 4,
      resolved: 4,
      stillOpen: 1,
      avgFirstResponseHours: 4.3,
      avgResolutionHours: 17,
      slaCompliance: 57.1,
    });
    expect(report.volume).toEqual([
      { date: DAYS[0], created: 0, resolved: 1 },
      { date: DAYS[1], created: 2, resolved: 1 },
      { date: DAYS[2], created: 0, resolved: 0 },
      { date: DAYS[3], created: 1, resolved: 2 },
      { date: DAYS[4], created: 0, resolved: 0 },
      { date: DAYS[5], created: 1, resolved: 0 },
      { date: DAYS[6], created: 0, resolved: 0 },
    ]);
    expect(report.byCategory).toEqual([
      { category: 'technical', count: 1 },
      { category: 'access', count: 1 },
      { category: 'software', count: 1 },
      { category: 'hardware', count: 1 },
      { category: 'other', count: 0 },
    ]);
    expect(report.byPriority).toEqual([
      { priority: 'low', count: 1 },
      { priority: 'medium', count: 1 },
      { priority: 'high', count: 1 },
      { priority: 'critical', count: 1 },
    ]);
  });

  test('performance, 7 days: averages, medians, per agent', async () => {
    const report = await exact<TPerformanceReport>('performance', '7days');
    expect(report.summary).toEqual({
      resolved: 4,
      avgFirstResponseHours: 4.3,
      medianFirstResponseHours: 2,
      avgResolutionHours: 17,
      medianResolutionHours: 8,
    });
    expect(report.agents.find((a) => a.agentId === agentA.id)).toEqual({
      agentId: agentA.id,
      name: `${agentA.firstName} ${agentA.lastName}`,
      resolved: 3,
      avgResolutionHours: 19.3,
      medianResolutionHours: 6,
      avgFirstResponseHours: 5,
      openAssigned: 1,
    });
    expect(report.agents.find((a) => a.agentId === agentB.id)).toEqual({
      agentId: agentB.id,
      name: `${agentB.firstName} ${agentB.lastName}`,
      resolved: 1,
      avgResolutionHours: 10,
      medianResolutionHours: 10,
      avgFirstResponseHours: 2,
      openAssigned: 1,
    });
    const resolvedCounts = report.agents.map((a) => a.resolved);
    expect(resolvedCounts).toEqual([...resolvedCounts].sort((a, b) => b - a));
    expect(report.responseTimes).toEqual([
      { date: DAYS[0], avgFirstResponseHours: 2, avgResolutionHours: 6 },
      { date: DAYS[1], avgFirstResponseHours: 1, avgResolutionHours: 4 },
      { date: DAYS[2], avgFirstResponseHours: 12, avgResolutionHours: null },
      { date: DAYS[3], avgFirstResponseHours: 2, avgResolutionHours: 29 },
      { date: DAYS[4], avgFirstResponseHours: null, avgResolutionHours: null },
      { date: DAYS[5], avgFirstResponseHours: null, avgResolutionHours: null },
      { date: DAYS[6], avgFirstResponseHours: null, avgResolutionHours: null },
    ]);
  });

  test('trends, 7 days: created by category and priority per day', async () => {
    const report = await exact<TTrendsReport>('trends', '7days');
    const zeroCategories = { technical: 0, access: 0, software: 0, hardware: 0, other: 0 };
    const zeroPriorities = { low: 0, medium: 0, high: 0, critical: 0 };
    expect(report.byCategory).toEqual([
      { date: DAYS[0], ...zeroCategories },
      { date: DAYS[1], ...zeroCategories, technical: 1, hardware: 1 },
      { date: DAYS[2], ...zeroCategories },
      { date: DAYS[3], ...zeroCategories, access: 1 },
      { date: DAYS[4], ...zeroCategories },
      { date: DAYS[5], ...zeroCategories, software: 1 },
      { date: DAYS[6], ...zeroCategories },
    ]);
    expect(report.byPriority[1]).toEqual({ date: DAYS[1], ...zeroPriorities, high: 1, low: 1 });
    expect(report.byPriority[3]).toEqual({ date: DAYS[3], ...zeroPriorities, critical: 1 });
    expect(report.byPriority[5]).toEqual({ date: DAYS[5], ...zeroPriorities, medium: 1 });
    expect(report.volume.map((p) => p.created)).toEqual([0, 2, 0, 1, 0, 1, 0]);
  });

  test('sla, 7 days: met, breached (late, or unanswered past the deadline), compliance', async () => {
    const report = await exact<TSlaReport>('sla', '7days');
    expect(report.summary).toEqual({
      responseMet: 2,
      responseBreached: 2,
      responseCompliance: 50,
      resolutionMet: 2,
      resolutionBreached: 1,
      resolutionCompliance: 66.7,
    });
    const none = {
      responseMet: 0,
      responseBreached: 0,
      responseCompliance: null,
      resolutionMet: 0,
      resolutionBreached: 0,
      resolutionCompliance: null,
    };
    expect(report.series).toEqual([
      { date: DAYS[0], ...none },
      {
        date: DAYS[1],
        responseMet: 2,
        responseBreached: 0,
        responseCompliance: 100,
        resolutionMet: 2,
        resolutionBreached: 0,
        resolutionCompliance: 100,
      },
      { date: DAYS[2], ...none },
      {
        date: DAYS[3],
        responseMet: 0,
        responseBreached: 1,
        responseCompliance: 0,
        resolutionMet: 0,
        resolutionBreached: 1,
        resolutionCompliance: 0,
      },
      { date: DAYS[4], ...none },
      { date: DAYS[5], ...none, responseBreached: 1, responseCompliance: 0 },
      { date: DAYS[6], ...none },
    ]);
    expect(report.byPriority).toEqual([
      {
        priority: 'low',
        responseMet: 1,
        responseBreached: 0,
        responseCompliance: 100,
        resolutionMet: 1,
        resolutionBreached: 0,
        resolutionCompliance: 100,
      },
      { priority: 'medium', ...none, responseBreached: 1, responseCompliance: 0 },
      {
        priority: 'high',
        responseMet: 1,
        responseBreached: 0,
        responseCompliance: 100,
        resolutionMet: 1,
        resolutionBreached: 0,
        resolutionCompliance: 100,
      },
      {
        priority: 'critical',
        responseMet: 0,
        responseBreached: 1,
        responseCompliance: 0,
        resolutionMet: 0,
        resolutionBreached: 1,
        resolutionCompliance: 0,
      },
    ]);
  });

  test('30 days and a year: the bucket sizes change, the numbers add up', async () => {
    const month = await exact<TOverviewReport>('overview', '30days');
    expect(month.volume).toHaveLength(30);
    expect(month.volume[0]?.date).toBe('2003-05-17');
    expect(month.summary.created).toBe(5);
    expect(month.volume.find((p) => p.date === '2003-06-08')).toEqual({
      date: '2003-06-08',
      created: 1,
      resolved: 0,
    });
    const quarter = await exact<TOverviewReport>('overview', '90days');
    expect(quarter.volume).toHaveLength(90);
    const year = await exact<TTrendsReport>('trends', '1year');
    expect(year.bucket).toBe('month');
    expect(year.from).toBe('2002-07-01T00:00:00.000Z');
    expect(year.volume.map((p) => p.date)).toEqual([
      '2002-07-01',
      '2002-08-01',
      '2002-09-01',
      '2002-10-01',
      '2002-11-01',
      '2002-12-01',
      '2003-01-01',
      '2003-02-01',
      '2003-03-01',
      '2003-04-01',
      '2003-05-01',
      '2003-06-01',
    ]);
    expect(year.volume.at(-1)).toEqual({ date: '2003-06-01', created: 5, resolved: 4 });
    expect(year.volume.slice(0, -1).every((p) => p.created === 0 && p.resolved === 0)).toBe(true);
  });

  test("buckets are days of the desk's timezone: in New York t3 (00:30 UTC) belongs to the day before", async () => {
    const { client } = await signedIn('admin');
    const saved = await client.put(ADMIN_API_PATHS.adminSettings, settingsForm({ timezone: 'EST' }));
    expect(saved.status).toBe(200);
    try {
      const report = await exact<TOverviewReport>('overview', '7days');
      expect(report.timeZone).toBe('America/New_York');
      expect(report.from).toBe('2003-06-09T04:00:00.000Z');
      expect(report.volume.map((p) => [p.date, p.created, p.resolved])).toEqual([
        ['2003-06-09', 0, 1],
        ['2003-06-10', 2, 1],
        ['2003-06-11', 1, 0],
        ['2003-06-12', 0, 2],
        ['2003-06-13', 0, 0],
        ['2003-06-14', 1, 0],
        ['2003-06-15', 0, 0],
      ]);
    } finally {
      await sql`delete from settings`;
    }
  });
});

/** The lines the screen's tables make: title, header, rows, blank, per table. */
const screenLines = (report: TReport) =>
  reportTables(report).flatMap((table) => [[table.title], table.columns, ...table.rows, ['']]);

describe('GET /api/admin/reports and the CSV export over HTTP', () => {
  test('every type and range answers a valid report; a new ticket moves today by one', async () => {
    const { client } = await signedIn('admin');
    // "Today" is the last bucket of each reading (days of the desk's timezone, UTC here): before
    // and after must be read on one day.
    await clearOfUtcMidnight(sql);
    for (const type of REPORT_TYPES) {
      for (const range of REPORT_RANGES) {
        const response = await client.get(reportPath(type, range));
        expect(response.status).toBe(200);
        const report = ZReport.parse(response.body);
        expect(report.type).toBe(type);
        expect(report.range).toBe(range);
      }
    }
    const before = ZReport.parse((await client.get(reportPath('overview', '7days'))).body) as TOverviewReport;
    const requester = await createUser();
    // Created now, not a minute ago: in the first minute of a day a minute ago is yesterday, the
    // last bucket of neither reading.
    await sql`
      insert into tickets (title, description, priority, category, requester_id, created_at, resolved_at, responded_at)
      values ('Fresh', 'Now.', 'critical', 'hardware', ${requester.id}, now(), now(), now())`;
    const after = ZReport.parse((await client.get(reportPath('overview', '7days'))).body) as TOverviewReport;
    expect(after.summary.created - before.summary.created).toBe(1);
    expect(after.summary.resolved - before.summary.resolved).toBe(1);
    expect((after.volume.at(-1)?.created ?? 0) - (before.volume.at(-1)?.created ?? 0)).toBe(1);
    const count = (r: TOverviewReport, category: string) =>
      r.byCategory.find((c) => c.category === category)?.count ?? 0;
    expect(count(after, 'hardware') - count(before, 'hardware')).toBe(1);
  }, 30_000);

  test('the export is the shown report as a CSV download: same tables, same rows', async () => {
    const { client } = await signedIn('admin');
    const show = async (type: string) => ZReport.parse((await client.get(reportPath(type, '30days'))).body);
    for (const type of REPORT_TYPES) {
      // The export is computed a moment after the shown report, and the numbers move with the
      // clock: a deadline of another test's ticket that passes, or a midnight, in between changes
      // them. Within a day every set a report counts only grows with its moment, so when the
      // report read after the export equals the one read before it, nothing moved in between and
      // the export must equal it exactly.
      let shown = await show(type);
      let response = await client.get(exportPath(type, '30days'));
      for (let attempt = 1; attempt < 3; attempt++) {
        const shownAfter = await show(type);
        if (Bun.deepEquals(screenLines(shownAfter), screenLines(shown))) break;
        shown = shownAfter;
        response = await client.get(exportPath(type, '30days'));
      }
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="helpdesk-${type}-30days-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(parseCsv(response.text)).toEqual(screenLines(shown));
    }
  });

  test('cells a spreadsheet would run as formulas are quoted out (CSV injection)', async () => {
    const { client } = await signedIn('admin');
    const names = ['=HYPERLINK("http://evil.test")', '+SUM(A1:A9)', '-2+3', '@cmd'];
    for (const firstName of names) {
      const agent = await createUser({ role: 'agent' });
      await sql`update users set first_name = ${firstName}, last_name = 'Agent' where id = ${agent.id}`;
    }
    const response = await client.get(exportPath('performance', '7days'));
    const cells = parseCsv(response.text).flat();
    for (const firstName of names) {
      expect(cells).toContain(`'${firstName} Agent`);
      expect(cells).not.toContain(`${firstName} Agent`);
    }
    expect(response.text).toContain('"\'=HYPERLINK(""http://evil.test"") Agent"');
    const report = await buildReport({ type: 'performance', range: '7days' }, { asOf: AS_OF });
    expect(parseCsv(reportCsv(report))).toEqual(
      screenLines(report).map((line) =>
        line.map((cell) => (/^[=+\-@]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell)),
      ),
    );
    // A negative figure (a reply stamped before its ticket by a skewed clock) stays a number.
    expect(csvCell('-0.4')).toBe('"-0.4"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('-1;=cmd')).toBe('"\'-1;\'=cmd"');
  });

  test('type and range are required and checked (400); agents and end users 403, anonymous 401', async () => {
    const { client } = await signedIn('admin');
    for (const url of [ADMIN_API_PATHS.adminReports, ADMIN_API_PATHS.adminReportsExport]) {
      const cases: [string, string][] = [
        ['', 'type'],
        ['type=overview', 'range'],
        ['range=7days', 'type'],
        ['type=finance&range=7days', 'type'],
        ['type=overview&range=2years', 'range'],
        ['type=overview&range=7days&format=xlsx', 'format'],
      ];
      for (const [query, field] of cases) {
        const response = await client.get(`${url}?${query}`);
        expect(response.status).toBe(400);
        expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
      }
    }
    for (const role of ['agent', 'end_user'] as const) {
      const { client: other } = await signedIn(role);
      for (const url of [reportPath('overview', '7days'), exportPath('overview', '7days')]) {
        const response = await other.get(url);
        expect(response.status).toBe(403);
        expect(errorOf(response)).toEqual({
          code: ERROR_CODES.forbidden,
          message: SERVER_MESSAGES.forbidden,
        });
      }
    }
    expect((await new TestClient().get(exportPath('sla', '7days'))).status).toBe(401);
  });
});
