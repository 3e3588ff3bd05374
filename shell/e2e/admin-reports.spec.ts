import { readFileSync } from 'node:fs';
import { parseCsv } from '@helpdesk/contracts/testing';
import { expect, type Page, test } from '@playwright/test';
import { clearOfUtcMidnight, collectPageErrors, signInAsAdmin, toastText } from './support.ts';

type TCsvSection = { title: string; header: string[]; rows: string[][] };

/** The export: per table a title line, a header line, the rows, then a blank line. */
function parseReportCsv(text: string): TCsvSection[] {
  const sections: TCsvSection[] = [];
  let current: string[][] = [];
  const flush = () => {
    const [titleLine, header, ...rows] = current;
    if (titleLine && header) sections.push({ title: titleLine.join(','), header, rows });
    current = [];
  };
  for (const line of parseCsv(text.replace(/^\uFEFF/, ''))) {
    if (line.length === 1 && line[0] === '') flush();
    else current.push(line);
  }
  flush();
  return sections;
}

async function chooseReport(page: Page, type: string, range: string) {
  await page.getByLabel('Report type').click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await page.getByLabel('Date range').click();
  await page.getByRole('option', { name: range, exact: true }).click();
  await expect(page.getByTestId('report-period')).toHaveText(new RegExp(`^${type} · ${range} · `));
  await expect(page.getByTestId('report-period')).not.toContainText('updating');
}

async function exportCsv(page: Page): Promise<{ fileName: string; sections: TCsvSection[] }> {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  const download = await downloadPromise;
  const path = await download.path();
  await expect(toastText(page, 'Report exported')).toBeVisible();
  return { fileName: download.suggestedFilename(), sections: parseReportCsv(readFileSync(path, 'utf8')) };
}

/** What the screen shows for one exported table: its header and rows, or the summary cards. */
async function screenSection(page: Page, title: string): Promise<{ header: string[]; rows: string[][] }> {
  const summary = page.locator(`section[aria-label="${title}"]`);
  if ((await summary.count()) > 0) {
    const stats = await summary
      .getByTestId('report-stat')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.querySelector('dt')?.textContent?.trim() ?? '',
          card.querySelector('dd')?.textContent?.trim() ?? '',
        ]),
      );
    return { header: stats.map(([label]) => label ?? ''), rows: [stats.map(([, value]) => value ?? '')] };
  }
  const table = page.getByRole('table', { name: title, exact: true });
  await expect(table).toBeVisible();
  return table.evaluate((element) => {
    const cells = (row: Element) => [...row.children].map((cell) => cell.textContent?.trim() ?? '');
    const [headerRow] = [...element.querySelectorAll('thead tr')];
    const bodyRows = [...element.querySelectorAll('tbody tr')].map(cells);
    const isEmptyNote = bodyRows.length === 1 && bodyRows[0]?.[0] === 'No rows in this period.';
    return { header: headerRow ? cells(headerRow) : [], rows: isEmptyNote ? [] : bodyRows };
  });
}

/** A Metric/Value summary is exported as rows; the screen shows it as one card per metric. */
function asScreenShape(section: TCsvSection): { header: string[]; rows: string[][] } {
  if (section.header.join(',') === 'Metric,Value') {
    return {
      header: section.rows.map(([label]) => label ?? ''),
      rows: [section.rows.map(([, value]) => value ?? '')],
    };
  }
  return { header: section.header, rows: section.rows };
}

const REPORTS = [
  { type: 'Overview', range: 'Last 30 days', slug: 'overview-30days', firstTable: 'Summary' },
  {
    type: 'Agent Performance',
    range: 'Last 7 days',
    slug: 'performance-7days',
    firstTable: 'Agent performance',
  },
  { type: 'Trends', range: 'Last year', slug: 'trends-1year', firstTable: 'Tickets created and resolved' },
  {
    type: 'SLA Compliance',
    range: 'Last 90 days',
    slug: 'sla-90days',
    firstTable: 'SLA compliance over time',
  },
];

test('each report type shows real data, and its CSV export holds exactly the rows on screen', async ({
  page,
}) => {
  // Each CSV is computed a moment after the screen's report: a midnight (the desk's timezone is
  // UTC) in between moves every day bucket by one, so the whole flow runs on one UTC day. Nothing
  // else moves them here: the demo data's nearest open deadline is hours after its seed, and no
  // other spec runs at the same time.
  test.setTimeout(90_000 + (await clearOfUtcMidnight(90_000)));
  const errors = collectPageErrors(page);
  await signInAsAdmin(page);
  await page.goto('/admin/reports');
  await expect(page.getByTestId('report-overview')).toBeVisible();

  for (const report of REPORTS) {
    await chooseReport(page, report.type, report.range);
    await expect(page.getByText(report.firstTable, { exact: true }).first()).toBeVisible();
    // The demo data has tickets in every range, so no report may come back empty.
    await expect(page.getByText('No tickets in this period.')).toHaveCount(0);
    await expect(page.locator('figure svg').first()).toBeVisible();

    const { fileName, sections } = await exportCsv(page);
    expect(fileName).toMatch(new RegExp(`^helpdesk-${report.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(sections.length).toBeGreaterThanOrEqual(2);
    for (const section of sections) {
      const onScreen = await screenSection(page, section.title);
      expect(onScreen, `${report.type}: ${section.title}`).toEqual(asScreenShape(section));
    }
    const totalRows = sections.reduce((sum, s) => sum + s.rows.length, 0);
    expect(totalRows).toBeGreaterThan(3);
  }

  // A year is cut into twelve months, the last one this month.
  await chooseReport(page, 'Trends', 'Last year');
  const volume = await screenSection(page, 'Tickets created and resolved');
  expect(volume.header[0]).toBe('Month');
  expect(volume.rows).toHaveLength(12);
  expect(volume.rows.every(([month]) => /^\d{4}-\d{2}$/.test(month ?? ''))).toBe(true);
  expect(errors).toEqual([]);
});
