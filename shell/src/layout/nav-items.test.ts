import { describe, expect, test } from 'bun:test';
import { isNavItemActive, navGroupsFor } from './nav-items.ts';

const labels = (role: Parameters<typeof navGroupsFor>[0]) =>
  navGroupsFor(role).map((g) => [g.label, g.items.map((i) => i.label)]);

describe('sidebar navigation', () => {
  test('an end user sees My Tickets and no Administration group', () => {
    expect(labels('end_user')).toEqual([[null, ['Dashboard', 'My Tickets', 'Knowledge Base']]]);
  });

  test('an agent sees All Tickets and no Administration group', () => {
    expect(labels('agent')).toEqual([[null, ['Dashboard', 'All Tickets', 'Knowledge Base']]]);
  });

  test('an admin also sees the Administration group', () => {
    expect(labels('admin')).toEqual([
      [null, ['Dashboard', 'All Tickets', 'Knowledge Base']],
      ['Administration', ['Users & Teams', 'Settings', 'Reports', 'Service levels', 'Automation']],
    ]);
  });

  test('the active link follows nested paths and the /dashboard alias', () => {
    const [main] = navGroupsFor('agent');
    const [dashboard, tickets] = main?.items ?? [];
    if (!dashboard || !tickets) throw new Error('missing items');
    expect(isNavItemActive(dashboard, '/dashboard')).toBe(true);
    expect(isNavItemActive(dashboard, '/tickets')).toBe(false);
    expect(isNavItemActive(tickets, '/tickets/123')).toBe(true);
    expect(isNavItemActive(tickets, '/ticketsx')).toBe(false);
  });
});
