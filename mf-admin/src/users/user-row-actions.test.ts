import { describe, expect, test } from 'bun:test';
import { sampleUser } from '@helpdesk/contracts/testing';
import { lifecycleConfirmation, userRowActions } from './user-row-actions.ts';

const ME = 'me';

describe('userRowActions', () => {
  test('nothing on one’s own row', () => {
    expect(userRowActions(sampleUser({ id: ME }), ME)).toEqual({
      canEdit: false,
      lifecycle: null,
      passwordLink: null,
    });
  });

  test('an active user: edit, deactivate and a reset link', () => {
    expect(userRowActions(sampleUser(), ME)).toEqual({
      canEdit: true,
      lifecycle: 'deactivate',
      passwordLink: 'reset',
    });
  });

  test('an invited user gets the invitation again; an unconfirmed address gets no link', () => {
    expect(userRowActions(sampleUser({ isInvited: true, emailVerified: false }), ME).passwordLink).toBe(
      'invitation',
    );
    expect(userRowActions(sampleUser({ emailVerified: false }), ME).passwordLink).toBeNull();
  });

  test('an inactive user is reactivated and gets no link; pending and rejected neither', () => {
    expect(userRowActions(sampleUser({ status: 'inactive' }), ME)).toEqual({
      canEdit: true,
      lifecycle: 'reactivate',
      passwordLink: null,
    });
    for (const status of ['pending', 'rejected'] as const) {
      expect(userRowActions(sampleUser({ status }), ME)).toMatchObject({
        lifecycle: null,
        passwordLink: null,
      });
    }
  });

  test('the confirmations say what happens', () => {
    expect(lifecycleConfirmation('deactivate', 'Ada').description).toContain('signed out everywhere');
    expect(lifecycleConfirmation('reactivate', 'Ada').confirm).toBe('Reactivate');
  });
});
