import { describe, expect, test } from 'bun:test';
import { ZAuditLogQuery } from '@helpdesk/contracts';
import {
  auditDateRangeError,
  auditQueryParams,
  EMPTY_AUDIT_FILTERS,
  isAuditLogNarrowed,
} from './audit-filters.ts';

describe('auditQueryParams', () => {
  test('no filter sends nothing', () => {
    expect(auditQueryParams(EMPTY_AUDIT_FILTERS)).toEqual({});
    expect(isAuditLogNarrowed(EMPTY_AUDIT_FILTERS)).toBe(false);
  });

  test('each set filter is sent, and the API accepts the result', () => {
    const adminUserId = crypto.randomUUID();
    const targetUserId = crypto.randomUUID();
    const params = auditQueryParams({
      action: 'team.created',
      adminUserId,
      targetUserId,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(params).toEqual({
      action: 'team.created',
      adminUserId,
      targetUserId,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(ZAuditLogQuery.safeParse(params).success).toBe(true);
    expect(isAuditLogNarrowed({ ...EMPTY_AUDIT_FILTERS, from: '2026-01-01' })).toBe(true);
  });
});

describe('auditDateRangeError', () => {
  test('an open or ordered range is fine', () => {
    expect(auditDateRangeError({ from: '', to: '' })).toBeNull();
    expect(auditDateRangeError({ from: '2026-01-01', to: '' })).toBeNull();
    expect(auditDateRangeError({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
  });

  test('a reversed range or a bad date is refused', () => {
    expect(auditDateRangeError({ from: '2026-02-01', to: '2026-01-01' })).toBe(
      'The start date must be on or before the end date',
    );
    expect(auditDateRangeError({ from: '2026-13-45', to: '' })).toBe('Use a valid date');
    expect(auditDateRangeError({ from: '', to: 'yesterday' })).toBe('Use a valid date');
  });
});
