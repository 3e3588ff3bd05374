import { describe, expect, test } from 'bun:test';
import { ADD_USER_DEFAULTS, addUserFormSchema } from './add-user-form.ts';
import { editUserFormSchema } from './edit-user-form.ts';
import { roleFilterChoices, statusFilterChoices, userCountsLine } from './filter-users.ts';
import type { TUserFormsT } from './forms/messages.ts';
import type { TUsersT } from './messages.ts';
import { roleChangeDescription } from './role-change.ts';
import { statusUpdatedToast } from './status-update-messages.ts';
import { statusBadge } from './user-labels.ts';

// Marks every translated text with its id and values, so a test sees what went through the catalogue.
const marked: TUsersT = (id, values) => `‹${id}${values ? ` ${JSON.stringify(values)}` : ''}›`;

describe('the Users tab in the reader’s language', () => {
  test('filter choices keep their values and take their names from the catalogue, in English as before', () => {
    expect(statusFilterChoices(marked).map((choice) => choice.label)).toEqual([
      '‹users.filterAllStatuses›',
      '‹users.status.pending›',
      '‹users.status.active›',
      '‹users.status.rejected›',
      '‹users.status.inactive›',
    ]);
    expect(roleFilterChoices((id) => id).map((choice) => choice.value)).toEqual([
      'all',
      'admin',
      'agent',
      'end_user',
    ]);
    expect(roleFilterChoices((id) => id).map((choice) => choice.label)).toEqual([
      'users.filterAllRoles',
      'users.role.admin',
      'users.role.agent',
      'users.filterEndUser',
    ]);
  });

  test('sentences are whole messages with the names and counts as values', () => {
    expect(statusBadge('active', true, marked).label).toBe('‹users.status.invited›');
    expect(statusUpdatedToast('rejected', marked).description).toBe('‹users.statusUpdated.reject›');
    expect(userCountsLine({ pending: 1, approved: 0, active: 2, rejected: 3, inactive: 0 }, marked)).toBe(
      '‹users.counts {"pending":1,"active":2,"rejected":3}›',
    );
    expect(roleChangeDescription('Ada (@ada)', 'agent', 'end_user', marked)).toBe(
      '‹users.roleChange.toEndUser {"who":"Ada (@ada)","from":"‹users.role.agent›","to":"‹users.role.endUser›"}›',
    );
  });

  test('the forms’ own checks speak the reader’s language', () => {
    const formsMarked: TUserFormsT = (id) => `‹${id}›`;
    const added = addUserFormSchema(formsMarked).safeParse({
      ...ADD_USER_DEFAULTS,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada.l',
      email: 'ada@example.com',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(added.error?.issues.map((issue) => issue.message)).toEqual([
      '‹userForms.passwordTooShort›',
      '‹userForms.passwordsDiffer›',
    ]);
    const edited = editUserFormSchema(formsMarked).safeParse({ firstName: ' ', lastName: 'L', email: 'x' });
    expect(edited.error?.issues.map((issue) => issue.message)).toEqual([
      '‹userForms.firstNameRequired›',
      '‹userForms.invalidEmail›',
    ]);
  });
});
