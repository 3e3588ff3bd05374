import { describe, expect, test } from 'bun:test';
import { inbound } from './test-mail.ts';
import { type DeskThreadingFacts, decideThread, outboxIdOf, plusTagOf, ticketNumberIn } from './threading.ts';

const SENT_A = '<outbox.11111111-1111-4111-8111-111111111111@desk.example.com>';
const SENT_B = '<outbox.22222222-2222-4222-8222-222222222222@desk.example.com>';
const REQUESTER = 'anna.berg@example.net';

/** A desk with two tickets, A (TKT-000001) and B (TKT-000002), both Anna's; it counts its lookups. */
function desk() {
  const lookups: string[] = [];
  const ids = new Map([
    [SENT_A, 'ticket-a'],
    [SENT_B, 'ticket-b'],
  ]);
  const numbers = new Map([
    ['TKT-000001', 'ticket-a'],
    ['TKT-000002', 'ticket-b'],
    ['TKT-1000000', 'ticket-million'],
  ]);
  const facts: DeskThreadingFacts = {
    supportAddresses: ['support@desk.example.com'],
    ticketByMessageId: async (id) => {
      lookups.push(id);
      return ids.get(id) ?? null;
    },
    ticketByNumber: async (number) => numbers.get(number) ?? null,
    senderMayReply: async (_ticketId, sender) => sender === REQUESTER,
  };
  return { facts, lookups };
}

describe('decideThread', () => {
  test('In-Reply-To wins over References', async () => {
    const message = await inbound([`In-Reply-To: ${SENT_B}`, `References: ${SENT_A}`]);
    expect(await decideThread(message, desk().facts)).toEqual({
      kind: 'reply',
      ticketId: 'ticket-b',
      matchedBy: 'in-reply-to',
    });
  });

  test('References are tried newest first', async () => {
    const message = await inbound([`References: ${SENT_A} <unknown@x.example> ${SENT_B} <other@y.example>`]);
    const { facts, lookups } = desk();
    expect(await decideThread(message, facts)).toEqual({
      kind: 'reply',
      ticketId: 'ticket-b',
      matchedBy: 'references',
    });
    expect(lookups).toEqual(['<other@y.example>', SENT_B]);
  });

  test('an unknown In-Reply-To falls through to References', async () => {
    const message = await inbound([
      'In-Reply-To: <colleague@x.example>',
      `References: ${SENT_A} <colleague@x.example>`,
    ]);
    const { facts, lookups } = desk();
    expect(await decideThread(message, facts)).toMatchObject({
      ticketId: 'ticket-a',
      matchedBy: 'references',
    });
    expect(lookups).toEqual(['<colleague@x.example>', SENT_A]);
  });

  test('a thousand References cost a bounded number of lookups', async () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `<r${index}@x.example>`);
    const { facts, lookups } = desk();
    expect(await decideThread(await inbound([`References: ${ids.join(' ')}`]), facts)).toEqual({
      kind: 'new',
    });
    expect(lookups.length).toBeLessThanOrEqual(51);
  });

  test('the plus address names the ticket when the ids are gone', async () => {
    for (const header of [
      'Delivered-To: support+TKT-000002@desk.example.com',
      'To: Desk <support+TKT-000002@desk.example.com>',
      'Cc: SUPPORT+tkt-000002@Desk.Example.com',
    ]) {
      expect(await decideThread(await inbound([header, 'Subject: TKT-000001']), desk().facts)).toEqual({
        kind: 'reply',
        ticketId: 'ticket-b',
        matchedBy: 'plus-address',
      });
    }
  });

  test('a plus tag on someone else’s mailbox means nothing', async () => {
    const message = await inbound(['To: helpdesk+TKT-000002@desk.example.com', 'Subject: hello']);
    expect(await decideThread(message, desk().facts)).toEqual({ kind: 'new' });
  });

  test('a ticket number in the subject matches only for its requester or staff', async () => {
    const fromRequester = await inbound(['Subject: RE: [EXTERNAL] AW: [TKT-000001] Printer']);
    expect(await decideThread(fromRequester, desk().facts)).toEqual({
      kind: 'reply',
      ticketId: 'ticket-a',
      matchedBy: 'subject',
    });
    const fromStranger = await inbound(['From: eve@example.org', 'Subject: Re: [TKT-000001] Printer']);
    expect(await decideThread(fromStranger, desk().facts)).toEqual({ kind: 'new' });
    const plusFromStranger = await inbound([
      'From: eve@example.org',
      'To: support+TKT-000001@desk.example.com',
    ]);
    expect(await decideThread(plusFromStranger, desk().facts)).toEqual({ kind: 'new' });
  });

  test('numbers past six digits match; unknown numbers and look-alikes do not', async () => {
    expect(await decideThread(await inbound(['Subject: Re: TKT-1000000']), desk().facts)).toMatchObject({
      ticketId: 'ticket-million',
    });
    for (const subject of [
      'Re: TKT-000003',
      'Re: TKT-12345',
      'Re: XTKT-000001',
      'Re: TKT-0000011111111111111',
    ]) {
      expect(await decideThread(await inbound([`Subject: ${subject}`]), desk().facts)).toEqual({
        kind: 'new',
      });
    }
  });

  test('a message without sender or thread facts is new', async () => {
    expect(await decideThread(await inbound(['From: nobody', 'Subject: TKT-000001']), desk().facts)).toEqual({
      kind: 'new',
    });
  });
});

describe('the pieces', () => {
  test('outboxIdOf reads the desk’s own ids, whatever the domain, and nothing else', () => {
    expect(outboxIdOf(SENT_A)).toBe('11111111-1111-4111-8111-111111111111');
    expect(outboxIdOf('<outbox.11111111-1111-4111-8111-111111111111@old-name.example>')).toBe(
      '11111111-1111-4111-8111-111111111111',
    );
    expect(outboxIdOf('<OUTBOX.AAAAAAAA-1111-4111-8111-111111111111@D.EXAMPLE>')).toBe(
      'aaaaaaaa-1111-4111-8111-111111111111',
    );
    expect(outboxIdOf('<outbox.not-a-uuid@desk.example.com>')).toBeNull();
    expect(outboxIdOf('<x.outbox.11111111-1111-4111-8111-111111111111@desk.example.com>')).toBeNull();
  });

  test('ticketNumberIn normalizes the case and needs six to twelve digits', () => {
    expect(ticketNumberIn('AW: [tkt-000123] Drucker')).toBe('TKT-000123');
    expect(ticketNumberIn('TKT-123')).toBeNull();
    expect(ticketNumberIn('TKT-0001234567890')).toBeNull();
  });

  test('plusTagOf reads the tag of the desk’s mailboxes only', () => {
    const support = ['support@desk.example.com'];
    expect(plusTagOf('support+TKT-000123@desk.example.com', support)).toBe('TKT-000123');
    expect(plusTagOf('support@desk.example.com', support)).toBeNull();
    expect(plusTagOf('support+x@other.example', support)).toBeNull();
    expect(plusTagOf('sup+port@desk.example.com', support)).toBeNull();
  });
});
