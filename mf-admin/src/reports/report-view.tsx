import { reportTables, type TReport } from '@helpdesk/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { useReportsT } from './messages.ts';
import { ReportSectionChart } from './report-charts.tsx';
import { ReportTable } from './report-table.tsx';
import { reportFigure, reportText, translatedTable } from './report-texts.ts';
import { hasTickets, reportSections, SIDE_BY_SIDE_MAX_COLUMNS, summaryStats } from './report-view-model.ts';

/** A computed report: headline figures, then each section's chart with its table beside or under it. */
export function ReportView({ report }: { report: TReport }) {
  const t = useReportsT();
  const locale = useLocale();
  const { summary, sections } = reportSections(reportTables(report));
  const isEmpty = !hasTickets(report);

  return (
    <div className="flex flex-col gap-4" data-testid={`report-${report.type}`}>
      {isEmpty ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          {t('reports.noData')}
        </p>
      ) : null}
      {summary ? (
        <section aria-label={reportText(summary.title, t)} data-testid="report-summary">
          <h2 className="mb-2 font-semibold text-sm">{reportText(summary.title, t)}</h2>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            {summaryStats(summary).map((stat) => (
              // A <dl> admits one wrapper between it and its <dt>/<dd>, so the card holds them itself.
              <Card key={stat.label} className="gap-1 px-4 py-4" data-testid="report-stat">
                <dt className="text-muted-foreground text-xs">{reportText(stat.label, t)}</dt>
                <dd className="mt-1 font-semibold text-2xl tabular-nums">
                  {reportFigure(stat.value, t, locale)}
                </dd>
              </Card>
            ))}
          </dl>
        </section>
      ) : null}
      {sections.map((raw) => {
        const table = translatedTable(raw, t, locale);
        const isWide = table.columns.length > SIDE_BY_SIDE_MAX_COLUMNS;
        return (
          <Card key={table.key} data-testid="report-section" data-section={table.key}>
            <CardHeader>
              <CardTitle>{table.title}</CardTitle>
              <CardDescription>{t('reports.rows', { count: table.rows.length })}</CardDescription>
            </CardHeader>
            <CardContent className={cn('grid gap-6', !isWide && 'lg:grid-cols-2 lg:items-start')}>
              {isEmpty ? (
                <p className="flex h-40 items-center justify-center text-sm text-muted-foreground">
                  {t('reports.noData')}
                </p>
              ) : (
                <ReportSectionChart report={report} sectionKey={table.key} />
              )}
              <ReportTable table={table} />
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
