import { describe, expect, test } from 'bun:test';
import { mailText } from './mail-language.ts';
import { renderEmail } from './templates.ts';

const BRAND = { companyName: 'Acme IT' };

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

  test('a kind not converted yet stays English in every part, whatever the language', () => {
    const data = { firstName: 'Ana', username: 'ana', signInUrl: 'https://desk.example/login' };
    expect(renderEmail('account_approved', data, BRAND, 'fr')).toEqual(
      renderEmail('account_approved', data, BRAND),
    );
  });

  test('values come out exactly as typed, escape-like sequences included', () => {
    expect(mailText('fr', 'mail.greeting', { name: 'Zoé \\u202E\\x41' })).toBe('Bonjour Zoé \\u202E\\x41,');
    expect(mailText('en', 'mail.registrationReceived.review', { brand: '{brand}' })).toBe(
      'Thank you for registering with {brand}. An administrator will review your account.',
    );
  });
});
