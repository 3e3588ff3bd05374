import { ADMIN_API_PATHS, ZReport, ZReportQuery } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { buildReport, exportReport } from './service.ts';

const tags = ['reports'];

/** The Reports screen's data and its CSV export (admins). */
export function createReportRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'report-routes' })
    .use(session)
    .get(ADMIN_API_PATHS.adminReports, ({ query }) => buildReport(query), {
      auth: 'admin',
      query: ZReportQuery,
      response: responseShape(ZReport),
      detail: {
        tags,
        summary: 'A report (overview, performance, trends, sla) over a range, from real tickets',
      },
    })
    .get(
      ADMIN_API_PATHS.adminReportsExport,
      async ({ query }) => {
        const { fileName, csv } = await exportReport(query);
        return new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${fileName}"`,
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
          },
        });
      },
      {
        auth: 'admin',
        query: ZReportQuery,
        detail: { tags, summary: 'The same report as CSV (the tables the screen shows), as a download' },
      },
    );
}
