import { describe, expect, test } from 'bun:test';
import { ERROR_CODES, USER_ADMIN_MESSAGES } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import {
  roleChangeBlocker,
  roleChangeDescription,
  roleChangedToast,
  roleChangeFailedToast,
  roleOptions,
} from './role-change.ts';

describe('role change', () => {
  test('offers all three roles with the current one marked', () => {
    expect(roleOptions('agent')).toEqual([
      { role: 'admin', label: 'Admin', isCurrent: false },
      { role: 'agent', label: 'Agent', isCurrent: true },
      { role: 'end_user', label: 'End User', isCurrent: false },
    ]);
  });

  test('nobody changes their own role here', () => {
    expect(roleChangeBlocker({ id: 'me' }, 'me')).toBe(USER_ADMIN_MESSAGES.cannotChangeOwnRole);
    expect(roleChangeBlocker({ id: 'someone' }, 'me')).toBeNull();
  });

  test('the confirmation says what changes', () => {
    expect(roleChangeDescription('Ada Lovelace', 'agent', 'admin')).toBe(
      'Ada Lovelace goes from Agent to Admin. They will be able to manage users, teams, settings and reports. The change applies on their next request.',
    );
    expect(roleChangeDescription('Bo', 'end_user', 'agent')).toContain('all tickets');
    expect(roleChangeDescription('Bo', 'admin', 'end_user')).toContain('only their own tickets');
  });

  test('toasts: success names the new role; failure shows the server reason', () => {
    expect(roleChangedToast('Ada Lovelace', 'end_user')).toEqual({
      title: 'User role updated',
      description: 'Ada Lovelace is now End User.',
    });
    const lastAdmin = new ApiRequestError(
      409,
      'Conflict',
      JSON.stringify({ code: ERROR_CODES.conflict, message: USER_ADMIN_MESSAGES.lastActiveAdmin }),
    );
    expect(roleChangeFailedToast(lastAdmin)).toEqual({
      title: 'Error updating user role',
      description: USER_ADMIN_MESSAGES.lastActiveAdmin,
      variant: 'destructive',
    });
    expect(roleChangeFailedToast(new TypeError('Failed to fetch')).description).toBe(
      'Failed to update user role. Please try again.',
    );
  });
});
