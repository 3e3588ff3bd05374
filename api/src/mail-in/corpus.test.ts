import { describe, expect, test } from 'bun:test';
import { CORPUS, corpusSource, DESK_DOMAIN, fixtureDesk, SUPPORT_ADDRESSES } from './corpus/cases.ts';
import { isFromDeskMailbox, noAutoReplyReason } from './loops.ts';
import { parseMessage } from './parse-message.ts';
import { replyText } from './reply-text.ts';
import { decideThread } from './threading.ts';

const desk = { supportAddresses: SUPPORT_ADDRESSES, messageIdDomain: DESK_DOMAIN };

/** The share of the corpus's replies that land on their own ticket: the number the docs state. */
const REQUIRED_MATCHING_RATE = 0.99;

describe('the reply-shape corpus', () => {
  test(`at least ${REQUIRED_MATCHING_RATE * 100}% of replies land on their ticket, and no new message on an old one`, async () => {
    const replies = CORPUS.filter((entry) => entry.expect.kind === 'reply');
    const missed: string[] = [];
    for (const entry of replies) {
      const decision = await decideThread(await parseMessage(corpusSource(entry.file)), fixtureDesk());
      const expected = entry.expect.kind === 'reply' ? entry.expect.ticketId : null;
      if (decision.kind !== 'reply' || decision.ticketId !== expected) missed.push(entry.file);
    }
    const rate = (replies.length - missed.length) / replies.length;
    console.info(
      `mail threading corpus: ${replies.length - missed.length} of ${replies.length} replies on their ticket (${(rate * 100).toFixed(1)}%)`,
    );
    expect(missed).toEqual([]);
    expect(rate).toBeGreaterThanOrEqual(REQUIRED_MATCHING_RATE);
    expect(replies.length).toBeGreaterThanOrEqual(20);

    for (const entry of CORPUS.filter((candidate) => candidate.expect.kind === 'new')) {
      const decision = await decideThread(await parseMessage(corpusSource(entry.file)), fixtureDesk());
      expect({ file: entry.file, decision }).toEqual({ file: entry.file, decision: { kind: 'new' } });
    }
  });

  for (const entry of CORPUS) {
    test(`${entry.file}: ${entry.shape}`, async () => {
      const message = await parseMessage(corpusSource(entry.file));
      expect(message.problems).toEqual([]);
      expect(message.from).not.toBeNull();
      const { expect: expectation } = entry;
      if (expectation.kind === 'reply') {
        expect(replyText(message.text).text).toBe(expectation.text);
        expect(noAutoReplyReason(message, desk)).toBeNull();
      } else if (expectation.kind === 'new') {
        expect(noAutoReplyReason(message, desk)).toBeNull();
        expect(isFromDeskMailbox(message, desk)).toBe(false);
      } else {
        expect(noAutoReplyReason(message, desk)).toBe(expectation.reason);
      }
    });
  }
});

describe('what the corpus messages carry', () => {
  test('a delivery report is a bounce that names the outbox message it returns', async () => {
    const message = await parseMessage(corpusSource('bounce.eml'));
    expect(message.isBounce).toBe(true);
    expect(message.hasNullReturnPath).toBe(true);
    expect(message.bouncedMessageId).toBe('<outbox.0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d@desk.example.com>');
  });

  test('the desk’s own notification is recognized as its own mail', async () => {
    expect(isFromDeskMailbox(await parseMessage(corpusSource('desk-own-copy.eml')), desk)).toBe(true);
    expect(isFromDeskMailbox(await parseMessage(corpusSource('gmail-reply.eml')), desk)).toBe(false);
  });

  test('attached and inline files keep their names, types and sizes', async () => {
    const message = await parseMessage(corpusSource('new-html-with-inline-image.eml'));
    expect(
      message.files.map(({ fileName, contentType, size, isInline }) => ({
        fileName,
        contentType,
        size,
        isInline,
      })),
    ).toEqual([
      { fileName: 'screenshot.png', contentType: 'image/png', size: 70, isInline: true },
      { fileName: 'fehler.pdf', contentType: 'application/pdf', size: 82, isInline: false },
    ]);
    expect(message.subject).toBe('Drucker im Büro 3.14');
    expect(message.from).toEqual({ address: 'lena.koenig@example.de', name: 'König, Lena' });
    expect(message.text).toContain('Der Drucker zeigt diese Meldung:');
  });

  test('HTML becomes text without its scripts, styles or markup', async () => {
    const message = await parseMessage(corpusSource('html-only-webmail-reply.eml'));
    expect(message.text).not.toMatch(/document\.|cookie|font-family|pixel\.gif|<\/?[a-z]+[\s>]/i);
    expect(message.text).toContain('My badge still does not open the second floor door.');
  });

  test('subjects in any charset are decoded', async () => {
    const subjects = await Promise.all(
      [
        'outlook-german-reply.eml',
        'french-gmail-reply.eml',
        'french-outlook-reply.eml',
        'spanish-reply.eml',
      ].map(async (file) => (await parseMessage(corpusSource(file))).subject),
    );
    expect(subjects).toEqual([
      'AW: [TKT-000124] Passwort zurücksetzen funktioniert nicht',
      'Re: [TKT-000125] Accès badge',
      'RE: [TKT-000125] Accès badge',
      'Re: [TKT-000126] Teclado del portátil',
    ]);
  });
});
