import { beforeAll, describe, expect, test } from 'bun:test';
import { ADMIN_API_PATHS, reportTables, type TKnowledgeReport, ZReport } from '@helpdesk/contracts';
import { signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { insertCategory, postArticle } from '../kb/test-fixtures.ts';
import { buildReport, reportCsv } from './service.ts';

/** A June long ago that no other test counts anything in. */
const AS_OF = '2004-06-15T12:00:00Z';
const DAYS = Array.from({ length: 20 }, (_, index) => `2004-06-${String(index + 1).padStart(2, '0')}`);

let admin: { user: TestUser; client: TestClient };
let endUser: { user: TestUser; client: TestClient };
let articles: { id: string; title: string }[] = [];
let views: { articleId: string; day: string; views: number }[] = [];
let answers: { articleId: string; at: string; helpful: boolean }[] = [];
let misses: { day: string; words: string; searches: number }[] = [];
let deflections: { articleId: string; day: string; n: number }[] = [];

beforeAll(async () => {
  [admin, endUser] = await Promise.all([signedIn('admin'), signedIn('end_user')]);
  const category = await insertCategory();
  articles = [];
  for (let i = 0; i < 3; i++) {
    const article = await postArticle(admin.client, category.id, {
      status: 'published',
      title: `Recount ${i}`,
    });
    articles.push({ id: article.id, title: article.title });
  }
  const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signedIn('end_user')));
  views = DAYS.flatMap((day, d) =>
    articles.map((article, a) => ({ articleId: article.id, day, views: 1 + ((d * 3 + a * 5) % 7) })),
  );
  answers = people.flatMap((person, p) =>
    articles.map((article, a) => ({
      articleId: article.id,
      userId: person.user.id,
      at: `${DAYS[(p * 3 + a * 2) % DAYS.length]}T10:00:00Z`,
      helpful: (p + a) % 3 !== 0,
    })),
  );
  misses = DAYS.flatMap((day, d) => [
    { day, words: 'printer toner', searches: 1 + (d % 3) },
    ...(d % 2 === 0 ? [{ day, words: 'vpn mac', searches: 2 }] : []),
  ]);
  deflections = DAYS.filter((_, d) => d % 4 === 0).map((day, d) => ({
    articleId: articles[d % 3]?.id ?? '',
    day,
    n: d + 1,
  }));
  for (const v of views) {
    await sql`insert into kb_article_views (article_id, viewed_on, views) values (${v.articleId}, ${v.day}, ${v.views})`;
  }
  for (const [index, answer] of answers.entries()) {
    const userId = people[Math.floor(index / articles.length)]?.user.id ?? '';
    await sql`
      insert into kb_article_feedback (article_id, user_id, helpful, created_at, updated_at)
      values (${answer.articleId}, ${userId}, ${answer.helpful}, ${answer.at}, ${answer.at})`;
  }
  for (const m of misses) {
    await sql`insert into kb_search_misses (searched_on, words, searches) values (${m.day}, ${m.words}, ${m.searches})`;
  }
  for (const d of deflections) {
    await sql`insert into kb_deflections (article_id, deflected_on, deflections) values (${d.articleId}, ${d.day}, ${d.n})`;
  }
});

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the knowledge-base report', () => {
  test('every figure matches a recount of the stored rows over the window', async () => {
    const report = (await buildReport(
      { type: 'knowledge', range: '7days' },
      { asOf: AS_OF },
    )) as TKnowledgeReport;
    const first = report.activity[0]?.date ?? '';
    const last = report.activity.at(-1)?.date ?? '';
    expect(report.activity).toHaveLength(7);
    const inDays = (day: string) => day >= first && day <= last;
    const from = new Date(report.from).getTime();
    const to = new Date(report.to).getTime();
    const inRange = (at: string) => new Date(at).getTime() >= from && new Date(at).getTime() <= to;

    const ours = new Set(articles.map((a) => a.id));
    const reads = sum(views.filter((v) => inDays(v.day)).map((v) => v.views));
    const windowAnswers = answers.filter((a) => inRange(a.at));
    const yes = windowAnswers.filter((a) => a.helpful).length;
    const no = windowAnswers.length - yes;
    expect(report.summary).toEqual({
      reads,
      helpfulYes: yes,
      helpfulNo: no,
      helpfulRate: Math.round((1000 * yes) / (yes + no)) / 10,
      searchesWithoutResult: sum(misses.filter((m) => inDays(m.day)).map((m) => m.searches)),
      deflections: sum(deflections.filter((d) => inDays(d.day)).map((d) => d.n)),
    });
    for (const point of report.activity) {
      expect(point.reads).toBe(sum(views.filter((v) => v.day === point.date).map((v) => v.views)));
    }
    for (const row of report.mostRead.filter((r) => ours.has(r.articleId))) {
      expect(row.reads).toBe(
        sum(views.filter((v) => v.articleId === row.articleId && inDays(v.day)).map((v) => v.views)),
      );
    }
    for (const row of report.helpfulness) {
      const mine = windowAnswers.filter((a) => a.articleId === row.articleId);
      expect([row.yes, row.no]).toEqual([
        mine.filter((a) => a.helpful).length,
        mine.filter((a) => !a.helpful).length,
      ]);
    }
    const toner = sum(
      misses.filter((m) => inDays(m.day) && m.words === 'printer toner').map((m) => m.searches),
    );
    expect(report.unfoundSearches[0]).toEqual({ words: 'printer toner', searches: toner });
    expect(report.deflectedBy.map((d) => d.deflections)).toEqual(
      [...report.deflectedBy.map((d) => d.deflections)].sort((a, b) => b - a),
    );
  });

  test('a year is twelve months whose sums add up to the summary', async () => {
    const report = (await buildReport(
      { type: 'knowledge', range: '1year' },
      { asOf: AS_OF },
    )) as TKnowledgeReport;
    expect(report.activity).toHaveLength(12);
    expect(sum(report.activity.map((p) => p.reads))).toBe(report.summary.reads);
    expect(report.activity.at(-1)?.reads).toBe(
      sum(views.filter((v) => v.day <= '2004-06-15').map((v) => v.views)),
    );
  });

  test('admins get it and its CSV over HTTP; end users are refused', async () => {
    const query = new URLSearchParams({ type: 'knowledge', range: '30days' });
    const response = await admin.client.get(`${ADMIN_API_PATHS.adminReports}?${query}`);
    expect(response.status).toBe(200);
    const report = ZReport.parse(response.body);
    expect(reportTables(report).map((t) => t.key)).toEqual([
      'summary',
      'activity',
      'mostRead',
      'helpfulness',
      'unfoundSearches',
      'deflectedBy',
    ]);
    const csv = await admin.client.get(`${ADMIN_API_PATHS.adminReportsExport}?${query}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('helpdesk-knowledge-30days-');
    expect((await endUser.client.get(`${ADMIN_API_PATHS.adminReports}?${query}`)).status).toBe(403);
  });

  test('searched words reach the CSV as text, never as a formula', async () => {
    const report = (await buildReport(
      { type: 'knowledge', range: '7days' },
      { asOf: AS_OF },
    )) as TKnowledgeReport;
    const hostile = { ...report, unfoundSearches: [{ words: '=cmd|calc', searches: 1 }] };
    expect(reportCsv(hostile)).toContain(`"'=cmd|calc","1"`);
  });
});
