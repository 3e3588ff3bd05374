import { describe, expect, test } from 'bun:test';
import { USER_ROLES, USER_STATUSES } from '@helpdesk/contracts';
import { roleBadgeVariant, statusBadge, statusChangeVerb } from './user-labels.ts';

describe('user labels', () => {
  test('status badges follow the spec: pending warning, active success, rejected destructive', () => {
    expect(statusBadge('pending')).toEqual({ label: 'Pending', variant: 'warning' });
    expect(statusBadge('active')).toEqual({ label: 'Active', variant: 'success' });
    expect(statusBadge('rejected')).toEqual({ label: 'Rejected', variant: 'destructive' });
  });

  test('every status and role the contract allows has a badge', () => {
    for (const status of USER_STATUSES) expect(statusBadge(status).label.length).toBeGreaterThan(0);
    for (const role of USER_ROLES) expect(roleBadgeVariant(role)).toBeString();
    expect(roleBadgeVariant('admin')).not.toBe(roleBadgeVariant('end_user'));
  });

  test('the success toast says approved for active and rejected for rejected', () => {
    expect(statusChangeVerb('active')).toBe('approved');
    expect(statusChangeVerb('rejected')).toBe('rejected');
  });
});
