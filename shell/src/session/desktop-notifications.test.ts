import { describe, expect, test } from 'bun:test';
import type { TNotification, TNotificationType } from '@helpdesk/contracts';
import { createDesktopNotifier } from './desktop-notifications.ts';

let counter = 0;
const note = (type: TNotificationType, isRead = false): TNotification => {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    userId: '00000000-0000-4000-8000-000000000000',
    type,
    title: `${type} ${counter}`,
    message: 'x',
    relatedEntityId: null,
    relatedEntityType: null,
    isRead,
    createdAt: new Date().toISOString(),
    readAt: null,
  };
};

describe('the desktop notifier', () => {
  test('shows only unread assignments, SLA warnings and replies that arrived after the seed, each once', () => {
    const notifier = createDesktopNotifier();
    const old = note('ticket_assigned');
    notifier.seed([old]);
    const assigned = note('ticket_assigned');
    const warning = note('sla_warning');
    const reply = note('ticket_reply');
    const created = note('ticket_created');
    const alreadyRead = note('ticket_assigned', true);
    expect(notifier.take([assigned, warning, reply, created, alreadyRead, old])).toEqual([
      assigned,
      warning,
      reply,
    ]);
    expect(notifier.take([assigned, warning, reply, created, alreadyRead, old])).toEqual([]);
  });

  test('before a seed the first list only records what is there', () => {
    const notifier = createDesktopNotifier();
    const before = note('ticket_assigned');
    expect(notifier.take([before])).toEqual([]);
    const after = note('sla_warning');
    expect(notifier.take([after, before])).toEqual([after]);
  });
});
