import { describe, expect, test } from 'bun:test';
import {
  CANNED_REPLY_PLACEHOLDERS,
  fillCannedReply,
  type TCannedReplyValues,
  unknownPlaceholders,
  ZCreateCannedReplyRequest,
} from './canned-replies.ts';

const VALUES: TCannedReplyValues = {
  'requester.first_name': 'Ada',
  'requester.name': 'Ada Lovelace',
  'ticket.number': 'TKT-0042',
  'ticket.title': 'Printer jams',
  'agent.first_name': 'Grace',
  'agent.name': 'Grace Hopper',
};

describe('fillCannedReply', () => {
  test('fills every known placeholder, each time it appears, spaces inside the braces allowed', () => {
    expect(
      fillCannedReply(
        'Hi {{requester.first_name}} ({{ requester.name }}), {{ticket.number}} "{{ticket.title}}" is done. {{ticket.number}} — {{agent.first_name}} / {{agent.name}}',
        VALUES,
      ),
    ).toBe('Hi Ada (Ada Lovelace), TKT-0042 "Printer jams" is done. TKT-0042 — Grace / Grace Hopper');
  });

  test('leaves unknown placeholders, single braces and unclosed ones as written', () => {
    expect(fillCannedReply('{{ticket.owner}} {ticket.number} {{ticket.number', VALUES)).toBe(
      '{{ticket.owner}} {ticket.number} {{ticket.number',
    );
  });

  test('a value that looks like a placeholder is not filled again', () => {
    const values = { ...VALUES, 'requester.first_name': '{{agent.name}}' };
    expect(fillCannedReply('{{requester.first_name}}', values)).toBe('{{agent.name}}');
  });

  test('the list of placeholders is the one the values cover', () => {
    expect(Object.keys(VALUES).sort()).toEqual([...CANNED_REPLY_PLACEHOLDERS].sort());
  });
});

describe('unknownPlaceholders', () => {
  test('names each unknown placeholder once, in order; known ones and plain braces are fine', () => {
    expect(unknownPlaceholders('{{ticket.number}} {{x}} {{ y.z }} {{x}} {single} {{}}')).toEqual([
      'x',
      'y.z',
      '',
    ]);
    expect(unknownPlaceholders('Hi {{requester.first_name}}')).toEqual([]);
  });

  test('the create schema refuses a body with an unknown placeholder, naming it', () => {
    const parsed = ZCreateCannedReplyRequest.safeParse({ title: 'T', body: 'Hi {{name}}', isShared: false });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('"name" is unknown');
  });
});
