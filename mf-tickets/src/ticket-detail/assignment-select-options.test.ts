import { describe, expect, test } from 'bun:test';
import type { TAssignmentOptions } from '@helpdesk/contracts';
import { idFromSelectValue, NONE_VALUE } from '../tickets/none-option.ts';
import { assigneeOptions, teamOptions } from './assignment-select-options.ts';

const sam = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Sam', lastName: 'Agent' };
const ada = { id: '22222222-2222-4222-8222-222222222222', firstName: 'Ada', lastName: 'Admin' };
const network = { id: '33333333-3333-4333-8333-333333333333', name: 'Network' };
const old = { id: '44444444-4444-4444-8444-444444444444', name: 'Old team' };
const options: TAssignmentOptions = { assignees: [sam, ada], teams: [network] };

describe('assignment selects', () => {
  test("'Unassigned' and 'No team' come first, then the options", () => {
    expect(assigneeOptions(options, null)).toEqual([
      { value: NONE_VALUE, label: 'Unassigned' },
      { value: sam.id, label: 'Sam Agent' },
      { value: ada.id, label: 'Ada Admin' },
    ]);
    expect(teamOptions(options, null)).toEqual([
      { value: NONE_VALUE, label: 'No team' },
      { value: network.id, label: 'Network' },
    ]);
  });

  test('the current holder stays listed once, even when no longer offered', () => {
    const gone = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Gone', lastName: 'Agent' };
    expect(assigneeOptions(options, gone).map((o) => o.label)).toEqual([
      'Unassigned',
      'Gone Agent',
      'Sam Agent',
      'Ada Admin',
    ]);
    expect(assigneeOptions(options, sam)).toHaveLength(3);
    expect(teamOptions(options, old).map((o) => o.label)).toEqual(['No team', 'Old team', 'Network']);
    expect(teamOptions(undefined, network).map((o) => o.label)).toEqual(['No team', 'Network']);
  });

  test('the none value maps to null, ids to themselves', () => {
    expect(idFromSelectValue(NONE_VALUE)).toBeNull();
    expect(idFromSelectValue(sam.id)).toBe(sam.id);
  });
});
