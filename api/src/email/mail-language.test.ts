import { describe, expect, test } from 'bun:test';
import { EMAIL_KINDS, type TEmailKind } from '@helpdesk/contracts';
import { SAMPLES } from './email-samples.ts';
import { mailText } from './mail-language.ts';
import { type EmailData, escapeHtml, renderEmail } from './templates.ts';

const BRAND = { companyName: 'Acme IT' };
const OTHER_LANGUAGES = ['es', 'fr', 'de'] as const;

/** Every kind with its sample, plus the variants that take other texts (a user's reset, an account opened for mail). */
const VARIANTS: [TEmailKind, EmailData[TEmailKind]][] = [
  ...EMAIL_KINDS.map((kind): [TEmailKind, EmailData[TEmailKind]] => [kind, SAMPLES[kind]]),
  ['password_reset', { ...SAMPLES.password_reset, isAdminAccount: false }],
  ['account_invitation', { ...SAMPLES.account_invitation, mailUsername: 'ada-1a2b3c' }],
];

// Words every English mail has one of and no translation uses (case matters: German writes "Link").
const ENGLISH_WORDS =
  /\b(Hello|the|your|Your|you|please|Please|been|will|this|our|with|account|email|link)\b/;

/** The words of a mail part: the text between any tags, links left out (their paths are English). */
const wordsOf = (part: string) => part.replace(/<[^>]*>/g, ' ').replace(/https?:\/\/\S+/g, ' ');

/** Markup and escape-like sequences someone could type into a name or a title. */
const TYPED = '<b>Zoé</b> & "Ché" \\u202E\\x41';

describe('mail in the recipient language', () => {
  test('English is the default and what every caller gets today', () => {
    expect(renderEmail('registration_received', {} as never, BRAND)).toEqual(
      renderEmail('registration_received', {} as never, BRAND, 'en'),
    );
  });

  test('a converted kind comes whole in the language asked for: subject, greeting, body and link line', () => {
    const spanish = renderEmail('registration_received', { firstName: 'Ana' }, BRAND, 'es');
    expect(spanish.subject).toBe('[Acme IT] Hemos recibido tu registro');
    expect(spanish.text).toBe(
      [
        'Hola:',
        'Gracias por registrarte en Acme IT. Un administrador revisará tu cuenta.',
        'Te enviaremos un correo electrónico en cuanto se apruebe; hasta entonces no podrás iniciar sesión.',
        '— Acme IT',
      ].join('\n\n'),
    );
    expect(renderEmail('registration_received', { firstName: 'Jo' }, BRAND, 'de').subject).toBe(
      '[Acme IT] Wir haben Ihre Registrierung erhalten',
    );
  });

  test('every kind comes whole in every language: subject, text and HTML differ from English and keep no English word', () => {
    for (const [kind, data] of VARIANTS) {
      const english = renderEmail(kind, data, BRAND);
      for (const language of OTHER_LANGUAGES) {
        const translated = renderEmail(kind, data, BRAND, language);
        const where = `${kind} in ${language}`;
        expect(translated.subject, where).not.toBe(english.subject);
        expect(translated.text, where).not.toBe(english.text);
        for (const part of [translated.subject, translated.text, translated.html]) {
          expect(wordsOf(part), where).not.toMatch(ENGLISH_WORDS);
        }
      }
    }
  });

  test('the English of every kind holds those words, so the check above can catch English', () => {
    for (const [kind, data] of VARIANTS) {
      expect(wordsOf(renderEmail(kind, data, BRAND).text), kind).toMatch(ENGLISH_WORDS);
    }
  });

  test('typed values are escaped in HTML and kept as typed, backslashes included, in every language', () => {
    for (const language of ['en', ...OTHER_LANGUAGES] as const) {
      const reply = renderEmail(
        'ticket_reply',
        {
          firstName: TYPED,
          ticketNumber: 'TKT-000042',
          title: TYPED,
          authorName: TYPED,
          content: TYPED,
          ticketUrl: 'https://help.acme.test/tickets/1',
        },
        { companyName: TYPED },
        language,
      );
      expect(reply.subject, language).toContain(TYPED);
      expect(reply.text, language).toContain(`${TYPED} `);
      expect(reply.text, language).not.toContain('\u202E');
      expect(reply.html, language).not.toContain('<b>');
      expect(reply.html, language).toContain(escapeHtml(TYPED));
    }
  });

  test('values come out exactly as typed, escape-like sequences included', () => {
    expect(mailText('fr', 'mail.greeting', { name: 'Zoé \\u202E\\x41' })).toBe('Bonjour Zoé \\u202E\\x41,');
    expect(mailText('en', 'mail.registrationReceived.review', { brand: '{brand}' })).toBe(
      'Thank you for registering with {brand}. An administrator will review your account.',
    );
  });
});
