import { describe, expect, test } from 'bun:test';
import { RETURN_PATH_MAX, safeReturnPath, withReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  test.each([
    '/',
    '/tickets/0b9f8a63-5e0c-4b1e-9d61-2a1f0c7f2a11',
    '/admin/settings',
    '/tickets?status=open&priority=high',
    '/kb/article/42#comments',
    '/search?q=%2F%2Fnot-a-host',
    '/kb?q=café',
  ])('takes the same-origin path %p as it is', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  test.each([
    ['a protocol-relative URL', '//evil.example/tickets'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash later on', '/tickets\\..\\..\\evil'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'tickets/1'],
    ['a leading space', ' /tickets'],
    ['a tab that URL parsers drop', '/\t/evil.example'],
    ['a newline that URL parsers drop', '/\n/evil.example'],
    ['a carriage return', '/tickets\r\nSet-Cookie: x=1'],
    ['a NUL', '/tickets\u0000'],
    ['a C1 control character', '/tickets\u0085'],
    ['the empty string', ''],
    ['an over-long path', `/${'a'.repeat(RETURN_PATH_MAX)}`],
    ['a number', 42],
    ['an array', ['/tickets']],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  test('takes a path of exactly the maximum length', () => {
    const path = `/${'a'.repeat(RETURN_PATH_MAX - 1)}`;
    expect(safeReturnPath(path)).toBe(path);
  });
});

describe('withReturnPath', () => {
  test('adds a safe path, encoded', () => {
    expect(withReturnPath('/login', '/tickets/abc?x=1', '/')).toBe(
      '/login?redirect=%2Ftickets%2Fabc%3Fx%3D1',
    );
  });

  test('leaves the sign-in page bare for the default target, an unsafe path or none', () => {
    expect(withReturnPath('/login', '/', '/')).toBe('/login');
    expect(withReturnPath('/admin', '/admin/users', '/admin/users')).toBe('/admin');
    expect(withReturnPath('/login', '//evil.example', '/')).toBe('/login');
    expect(withReturnPath('/login', null, '/')).toBe('/login');
  });
});
