import { describe, expect, test } from 'bun:test';
import { replyText } from './reply-text.ts';

const trimmed = (lines: string[]) => replyText(lines.join('\n')).text;

describe('replyText', () => {
  test('drops an attribution line and the quote below it, in each language', () => {
    const attributions = [
      'On Thu, Nov 19, 2026 at 3:14 PM Acme Help Desk <support@desk.example.com> wrote:',
      'On 19 Nov 2026, at 15:14, Acme Help Desk <support@desk.example.com> wrote:',
      'Am Do., 19. Nov. 2026 um 15:14 Uhr schrieb Acme Help Desk <support@desk.example.com>:',
      'Am 19.11.2026 um 15:14 schrieb Acme Help Desk:',
      'Le jeu. 19 nov. 2026 à 15:14, Acme Help Desk <support@desk.example.com> a écrit :',
      'El jue, 19 nov 2026 a las 15:14, Acme Help Desk (<support@desk.example.com>) escribió:',
      'Op do 19 nov. 2026 om 15:14 schreef Acme Help Desk <support@desk.example.com>:',
      'Il giorno gio 19 nov 2026 alle ore 15:14 Acme Help Desk ha scritto:',
      'Em qui., 19 de nov. de 2026 às 15:14, Acme Help Desk escreveu:',
      'Den tors 19 nov. 2026 kl 15:14 skrev Acme Help Desk <support@desk.example.com>:',
      'På torsdag 19. nov. 2026 kl. 15:14 skrev Acme Help Desk <support@desk.example.com>:',
    ];
    for (const attribution of attributions) {
      expect(trimmed(['New words.', '', attribution, '> old words', '> more old words'])).toBe('New words.');
    }
  });

  test('an attribution wrapped over two or three lines is still one', () => {
    expect(
      trimmed([
        'Yes.',
        '',
        'On Thu, Nov 19, 2026 at 3:14 PM Acme Help Desk <',
        'support@desk.example.com>',
        'wrote:',
        '',
        '> old',
      ]),
    ).toBe('Yes.');
    expect(
      trimmed(['Oui.', '', 'Le jeu. 19 nov. 2026 à 17:20, Desk <s@d.example> a', 'écrit :', '> old']),
    ).toBe('Oui.');
  });

  test('an attribution with nothing quoted below cuts everything after it', () => {
    expect(
      trimmed(['Fixed.', '', 'On Thu, Nov 19, 2026, Desk wrote:', 'Old message without quote marks.']),
    ).toBe('Fixed.');
  });

  test('Outlook header blocks and separators cut the history, in each language', () => {
    const blocks = [
      ['-----Original Message-----', 'From: Desk', 'Sent: Thursday'],
      ['-----Ursprüngliche Nachricht-----', 'Von: Desk'],
      ['-------- Original message --------', 'From: Desk', 'Date: 19/11/2026'],
      [
        '________________________________',
        'From: Desk <support@desk.example.com>',
        'Sent: 19 November 2026 16:40',
      ],
      ['From: Desk <support@desk.example.com>', 'Sent: Thursday, November 19, 2026 3:14 PM', 'To: Anna'],
      ['*From:* Desk <support@desk.example.com>', '*Sent:* Thursday, November 19, 2026 3:14 PM'],
      ['Von: Desk <support@desk.example.com>', 'Gesendet: Donnerstag, 19. November 2026 15:40', 'An: Jonas'],
      ['De : Desk <support@desk.example.com>', 'Envoyé : vendredi 20 novembre 2026 16:10', 'À : Claire'],
      [
        'De: Desk <support@desk.example.com>',
        'Enviado: viernes, 20 de noviembre de 2026 16:10',
        'Para: Miguel',
      ],
      ['From: Desk <support@desk.example.com>', 'Date: Friday, 20 November 2026 at 17:02', 'To: Tom'],
      ['Fra: Desk <support@desk.example.com>', 'Sendt: 20. november 2026 17:02', 'Til: Tom'],
      ['Från: Desk <support@desk.example.com>', 'Skickat: den 20 november 2026 17:02', 'Till: Tom'],
    ];
    for (const block of blocks) {
      expect(trimmed(['My answer.', '', ...block, 'Subject: old', '', 'Old text.'])).toBe('My answer.');
    }
  });

  test('"From:" in the reply itself, without a header block after it, stays', () => {
    expect(trimmed(['From: my home office the VPN works.', 'Thanks!'])).toBe(
      'From: my home office the VPN works.\nThanks!',
    );
  });

  test('quoted above (bottom posting) and interleaved answers keep every new line', () => {
    expect(
      trimmed([
        'On 19/11/2026 16:40, Desk wrote:',
        '> Which cable?',
        '',
        'The docking station.',
        '',
        '> Does it print now?',
        '',
        'Yes, after the move.',
      ]),
    ).toBe('The docking station.\n\nYes, after the move.');
  });

  test('signatures go: "-- " and the phone lines in several languages', () => {
    expect(trimmed(['Done.', '', '-- ', 'Anna Berg', 'Accounts'])).toBe('Done.');
    for (const line of [
      'Sent from my iPhone',
      'Sent from my Galaxy',
      'Sent from Outlook for Android',
      'Get Outlook for iOS',
      'Von meinem iPhone gesendet',
      'Envoyé de mon iPhone',
      'Enviado desde mi iPhone',
    ]) {
      expect(trimmed(['Done.', '', line])).toBe('Done.');
    }
  });

  test('a forwarded message is content, kept whole', () => {
    const text = [
      'See below.',
      '',
      '---------- Forwarded message ---------',
      'From: Paul <p@x.example>',
      'Date: Mon',
      '',
      'Body.',
    ];
    expect(trimmed(text)).toBe(text.join('\n'));
    const apple = [
      'FYI',
      '',
      'Begin forwarded message:',
      '',
      'From: Paul <p@x.example>',
      'Subject: Badge',
      '',
      'Body.',
    ];
    expect(trimmed(apple)).toBe(apple.join('\n'));
  });

  test('when trimming would leave nothing, the whole text is kept', () => {
    const onlyQuote = ['> just a quote', '> nothing new'].join('\n');
    expect(replyText(onlyQuote)).toEqual({ text: onlyQuote, isTrimmed: false });
    expect(replyText('-- \nAnna')).toEqual({ text: '--\nAnna', isTrimmed: false });
    expect(replyText('')).toEqual({ text: '', isTrimmed: false });
  });

  test('says whether anything was trimmed, and tidies blank lines and CRLF', () => {
    expect(replyText('Thanks!\r\n\r\n\r\n\r\nAnna\r\n')).toEqual({
      text: 'Thanks!\n\nAnna',
      isTrimmed: false,
    });
    expect(replyText('Thanks!\n\nOn Mon, X wrote:\n> old')).toEqual({ text: 'Thanks!', isTrimmed: true });
  });

  test('words that merely look like an attribution in the middle of a line stay', () => {
    const text = 'On Monday I wrote: the printer was fine.\nAm Ende schrieb ich nichts mehr.';
    expect(trimmed([text])).toBe(text);
  });

  test('a huge hostile text is trimmed quickly', () => {
    const started = performance.now();
    const lines = Array.from({ length: 50_000 }, (_, index) =>
      index % 3 === 0 ? 'On a' : index % 3 === 1 ? 'From: x' : '> q',
    );
    expect(typeof replyText(lines.join('\n')).text).toBe('string');
    expect(replyText(`On ${'x '.repeat(100_000)}`).text.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
