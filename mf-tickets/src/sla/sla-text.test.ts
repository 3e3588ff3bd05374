import { describe, expect, test } from 'bun:test';
import { slaCardView } from './sla-explanation.ts';
import { slaStatus } from './sla-status-fixture.ts';
import {
  listSlaHint,
  NO_SLA_TARGETS_TEXT,
  resolveByText,
  slaTargetText,
  WAITING_ON_REQUESTER_TEXT,
} from './sla-text.ts';

describe('slaTargetText', () => {
  test('each state has its text, with the time left', () => {
    expect(slaTargetText('on_track', 125)).toBe('due in 2h 5m');
    expect(slaTargetText('on_track', 3 * 24 * 60 + 61)).toBe('due in 3d 1h');
    expect(slaTargetText('at_risk', 45)).toBe('due soon (0h 45m)');
    expect(slaTargetText('breached', -30)).toBe('overdue');
    expect(slaTargetText('met', null)).toBe('target met');
    expect(slaTargetText('n/a', null)).toBeNull();
  });
});

describe('the card when no target is set', () => {
  test('both n/a gives no lines (the card says No SLA targets set)', () => {
    expect(slaCardView(slaStatus({}), { viewerZone: 'UTC', now: new Date() }).targets).toEqual([]);
    expect(NO_SLA_TARGETS_TEXT).toBe('No SLA targets set');
  });
});

describe('resolveByText', () => {
  test('shows the deadline in the detail format, nothing without one', () => {
    const deadline = new Date(2026, 10, 21, 14, 5);
    expect(resolveByText(deadline.toISOString())).toBe('Resolve by Nov 21, 2026 14:05');
    expect(resolveByText(null)).toBeNull();
    expect(resolveByText('garbage')).toBeNull();
  });
});

describe('listSlaHint', () => {
  const created = new Date('2026-11-21T08:00:00Z');
  const hours = (h: number) => new Date(created.getTime() + h * 3_600_000);
  const ticket = {
    status: 'new' as const,
    createdAt: created.toISOString(),
    slaResponseBy: hours(4).toISOString(),
    slaResolveBy: hours(24).toISOString(),
    respondedAt: null,
    resolvedAt: null,
  };

  test('shows the open target that needs attention first', () => {
    expect(listSlaHint(ticket, hours(1))).toEqual({ text: 'Response due in 3h 0m', tone: 'ok' });
    // 30 minutes left of a 4-hour window is under a quarter: at risk.
    expect(listSlaHint(ticket, hours(3.5))).toEqual({ text: 'Response due soon (0h 30m)', tone: 'warning' });
    expect(listSlaHint(ticket, hours(5))).toEqual({ text: 'Response overdue', tone: 'danger' });
  });

  test('a responded ticket is judged on its resolution target', () => {
    const responded = { ...ticket, respondedAt: hours(1).toISOString() };
    expect(listSlaHint(responded, hours(5))).toEqual({ text: 'Resolution due in 19h 0m', tone: 'ok' });
    expect(listSlaHint(responded, hours(19))).toEqual({
      text: 'Resolution due soon (5h 0m)',
      tone: 'warning',
    });
    expect(listSlaHint(responded, hours(25))).toEqual({ text: 'Resolution overdue', tone: 'danger' });
  });

  test('breached beats at risk beats on track, whatever the order', () => {
    const tight = { ...ticket, slaResponseBy: hours(10).toISOString(), slaResolveBy: hours(2).toISOString() };
    expect(listSlaHint(tight, hours(3))?.text).toBe('Resolution overdue');
  });

  test('finished tickets and tickets without deadlines get no hint', () => {
    expect(listSlaHint({ ...ticket, status: 'resolved' }, hours(1))).toBeNull();
    expect(listSlaHint({ ...ticket, status: 'closed' }, hours(30))).toBeNull();
    expect(listSlaHint({ ...ticket, slaResponseBy: null, slaResolveBy: null }, hours(1))).toBeNull();
  });

  test('stored risk moments decide at risk, not the wall-clock quarter (a calendar policy)', () => {
    // Business hours: three quarters of the working time are used long before three quarters of the wall clock.
    const calendared = {
      ...ticket,
      slaResponseRiskAt: hours(1).toISOString(),
      slaResolveRiskAt: hours(20).toISOString(),
    };
    expect(listSlaHint(calendared, new Date(hours(1).getTime() - 1))).toEqual({
      text: 'Response due in 3h 0m',
      tone: 'ok',
    });
    expect(listSlaHint(calendared, hours(1))).toEqual({ text: 'Response due soon (3h 0m)', tone: 'warning' });
    // A risk moment late in the window: on track where the wall-clock rule would already warn.
    const late = { ...ticket, slaResponseRiskAt: hours(3.9).toISOString() };
    expect(listSlaHint(late, hours(3.5))).toEqual({ text: 'Response due in 0h 30m', tone: 'ok' });
    expect(listSlaHint(late, hours(5))).toEqual({ text: 'Response overdue', tone: 'danger' });
  });

  test('a ticket waiting on its requester says so, unless its first response is at risk or overdue', () => {
    const waiting = {
      ...ticket,
      respondedAt: hours(1).toISOString(),
      slaResolveBy: null,
      waitingSince: hours(2).toISOString(),
    };
    expect(listSlaHint(waiting, hours(30))).toEqual({ text: WAITING_ON_REQUESTER_TEXT, tone: 'ok' });
    const unanswered = { ...waiting, respondedAt: null };
    expect(listSlaHint(unanswered, hours(1))).toEqual({ text: WAITING_ON_REQUESTER_TEXT, tone: 'ok' });
    expect(listSlaHint(unanswered, hours(5))).toEqual({ text: 'Response overdue', tone: 'danger' });
    expect(listSlaHint({ ...waiting, status: 'resolved' }, hours(3))).toBeNull();
  });
});
