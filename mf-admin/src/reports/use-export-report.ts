import { ADMIN_API_PATHS, REPORT_MESSAGES, type TReportQuery } from '@helpdesk/contracts';
import { apiDownload, handleSessionEnded, queryKeyToUrl, saveBlobAs, toast } from '@helpdesk/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';
import { fallbackExportFileName } from './report-view-model.ts';

/** Export Report: downloads the report from the API's CSV endpoint and saves it as a file. */
export function useExportReport() {
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
      toast({ title: REPORT_MESSAGES.exported, description: `${name} has been downloaded.` });
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(failureToast(REPORT_MESSAGES.exportError, error));
    },
  });
}
