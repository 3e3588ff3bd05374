import { describe, expect, test } from 'bun:test';
import { isFromDeskMailbox, mayAutoReply, noAutoReplyReason } from './loops.ts';
import { inbound } from './test-mail.ts';

const desk = {
  supportAddresses: ['support@desk.example.com', 'it@desk.example.com'],
  messageIdDomain: 'desk.example.com',
};
const OWN_ID = '<outbox.11111111-1111-4111-8111-111111111111@desk.example.com>';

describe('noAutoReplyReason', () => {
  test('a person’s mail may be answered', async () => {
    const message = await inbound(['Subject: help', 'Auto-Submitted: no', 'Precedence: first-class']);
    expect(noAutoReplyReason(message, desk)).toBeNull();
    expect(mayAutoReply(message, desk)).toBe(true);
  });

  test('Auto-Submitted other than "no" is never answered', async () => {
    for (const value of [
      'auto-replied',
      'auto-generated',
      'auto-notified; owner-email="x@y.example"',
      'AUTO-REPLIED',
    ]) {
      expect(noAutoReplyReason(await inbound([`Auto-Submitted: ${value}`]), desk)).toBe('auto-submitted');
    }
  });

  test('the older vacation headers count as Auto-Submitted', async () => {
    for (const header of ['X-Autoreply: yes', 'X-Autorespond: on vacation']) {
      expect(noAutoReplyReason(await inbound([header]), desk)).toBe('auto-submitted');
    }
  });

  test('X-Auto-Response-Suppress covering automatic answers is honoured', async () => {
    for (const value of ['All', 'OOF', 'DR, RN, NRN, OOF, AutoReply']) {
      expect(noAutoReplyReason(await inbound([`X-Auto-Response-Suppress: ${value}`]), desk)).toBe(
        'suppressed',
      );
    }
    expect(noAutoReplyReason(await inbound(['X-Auto-Response-Suppress: DR, RN']), desk)).toBeNull();
  });

  test('Precedence bulk, junk, list and auto_reply are never answered', async () => {
    for (const value of ['bulk', 'junk', 'list', ' Bulk ', 'auto_reply']) {
      expect(noAutoReplyReason(await inbound([`Precedence: ${value}`]), desk)).toBe('precedence');
    }
  });

  test('mailing lists are never answered', async () => {
    expect(noAutoReplyReason(await inbound(['List-Id: News <news.example.org>']), desk)).toBe('mailing-list');
    expect(noAutoReplyReason(await inbound(['List-Unsubscribe: <mailto:u@example.org>']), desk)).toBe(
      'mailing-list',
    );
  });

  test('bounces and the null sender are never answered', async () => {
    expect(noAutoReplyReason(await inbound(['Return-Path: <>']), desk)).toBe('bounce');
    const report = await inbound(
      ['Content-Type: multipart/report; report-type=delivery-status; boundary=x'],
      '--x--',
    );
    expect(noAutoReplyReason(report, desk)).toBe('bounce');
  });

  test('machine senders are never answered', async () => {
    for (const sender of [
      'MAILER-DAEMON@mx.example.org',
      'postmaster@example.org',
      'noreply@example.org',
      'no-reply@example.org',
      'do-not-reply@example.org',
      'donotreply+x@example.org',
      'bounces@example.org',
    ]) {
      expect(noAutoReplyReason(await inbound([`From: ${sender}`]), desk)).toBe(
        /^(mailer-daemon|postmaster)@/i.test(sender) ? 'bounce' : 'automatic-sender',
      );
    }
    expect(noAutoReplyReason(await inbound(['From: noreplyanna@example.org']), desk)).toBeNull();
  });

  test('the desk’s own addresses, with or without a plus tag, are never answered', async () => {
    for (const sender of [
      'support@desk.example.com',
      'Support+TKT-000001@Desk.Example.com',
      'it@desk.example.com',
    ]) {
      expect(noAutoReplyReason(await inbound([`From: ${sender}`]), desk)).toBe('own-address');
    }
  });

  test('a Reply-To of the desk’s own is never answered (it would mail itself)', async () => {
    expect(noAutoReplyReason(await inbound(['Reply-To: support+x@desk.example.com']), desk)).toBe(
      'own-address',
    );
  });

  test('a message without a usable sender is never answered', async () => {
    expect(noAutoReplyReason(await inbound(['From: undisclosed-recipients:;']), desk)).toBe('no-sender');
  });
});

describe('isFromDeskMailbox', () => {
  test('the desk’s address or its own Message-ID on its domain', async () => {
    expect(isFromDeskMailbox(await inbound(['From: support@desk.example.com']), desk)).toBe(true);
    expect(isFromDeskMailbox(await inbound([`Message-ID: ${OWN_ID}`]), desk)).toBe(true);
    expect(isFromDeskMailbox(await inbound([`In-Reply-To: ${OWN_ID}`]), desk)).toBe(false);
    const foreign = '<outbox.11111111-1111-4111-8111-111111111111@elsewhere.example>';
    expect(isFromDeskMailbox(await inbound([`Message-ID: ${foreign}`]), desk)).toBe(false);
    expect(isFromDeskMailbox(await inbound(['From: support@other.example']), desk)).toBe(false);
  });
});
