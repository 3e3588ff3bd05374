import { describe, expect, test } from 'bun:test';
import type { TTicketComment } from '@helpdesk/contracts';
import { repliedSentence, unseenReplies } from './reply-check.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const SAM = '00000000-0000-4000-8000-000000000002';

function comment(id: string, authorId: string, createdAt: string, isInternal = false): TTicketComment {
  return {
    id,
    ticketId: '00000000-0000-4000-8000-0000000000ff',
    content: 'text',
    isInternal,
    createdAt,
    updatedAt: createdAt,
    author: { id: authorId, firstName: 'Sam', lastName: 'Rivera', profileImageUrl: null },
  };
}

describe('the reply check', () => {
  test('only public replies by someone else that were not seen count', () => {
    const at = '2026-11-26T10:00:00.000Z';
    const comments = [
      comment('a', SAM, at),
      comment('b', ME, at),
      comment('c', SAM, at, true),
      comment('d', SAM, at),
    ];
    expect(unseenReplies(comments, new Set(['a']), ME).map((reply) => reply.id)).toEqual(['d']);
    expect(unseenReplies(comments, new Set(['a', 'd']), ME)).toEqual([]);
  });

  test('says who replied and how long ago', () => {
    const reply = comment('a', SAM, '2026-11-26T10:00:00.000Z');
    const after = (seconds: number) => new Date(Date.parse(reply.createdAt) + seconds * 1000);
    expect(repliedSentence(reply, after(30))).toBe('Sam Rivera replied 30 seconds ago.');
    expect(repliedSentence(reply, after(2))).toBe('Sam Rivera replied a moment ago.');
    // A clock slightly behind the server's is no negative time.
    expect(repliedSentence(reply, after(-3))).toBe('Sam Rivera replied a moment ago.');
    expect(repliedSentence(reply, after(150))).toBe('Sam Rivera replied 2 minutes ago.');
  });
});
