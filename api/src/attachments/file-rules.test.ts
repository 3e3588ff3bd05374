import { describe, expect, test } from 'bun:test';
import { checkAttachmentType, sanitizeFileName } from './file-rules.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('sanitizeFileName', () => {
  test('keeps only the last path component, whichever separator', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('a/b\\c.txt')).toBe('c.txt');
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\log.txt')).toBe('log.txt');
    expect(sanitizeFileName('dir/')).toBe('file');
  });

  test('removes control characters, CR/LF and direction overrides; trims; no leading dots', () => {
    expect(sanitizeFileName('evil\r\nSet-Cookie: x.txt')).toBe('evilSet-Cookie: x.txt');
    expect(sanitizeFileName('a\u0000b\u001fc\u007f.txt')).toBe('abc.txt');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('  ..hidden  ')).toBe('hidden');
    expect(sanitizeFileName('...')).toBe('file');
    expect(sanitizeFileName('\r\n\t')).toBe('file');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName(undefined)).toBe('file');
    expect(sanitizeFileName('résumé 2025.pdf')).toBe('résumé 2025.pdf');
  });

  test('at most 255 characters, keeping the extension; astral characters are not split', () => {
    const long = sanitizeFileName(`${'a'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
    const emoji = sanitizeFileName('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(255);
    expect(emoji).toBe('😀'.repeat(255));
  });
});

describe('checkAttachmentType', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
  const webp = text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');

  test('the extension names the type and the bytes must agree', () => {
    expect(checkAttachmentType(png, 'a.PNG')).toEqual({ isAllowed: true, type: 'image/png' });
    expect(checkAttachmentType(webp, 'a.webp')).toEqual({ isAllowed: true, type: 'image/webp' });
    expect(checkAttachmentType(text('%PDF-1.4'), 'a.pdf')).toEqual({
      isAllowed: true,
      type: 'application/pdf',
    });
    expect(checkAttachmentType(text('a;b\n'), 'a.csv')).toEqual({ isAllowed: true, type: 'text/csv' });
    expect(checkAttachmentType(text('PK\u0003\u0004'), 'a.xlsx')).toEqual({
      isAllowed: true,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(checkAttachmentType(png, 'a.jpg')).toEqual({ isAllowed: false, reason: 'content' });
    expect(checkAttachmentType(text('%PDF-1.4'), 'a.png')).toEqual({ isAllowed: false, reason: 'content' });
    expect(checkAttachmentType(text('RIFF\u0000\u0000\u0000\u0000WAVE'), 'a.webp')).toEqual({
      isAllowed: false,
      reason: 'content',
    });
  });

  test('pages, images as markup, scripts and programs are refused by name', () => {
    for (const name of [
      'x.html',
      'x.htm',
      'x.svg',
      'x.xml',
      'x.js',
      'x.exe',
      'x.bat',
      'x.ps1',
      'x.sh',
      'x.jar',
      'x.docm',
    ]) {
      expect(checkAttachmentType(text('hello'), name)).toEqual({ isAllowed: false, reason: 'type' });
    }
  });

  test('text must be UTF-8 without NUL, markup or a #! line', () => {
    expect(checkAttachmentType(text('héllo'), 'a.txt')).toEqual({ isAllowed: true, type: 'text/plain' });
    expect(checkAttachmentType(new Uint8Array([0xc3, 0x28]), 'a.txt').isAllowed).toBe(false);
    expect(checkAttachmentType(text('a\u0000b'), 'a.txt').isAllowed).toBe(false);
    expect(checkAttachmentType(text('\n  <SCRIPT>alert(1)</SCRIPT>'), 'a.txt').isAllowed).toBe(false);
    expect(checkAttachmentType(text('<?xml version="1.0"?><svg/>'), 'a.csv').isAllowed).toBe(false);
    expect(checkAttachmentType(text('#!/usr/bin/env python'), 'a.txt').isAllowed).toBe(false);
    expect(checkAttachmentType(text('1 < 2 and a <b> tag later'), 'a.txt').isAllowed).toBe(true);
  });

  test('an email must start with a header field', () => {
    expect(checkAttachmentType(text('Received: from x\r\nSubject: y\r\n\r\nz'), 'a.eml')).toEqual({
      isAllowed: true,
      type: 'message/rfc822',
    });
    expect(checkAttachmentType(text('Hello there'), 'a.eml').isAllowed).toBe(false);
  });

  test('without an extension the bytes decide, among allowed types only', () => {
    expect(checkAttachmentType(png, 'screenshot')).toEqual({ isAllowed: true, type: 'image/png' });
    expect(checkAttachmentType(text('PK\u0003\u0004'), 'bundle')).toEqual({
      isAllowed: true,
      type: 'application/zip',
    });
    expect(checkAttachmentType(text('notes'), 'README')).toEqual({ isAllowed: true, type: 'text/plain' });
    expect(checkAttachmentType(text('<html></html>'), 'page')).toEqual({ isAllowed: false, reason: 'type' });
    expect(checkAttachmentType(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'program')).toEqual({
      isAllowed: false,
      reason: 'type',
    });
  });
});
