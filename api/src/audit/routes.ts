import { ADMIN_API_PATHS, ZAuditLogListResponse, ZAuditLogQuery } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { listAuditLogs } from './service.ts';

const tags = ['audit log'];

/** The administrators' audit log (admin_audit_logs), read-only. */
export function createAuditLogRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'audit-log-routes' })
    .use(session)
    .get(ADMIN_API_PATHS.adminAuditLogs, ({ query }) => listAuditLogs(query), {
      auth: 'admin',
      query: ZAuditLogQuery,
      response: responseShape(ZAuditLogListResponse),
      detail: { tags, summary: 'Audit entries newest first, keyset-paginated, filterable' },
    });
}
