import { ADMIN_API_PATHS, type TReportQuery } from '@helpdesk/contracts';
import { apiDownload, handleSessionEnded, queryKeyToUrl, saveBlobAs, toast } from '@helpdesk/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useReportsT } from './messages.ts';
import { fallbackExportFileName } from './report-view-model.ts';

/** Export Report: downloads the report from the API's CSV endpoint and saves it as a file. */
export function useExportReport() {
  const t = useReportsT();
  return useMutation({
    mutationFn: async (query: TReportQuery) => {
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
