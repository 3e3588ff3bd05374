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

describe('account lifecycle badges', () => {
  test('an inactive account reads Inactive; an active one never used from its invitation reads Invited', () => {
    expect(statusBadge('inactive').label).toBe('Inactive');
    expect(statusBadge('active', true).label).toBe('Invited');
    expect(statusBadge('active', false).label).toBe('Active');
    expect(statusBadge('pending', true).label).toBe('Pending');
  });

  test('the toast names each status move', () => {
    expect(statusChangeVerb('deactivate')).toBe('deactivated');
    expect(statusChangeVerb('reactivate')).toBe('reactivated');
    expect(statusChangeVerb('active')).toBe('approved');
  });
});
