import type { TAuditLogQuery } from '@helpdesk/contracts';
import { auditEnglish, type TAuditT } from './messages.ts';

/** The Audit Log tab's filters as the screen holds them: '' or 'all' is "no filter". */
export type TAuditFilters = {
  action: string;
  adminUserId: string;
  /** YYYY-MM-DD from a date input, a whole day in the desk's timezone. */
  from: string;
  to: string;
  targetUserId: string;
};

export const EMPTY_AUDIT_FILTERS: TAuditFilters = {
  action: 'all',
  adminUserId: 'all',
  from: '',
  to: '',
  targetUserId: '',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The date range's problem, or null when it is fine: each a real date, and from not after to. */
export function auditDateRangeError(
  filters: Pick<TAuditFilters, 'from' | 'to'>,
  t: TAuditT = auditEnglish,
): string | null {
  for (const value of [filters.from, filters.to]) {
    if (value !== '' && (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))) {
      return t('audit.invalidDate');
    }
  }
  if (filters.from !== '' && filters.to !== '' && filters.from > filters.to) {
    return t('audit.startAfterEnd');
  }
  return null;
}

/** The query parameters of GET /api/admin/audit-logs for these filters (unset ones left out). */
export function auditQueryParams(filters: TAuditFilters): Omit<TAuditLogQuery, 'cursor' | 'limit'> {
  const params: Omit<TAuditLogQuery, 'cursor' | 'limit'> = {};
  if (filters.action !== 'all' && filters.action !== '') params.action = filters.action;
  if (filters.adminUserId !== 'all' && filters.adminUserId !== '') params.adminUserId = filters.adminUserId;
  if (filters.targetUserId !== '') params.targetUserId = filters.targetUserId;
  if (filters.from !== '') params.from = filters.from;
  if (filters.to !== '') params.to = filters.to;
  return params;
}

/** True when any filter narrows the log: the empty text then blames the filters. */
export function isAuditLogNarrowed(filters: TAuditFilters): boolean {
  return Object.keys(auditQueryParams(filters)).length > 0;
}
