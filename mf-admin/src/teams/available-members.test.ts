import { describe, expect, test } from 'bun:test';
import type { TUser } from '@helpdesk/contracts';
import { sampleUser } from '@helpdesk/contracts/testing';
import {
  availableMembers,
  availableMembersEmptyText,
  selectedIds,
  toggleSelected,
} from './available-members.ts';

const user = (overrides: Partial<TUser>): TUser => sampleUser(overrides);

const zoe = user({ username: 'zoe', firstName: 'Zoe', lastName: 'Adams', email: 'zoe@desk.io' });
const bob = user({
  username: 'bob',
  firstName: 'Bob',
  lastName: 'Stone',
  role: 'admin',
  email: 'bob@desk.io',
});
const amy = user({ username: 'amy', firstName: 'Amy', lastName: 'Ng', email: 'amy@desk.io' });
const endUser = user({ username: 'eve', firstName: 'Eve', role: 'end_user' });
const pendingAgent = user({ username: 'pat', firstName: 'Pat', status: 'pending' });
const rejectedAdmin = user({ username: 'rex', firstName: 'Rex', role: 'admin', status: 'rejected' });
const everyone = [zoe, bob, endUser, amy, pendingAgent, rejectedAdmin];

describe('availableMembers', () => {
  test('offers only active agents and admins, sorted by name', () => {
    expect(availableMembers(everyone, [], '')).toEqual([amy, bob, zoe]);
  });

  test('leaves out users already in the team', () => {
    expect(availableMembers(everyone, [{ id: bob.id }], '')).toEqual([amy, zoe]);
    expect(availableMembers(everyone, [{ id: amy.id }, { id: bob.id }, { id: zoe.id }], '')).toEqual([]);
  });

  test('searches name, username and email like the Users tab', () => {
    expect(availableMembers(everyone, [], 'stone')).toEqual([bob]);
    expect(availableMembers(everyone, [], 'ZOE@')).toEqual([zoe]);
    expect(availableMembers(everyone, [], 'amy ng')).toEqual([amy]);
    expect(availableMembers(everyone, [], 'eve')).toEqual([]);
  });

  test('the empty text blames the search only when someone could be added', () => {
    expect(availableMembersEmptyText(true)).toBe('No users found matching your search');
    expect(availableMembersEmptyText(false)).toBe('No available users to add');
  });
});

describe('selection', () => {
  test('toggle adds and removes without touching the original', () => {
    const start = new Set<string>();
    const one = toggleSelected(start, 'a');
    expect([...one]).toEqual(['a']);
    expect(start.size).toBe(0);
    expect([...toggleSelected(one, 'b')]).toEqual(['a', 'b']);
    expect([...toggleSelected(one, 'a')]).toEqual([]);
  });

  test('sends only ticked users that are still offered, in list order', () => {
    const selected = new Set([zoe.id, amy.id, 'gone-meanwhile']);
    expect(selectedIds(selected, [amy, bob, zoe])).toEqual([amy.id, zoe.id]);
    expect(selectedIds(new Set(), [amy])).toEqual([]);
  });
});
