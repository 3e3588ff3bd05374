import { describe, expect, test } from 'bun:test';
import type { TUser } from '@helpdesk/contracts';
import { sampleUser } from '@helpdesk/contracts/testing';
import {
  emptyUsersText,
  filterUsers,
  isUserListNarrowed,
  toRoleFilter,
  toStatusFilter,
  USER_ROLE_FILTER_OPTIONS,
  USER_STATUS_FILTER_OPTIONS,
  userCountsLine,
} from './filter-users.ts';

const user = (overrides: Partial<TUser>): TUser =>
  sampleUser({ role: 'end_user', status: 'pending', ...overrides });

const ada = user({ username: 'ada', email: 'ada@analytical.org', firstName: 'Ada', lastName: 'Lovelace' });
const grace = user({ username: 'ghopper', email: 'grace@navy.mil', firstName: 'Grace', lastName: 'Hopper' });
const alan = user({ username: 'aturing', email: 'alan@bletchley.uk', firstName: 'Alan', lastName: 'Turing' });
const everyone = [ada, grace, alan];

describe('filterUsers', () => {
  test('an empty or blank search keeps every user, in order, as a new array', () => {
    expect(filterUsers(everyone, '')).toEqual(everyone);
    const result = filterUsers(everyone, '   ');
    expect(result).toEqual(everyone);
    expect(result).not.toBe(everyone);
  });

  test('matches each searchable field, case-insensitively', () => {
    expect(filterUsers(everyone, 'GHOP')).toEqual([grace]);
    expect(filterUsers(everyone, 'bletchley')).toEqual([alan]);
    expect(filterUsers(everyone, 'ada')).toEqual([ada]);
    expect(filterUsers(everyone, 'hopper')).toEqual([grace]);
    expect(filterUsers(everyone, 'lovelace')).toEqual([ada]);
  });

  test('a substring shared by several users finds all of them', () => {
    expect(filterUsers(everyone, 'a')).toEqual(everyone);
    expect(filterUsers(everyone, 'tur')).toEqual([alan]);
  });

  test('several words must all match, each in any field, so a full name finds the person', () => {
    expect(filterUsers(everyone, 'Grace Hopper')).toEqual([grace]);
    expect(filterUsers(everyone, '  ada   lovelace ')).toEqual([ada]);
    expect(filterUsers(everyone, 'grace turing')).toEqual([]);
  });

  test('does not search fields outside the four of the spec', () => {
    const withRole = user({
      username: 'x1',
      email: 'x1@example.com',
      firstName: 'X',
      lastName: 'Y',
      role: 'agent',
    });
    expect(filterUsers([withRole], 'agent')).toEqual([]);
    expect(filterUsers([withRole], withRole.id)).toEqual([]);
  });

  test('no match gives an empty list', () => {
    expect(filterUsers(everyone, 'nobody-here')).toEqual([]);
    expect(filterUsers([], 'ada')).toEqual([]);
  });
});

describe('filter options', () => {
  test('offer exactly the filters of the Users tab', () => {
    expect(USER_STATUS_FILTER_OPTIONS.map((o) => o.value)).toEqual([
      'all',
      'pending',
      'active',
      'rejected',
      'inactive',
    ]);
    expect(USER_ROLE_FILTER_OPTIONS.map((o) => o.value)).toEqual(['all', 'admin', 'agent', 'end_user']);
  });

  test('select values narrow to a known filter, anything else to all', () => {
    expect(toStatusFilter('rejected')).toBe('rejected');
    expect(toStatusFilter('approved')).toBe('all');
    expect(toStatusFilter('')).toBe('all');
    expect(toRoleFilter('end_user')).toBe('end_user');
    expect(toRoleFilter('superuser')).toBe('all');
  });
});

describe('empty text', () => {
  test('blames the search when search or a filter is active', () => {
    expect(isUserListNarrowed('', 'all', 'all')).toBe(false);
    expect(isUserListNarrowed('  ', 'all', 'all')).toBe(false);
    expect(isUserListNarrowed('ada', 'all', 'all')).toBe(true);
    expect(isUserListNarrowed('', 'pending', 'all')).toBe(true);
    expect(isUserListNarrowed('', 'all', 'agent')).toBe(true);
    expect(emptyUsersText(true)).toBe('No users found matching your search.');
    expect(emptyUsersText(false)).toBe('No users found.');
  });
});

describe('userCountsLine with deactivated accounts', () => {
  test('adds the inactive count once there is one', () => {
    expect(userCountsLine({ pending: 1, approved: 0, active: 5, rejected: 0, inactive: 2 })).toBe(
      '1 pending · 5 active · 0 rejected · 2 inactive',
    );
  });
});

describe('userCountsLine', () => {
  test('shows pending, active and rejected counts from the response', () => {
    expect(userCountsLine({ pending: 3, approved: 7, active: 12, rejected: 1, inactive: 0 })).toBe(
      '3 pending · 12 active · 1 rejected',
    );
    expect(userCountsLine({ pending: 0, approved: 0, active: 0, rejected: 0, inactive: 0 })).toBe(
      '0 pending · 0 active · 0 rejected',
    );
  });
});
