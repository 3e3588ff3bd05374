import { describe, expect, test } from 'bun:test';
import { WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES } from '@helpdesk/contracts';
import english from './messages.en.json';
import { DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS } from './webhook-labels.ts';

describe('webhook labels', () => {
  test('every event a delivery may carry has its own English label', () => {
    const labels = WEBHOOK_DELIVERY_EVENTS.map((event) => english[WEBHOOK_EVENT_LABELS[event]]);
    expect(labels.every((label) => typeof label === 'string' && label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(WEBHOOK_DELIVERY_EVENTS.length);
    expect(english[WEBHOOK_EVENT_LABELS['ticket.commented']]).toBe('Public comment added');
  });

  test('every delivery status has its own English label', () => {
    expect(WEBHOOK_DELIVERY_STATUSES.map((status) => english[DELIVERY_STATUS_LABELS[status]])).toEqual([
      'Pending',
      'Succeeded',
      'Failed',
    ]);
  });
});
