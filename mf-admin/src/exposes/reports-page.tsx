import '../remote-styles.ts';
import {
  ADMIN_API_PATHS,
  REPORT_RANGES,
  REPORT_TYPES,
  type TRemotePageProps,
  type TReport,
  type TReportQuery,
} from '@helpdesk/contracts';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  formatDetailDate,
  Label,
  Skeleton,
  Spinner,
} from '@helpdesk/shared-ui';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { useReportsT } from '../reports/messages.ts';
import { REPORT_RANGE_LABEL_IDS, REPORT_TYPE_LABEL_IDS, reportPeriodLine } from '../reports/report-texts.ts';
import { ReportView } from '../reports/report-view.tsx';
import { toReportRange, toReportType } from '../reports/report-view-model.ts';
import { useExportReport } from '../reports/use-export-report.ts';

const SKELETON_STATS = ['a', 'b', 'c', 'd', 'e', 'f'];
const SKELETON_SECTIONS = ['a', 'b', 'c'];

/** /admin/reports: reports computed from the tickets, as charts and tables, exported as CSV. */
export default function ReportsPage(_props: TRemotePageProps) {
  const t = useReportsT();
  const [query, setQuery] = useState<TReportQuery>({ type: 'overview', range: '30days' });
  const reportQuery = useQuery<TReport>({
    queryKey: [ADMIN_API_PATHS.adminReports, query],
    // Switching type or range keeps the last report on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
  const exportReport = useExportReport();
  const report = reportQuery.data;
  // Only the report on screen may be exported, so the file always matches what the admin sees.
  const isShowingSelection = report !== undefined && !reportQuery.isPlaceholderData;

  return (
    <div className="flex flex-col gap-4" data-testid="reports-page">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="report-type">{t('reports.reportType')}</Label>
          <Select
            value={query.type}
            onValueChange={(v) => setQuery((q) => ({ ...q, type: toReportType(v) }))}
          >
            <SelectTrigger id="report-type" className="w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {t(REPORT_TYPE_LABEL_IDS[type])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="report-range">{t('reports.dateRange')}</Label>
          <Select
            value={query.range}
            onValueChange={(v) => setQuery((q) => ({ ...q, range: toReportRange(v) }))}
          >
            <SelectTrigger id="report-range" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_RANGES.map((range) => (
                <SelectItem key={range} value={range}>
                  {t(REPORT_RANGE_LABEL_IDS[range])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('reports.refresh')}
          title={t('reports.refreshHint')}
          disabled={reportQuery.isFetching}
          onClick={() => reportQuery.refetch()}
        >
          <RefreshCw className={reportQuery.isFetching ? 'animate-spin' : undefined} aria-hidden />
        </Button>
        <Button
          className="ml-auto"
          disabled={!isShowingSelection || exportReport.isPending}
          onClick={() => report && exportReport.mutate({ query, report })}
        >
          {exportReport.isPending ? (
            <Spinner aria-label={t('reports.exporting')} />
          ) : (
            <Download aria-hidden />
          )}
          {exportReport.isPending ? t('reports.exportingShort') : t('reports.export')}
        </Button>
      </div>
      {report ? (
        <p className="text-muted-foreground text-sm" data-testid="report-period">
          {reportPeriodLine(
            {
              type: report.type,
              range: report.range,
              from: formatDetailDate(report.from),
              to: formatDetailDate(report.to),
              timeZone: report.timeZone,
            },
            reportQuery.isPlaceholderData,
            t,
          )}
        </p>
      ) : null}

      {reportQuery.isError && !isShowingSelection ? (
        <LoadErrorAlert
          title={t('reports.loadErrorTitle')}
          message={t('reports.loadErrorMessage')}
          query={reportQuery}
        />
      ) : report ? (
        <div className={reportQuery.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ReportView report={report} />
        </div>
      ) : (
        <div className="flex flex-col gap-4" role="status" aria-label={t('reports.loading')}>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            {SKELETON_STATS.map((key) => (
              <Skeleton key={key} className="h-20 w-full rounded-xl" />
            ))}
          </div>
          {SKELETON_SECTIONS.map((key) => (
            <Card key={key}>
              <CardHeader>
                <Skeleton className="h-5 w-56" />
              </CardHeader>
              <CardContent className="grid gap-6 lg:grid-cols-2">
                <Skeleton className="h-64 w-full" />
                <Skeleton className="h-64 w-full" />
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
