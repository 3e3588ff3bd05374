import { ADMIN_API_PATHS, type TReport, type TReportQuery } from '@helpdesk/contracts';
import { apiDownload, handleSessionEnded, queryKeyToUrl, saveBlobAs, toast } from '@helpdesk/shared-ui';
import { SOURCE_LOCALE, useLocale } from '@helpdesk/shared-ui/i18n';
import { useMutation } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useReportsT } from './messages.ts';
import { translatedReportCsv } from './report-texts.ts';
import { fallbackExportFileName } from './report-view-model.ts';

/**
 * Export Report: downloads the report from the API's CSV endpoint and saves it as a file. In another
 * language than English the file is written here from the report on screen, with the screen's
 * translated titles and column names (the API writes English only).
 */
export function useExportReport() {
  const t = useReportsT();
  const locale = useLocale();
  return useMutation({
    mutationFn: async ({ query, report }: { query: TReportQuery; report: TReport }) => {
      if (locale !== SOURCE_LOCALE) {
        const { fileName, csv } = translatedReportCsv(report, t, locale);
        saveBlobAs(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
        return fileName;
      }
      const { blob, fileName } = await apiDownload(
        queryKeyToUrl([ADMIN_API_PATHS.adminReportsExport, query]),
      );
      const name = fileName ?? fallbackExportFileName(query.type, query.range, new Date());
      saveBlobAs(blob, name);
      return name;
    },
    onSuccess: (name) => {
      toast({ title: t('reports.exportedTitle'), description: t('reports.exportedDescription', { name }) });
    },
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast(failureToast(t('reports.exportFailedTitle'), error, t('reports.tryAgain')));
    },
  });
}
