/**
 * Hostile text. None of it contains the words the leak check looks for ('postgres', 'syntax
 * error', 'SQLSTATE', ...), so an answer holding one of them is a leak, never an echo.
 */
import { LIMITS } from '@helpdesk/contracts';

export const INJECTION_STRINGS: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(5)--',
  "') OR 1=1 --",
  "admin'--",
  "%' AND 1=0 UNION SELECT null, null--",
  "\\'; select 1; --",
  '$1',
  '$$; select 1; $$',
  "E'\\x00'",
  '1::int',
  "'||(select current_user)||'",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection text, sent literally.
  '${7*7}',
  '#{7*7}',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection text, sent literally.
  '${process.exit(1)}',
  '`id`',
  '$(id)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<!--',
  ']]>',
  'a\r\nSet-Cookie: injected=1',
  '\r\n\r\nHTTP/1.1 200 OK\r\n',
  'line1\nline2\ttab',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.png',
  '....//....//etc/hosts',
  'file:///etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'toString',
  'hasOwnProperty',
  '{"$ne": null}',
  'undefined',
  'null',
  'NaN',
  'true',
  '*',
  '%',
  '_',
  '%_%',
  '\\',
  "'",
  '"',
  '|',
  '&&',
  ';',
  '--',
  '/*',
  '*/',
  ':name',
  '?',
  '#',
  '!',
  '& | ! <-> :*',
  'a & b | !c',
];

export const UNICODE_STRINGS: readonly string[] = [
  '\u202Egnp.exe',
  '\u200Fright-to-left \u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627',
  'zero\u200Bwidth\u200C\u200Djoin\uFEFF',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030A',
  'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319\u0324\u031E\u0349\u035A',
  '\u{1F600}\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}\u{1F3F3}\uFE0F\u200D\u{1F308}',
  '\u{10FFFF}\u{1D54F}\u{20000}',
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '\uDC00\uD800',
  '\u0000',
  'nul\u0000inside',
  '\u0085\u2028\u2029',
  '\uFB00\u0130\u00DF\u03A9\u212A',
  '\uFF41\uFF44\uFF4D\uFF49\uFF4E',
  '\u0430dmin',
  '\u001B[31mred\u001B[0m',
  '\u0001\u0002\u007F\u009F',
  '\uFFFE\uFFFF',
  '\u00A0\u3000\u2003 ',
  '   ',
  '',
];

/** Strings that a header may carry (fetch refuses CR, LF, NUL and anything past U+00FF). */
export const HEADER_SAFE_STRINGS: readonly string[] = [
  ...INJECTION_STRINGS.filter((text) => /^[\u0020-\u007E]+$/.test(text)),
  '\u00FF\u00E9\u00A0latin1',
  'k'.repeat(8 * 1024),
];

export const BAD_UUIDS: readonly string[] = [
  '',
  'not-a-uuid',
  '1',
  '0',
  '-1',
  'null',
  'undefined',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-4266141740000',
  '123e4567e89b12d3a456426614174000',
  '{123e4567-e89b-12d3-a456-426614174000}',
  'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
  '123e4567-e89b-02d3-a456-426614174000',
  '123e4567-e89b-12d3-c456-426614174000',
  'g23e4567-e89b-12d3-a456-426614174000',
  ' 123e4567-e89b-12d3-a456-426614174000',
  '123e4567-e89b-12d3-a456-426614174000\u0000',
  "123e4567-e89b-12d3-a456-426614174000' OR '1'='1",
  '\uFF11\uFF12\uFF13e4567-e89b-12d3-a456-426614174000',
];

/** Number-looking text for query strings and string fields. */
export const NUMBERISH_STRINGS: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '1.5',
  '1e309',
  '1e2',
  '0x10',
  '0b11',
  '1_000',
  ' 5 ',
  '5abc',
  '+5',
  '٣',
  '9007199254740993',
  '99999999999999999999999999999999999999',
  '',
];

/** JSON number tokens at and past what a double holds. */
export const RAW_NUMBERS: readonly string[] = [
  '1e309',
  '-1e309',
  '-0',
  '0.0',
  '1e-400',
  '9007199254740993',
  '-9007199254740993',
  `1${'0'.repeat(400)}`,
  '2147483648',
  '-2147483649',
  '1.7976931348623157e308',
  '5e-324',
];

/** Over the 1 MB JSON limit once quoted in a body. */
export const HUGE_ASCII = 'A'.repeat(LIMITS.maxJsonBodyBytes + 1024);
/** Under the JSON limit in bytes, far over every field's cap in characters. */
export const LARGE_ASCII = 'B'.repeat(Math.floor(LIMITS.maxJsonBodyBytes * 0.9));
/** 4 UTF-8 bytes per character: small in characters, over 1 MB in bytes. */
export const HUGE_ASTRAL = '\u{1F4A9}'.repeat(Math.ceil(LIMITS.maxJsonBodyBytes / 4) + 256);
