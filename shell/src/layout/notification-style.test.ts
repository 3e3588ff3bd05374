import { describe, expect, test } from 'bun:test';
import { NOTIFICATION_TYPES } from '@helpdesk/contracts/constants';
import { notificationStyle } from './notification-style.ts';

describe('notificationStyle', () => {
  test('every known type has its own icon', () => {
    const fallback = notificationStyle('something_new');
    const icons = new Set(NOTIFICATION_TYPES.map((type) => notificationStyle(type).icon));
    expect(icons.size).toBe(NOTIFICATION_TYPES.length);
    expect(icons.has(fallback.icon)).toBe(false);
  });

  test('unknown types, including inherited property names, get the default', () => {
    expect(notificationStyle('constructor')).toEqual(notificationStyle('whatever'));
    expect(notificationStyle('toString')).toEqual(notificationStyle(''));
  });
});
