import { describe, expect, test } from 'bun:test';
import { SLA_MESSAGES, type TSlaPolicy } from '@helpdesk/contracts';
import {
  ANY,
  AROUND_THE_CLOCK,
  policyFormValues,
  type TPolicyFormValues,
  ZPolicyFormRequest,
} from './policy-form.ts';

const TEAM_ID = '0b6f7c1e-2f3a-4c5d-8e9f-0a1b2c3d4e5f';
const CALENDAR_ID = '1c7e8d2f-3a4b-4d6e-9f0a-1b2c3d4e5f60';
const form = (overrides: Partial<TPolicyFormValues> = {}): TPolicyFormValues => ({
  ...policyFormValues(),
  name: 'High, office hours',
  priority: 'high',
  responseTimeHours: '4',
  resolutionTimeHours: '16',
  ...overrides,
});
const messages = (values: TPolicyFormValues) => {
  const result = ZPolicyFormRequest.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the SLA policy form', () => {
  test('sends the targets in hours and "any" / "around the clock" as null', () => {
    expect(ZPolicyFormRequest.parse(form({ responseTimeHours: '30', responseUnit: 'minutes' }))).toEqual({
      name: 'High, office hours',
      priority: 'high',
      responseTimeHours: 0.5,
      resolutionTimeHours: 16,
      isActive: true,
      teamId: null,
      category: null,
      calendarId: null,
    });
    expect(
      ZPolicyFormRequest.parse(form({ teamId: TEAM_ID, category: 'access', calendarId: CALENDAR_ID })),
    ).toMatchObject({ teamId: TEAM_ID, category: 'access', calendarId: CALENDAR_ID });
  });

  test("refuses what the API refuses, with the contract's messages under the form's inputs", () => {
    expect(messages(form({ name: '  ' }))).toEqual([['name', 'Policy name is required']]);
    expect(messages(form({ responseTimeHours: '' }))).toEqual([
      ['responseTimeHours', 'Response time must be a number of hours'],
    ]);
    expect(messages(form({ resolutionTimeHours: '0' }))).toContainEqual([
      'resolutionTimeHours',
      'Resolution time must be more than zero',
    ]);
    expect(messages(form({ resolutionTimeHours: '3' }))).toEqual([
      ['resolutionTimeHours', SLA_MESSAGES.resolutionBeforeResponse],
    ]);
    expect(messages(form({ responseTimeHours: '300', responseUnit: 'minutes' }))).toEqual([]);
  });

  test('an existing policy starts from its own values, a new one from sensible defaults', () => {
    const policy: TSlaPolicy = {
      id: CALENDAR_ID,
      name: 'Critical',
      priority: 'critical',
      responseTimeHours: 0.5,
      resolutionTimeHours: 8,
      isActive: false,
      teamId: TEAM_ID,
      team: { id: TEAM_ID, name: 'Network' },
      category: null,
      calendarId: null,
      calendar: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(policyFormValues(policy)).toMatchObject({
      responseTimeHours: '30',
      responseUnit: 'minutes',
      resolutionTimeHours: '8',
      resolutionUnit: 'hours',
      teamId: TEAM_ID,
      category: ANY,
      calendarId: AROUND_THE_CLOCK,
      isActive: false,
    });
    expect(policyFormValues()).toMatchObject({ name: '', priority: 'medium', isActive: true, teamId: ANY });
  });
});
