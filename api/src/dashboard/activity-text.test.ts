import { describe, expect, test } from 'bun:test';
import { DASHBOARD_TONES } from '@helpdesk/contracts';
import { describeEvent, initialsOf, recencyTone, relativeTime, toneFor } from './activity-text.ts';
import { complianceTone } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = Date.parse('2025-06-01T12:00:00Z');

describe('relativeTime', () => {
  test('just now, then minutes, hours and days with singular and plural', () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(now - 59_999, now)).toBe('Just now');
    expect(relativeTime(now + 5000, now)).toBe('Just now');
    expect(relativeTime(now - MINUTE, now)).toBe('1 minute ago');
    expect(relativeTime(now - 59 * MINUTE, now)).toBe('59 minutes ago');
    expect(relativeTime(now - HOUR, now)).toBe('1 hour ago');
    expect(relativeTime(now - 23 * HOUR - 59 * MINUTE, now)).toBe('23 hours ago');
    expect(relativeTime(now - 24 * HOUR, now)).toBe('1 day ago');
    expect(relativeTime(now - 7 * 24 * HOUR, now)).toBe('7 days ago');
  });
});

describe('describeEvent', () => {
  test('says what the person did to which ticket', () => {
    const n = 'TKT-000123';
    expect(describeEvent('status_changed', { from: 'in_progress', to: 'resolved' }, n)).toBe(
      'Resolved TKT-000123',
    );
    expect(describeEvent('status_changed', { to: 'closed' }, n)).toBe('Closed TKT-000123');
    expect(describeEvent('status_changed', { to: 'in_progress' }, n)).toBe('Started work on TKT-000123');
    expect(describeEvent('status_changed', { to: 'new' }, n)).toBe('Reopened TKT-000123');
    expect(
      describeEvent('status_changed', { from: 'resolved', to: 'in_progress', reason: 'requester_reply' }, n),
    ).toBe('Reopened TKT-000123 with a reply');
    expect(describeEvent('assigned', { to: 'x', toName: 'Jordan Lee' }, n)).toBe(
      'Assigned TKT-000123 to Jordan Lee',
    );
    expect(describeEvent('assigned', { to: null, toName: null }, n)).toBe('Unassigned TKT-000123');
    expect(describeEvent('team_changed', { toName: 'Service Desk' }, n)).toBe(
      'Moved TKT-000123 to Service Desk',
    );
    expect(describeEvent('comment_added', { isInternal: false }, n)).toBe('Replied on TKT-000123');
    expect(describeEvent('comment_added', { isInternal: true }, n)).toBe(
      'Added an internal note to TKT-000123',
    );
    expect(describeEvent('priority_changed', {}, n)).toBe('Changed the priority of TKT-000123');
    expect(describeEvent('attachment_added', {}, n)).toBe('Attached a file to TKT-000123');
    expect(describeEvent('created', {}, n)).toBe('Created TKT-000123');
    expect(describeEvent('something_new', {}, n)).toBe('Updated TKT-000123');
  });
});

describe('tones and initials', () => {
  test('a person keeps their tone; tones spread over the palette', () => {
    const id = '7f1c8a52-3b7e-4f0e-9a55-2c1d4e6f8a90';
    expect(toneFor(id)).toBe(toneFor(id));
    const tones = new Set(Array.from({ length: 60 }, () => toneFor(crypto.randomUUID())));
    expect(tones.size).toBeGreaterThan(3);
    for (const tone of tones) expect(DASHBOARD_TONES).toContain(tone);
  });

  test('recency: green within the hour, amber within the day, slate after', () => {
    expect(recencyTone(now - 59 * MINUTE, now)).toBe('green');
    expect(recencyTone(now - 2 * HOUR, now)).toBe('amber');
    expect(recencyTone(now - 25 * HOUR, now)).toBe('slate');
  });

  test('initials are the first letters of first and last name', () => {
    expect(initialsOf('Jordan', 'lee')).toBe('JL');
    expect(initialsOf(' Élodie', "O'Brien")).toBe('ÉO');
  });

  test('compliance colours: green at or above the target, amber within 10 points, red below', () => {
    expect(complianceTone(95, 95)).toBe('green');
    expect(complianceTone(94.9, 95)).toBe('amber');
    expect(complianceTone(85, 95)).toBe('amber');
    expect(complianceTone(84.9, 95)).toBe('red');
  });
});
