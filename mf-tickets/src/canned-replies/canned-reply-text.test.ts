import { describe, expect, test } from 'bun:test';
import {
  cannedReplyText,
  cannedReplyValues,
  filterCannedReplies,
  insertAtCursor,
} from './canned-reply-text.ts';

const TICKET = {
  ticketNumber: 'TKT-0007',
  title: 'VPN drops at noon',
  requester: { id: crypto.randomUUID(), email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
};
const AGENT = { firstName: 'Grace', lastName: 'Hopper' };

describe('cannedReplyText', () => {
  test('fills the requester, ticket and agent placeholders for this ticket and this agent', () => {
    const body =
      'Hi {{requester.first_name}}, {{ticket.number}} ({{ticket.title}}) is solved. Regards, {{agent.name}} ({{agent.first_name}}) for {{requester.name}}';
    expect(cannedReplyText({ body }, TICKET, AGENT)).toBe(
      'Hi Ada, TKT-0007 (VPN drops at noon) is solved. Regards, Grace Hopper (Grace) for Ada Lovelace',
    );
  });

  test('a requester value holding braces is inserted as written, not filled again', () => {
    const ticket = { ...TICKET, requester: { ...TICKET.requester, firstName: '{{agent.name}}' } };
    expect(cannedReplyText({ body: 'Hi {{requester.first_name}}' }, ticket, AGENT)).toBe('Hi {{agent.name}}');
    expect(cannedReplyValues(ticket, AGENT)['requester.first_name']).toBe('{{agent.name}}');
  });
});

describe('insertAtCursor', () => {
  test('puts the text at the cursor and moves the cursor after it', () => {
    expect(insertAtCursor('Hello world', { start: 6, end: 6 }, 'dear ')).toEqual({
      draft: 'Hello dear world',
      cursor: 11,
    });
  });

  test('replaces a selection, and clamps positions outside the draft', () => {
    expect(insertAtCursor('Hello world', { start: 6, end: 11 }, 'Ada')).toEqual({
      draft: 'Hello Ada',
      cursor: 9,
    });
    expect(insertAtCursor('Hi', { start: 40, end: 50 }, '!')).toEqual({ draft: 'Hi!', cursor: 3 });
    expect(insertAtCursor('', { start: 0, end: 0 }, 'Text')).toEqual({ draft: 'Text', cursor: 4 });
  });
});

describe('filterCannedReplies', () => {
  const replies = [
    { title: 'Password reset', body: 'Use the self-service portal.' },
    { title: 'Resolved: thanks', body: 'Glad the password works again.' },
    { title: 'Printer', body: 'Check the tray.' },
  ];

  test('every word must match; title matches come before text matches; case does not matter', () => {
    expect(filterCannedReplies(replies, 'PASSWORD').map((r) => r.title)).toEqual([
      'Password reset',
      'Resolved: thanks',
    ]);
    expect(filterCannedReplies(replies, 'password glad').map((r) => r.title)).toEqual(['Resolved: thanks']);
    expect(filterCannedReplies(replies, 'fax')).toEqual([]);
  });

  test('no words: all of them, in order', () => {
    expect(filterCannedReplies(replies, '   ')).toEqual(replies);
  });
});
