import { describe, expect, test } from 'bun:test';
import { VISIBLE_LINE } from './text.ts';
import { ZCreateTicketRequest } from './tickets.ts';

describe('VISIBLE_LINE', () => {
  test('refuses format characters (Cf), controls and line separators', () => {
    const hidden = [
      '\u200B',
      '\u200C',
      '\u200D',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\uFEFF',
      '\u00AD',
      '\u0000',
      '\u0007',
      '\n',
      '\r',
      '\t',
      '\u0085',
      '\u2028',
      '\u2029',
    ];
    const joiners = ['\u200C', '\u200D'];
    for (const character of hidden) {
      if (joiners.includes(character)) continue;
      expect(VISIBLE_LINE.test(`a${character}b`)).toBe(false);
    }
    // The joiners only where they join: never alone, at an edge, doubled or beside a space.
    for (const joiner of joiners) {
      for (const text of [
        joiner,
        `a${joiner}`,
        `${joiner}a`,
        `a ${joiner}b`,
        `a${joiner} b`,
        `a${joiner}${joiner}b`,
      ]) {
        expect(VISIBLE_LINE.test(text)).toBe(false);
      }
    }
  });

  test('keeps the joiners between two visible characters: Persian, Indic and emoji sequences', () => {
    for (const text of ['می\u200Cخواهم', 'क्\u200Dष', 'Dev \u{1F469}\u200D\u{1F4BB} laptop']) {
      expect(VISIBLE_LINE.test(text)).toBe(true);
    }
  });

  test('accepts ordinary text in any script, emoji and punctuation', () => {
    for (const text of ['Printer jam', 'Zoë Ağaoğlu', 'شبكة لا تعمل', '打印机卡纸', 'Build 🚀 #42 (v1.2)']) {
      expect(VISIBLE_LINE.test(text)).toBe(true);
    }
  });

  test('a ticket title refuses them; its description keeps ordinary line breaks', () => {
    expect(ZCreateTicketRequest.safeParse({ title: 'Invoice \u202Efdp.exe', description: 'x' }).success).toBe(
      false,
    );
    expect(
      ZCreateTicketRequest.safeParse({ title: 'Invoice', description: 'Line one\r\nLine two' }).success,
    ).toBe(true);
  });
});
