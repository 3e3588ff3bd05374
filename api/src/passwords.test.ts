import { describe, expect, test } from 'bun:test';
import { passwordWeakness } from './passwords.ts';
import { DEMO_ACCOUNTS, DEMO_OTHER_PASSWORD } from './seed/demo-data.ts';

describe('passwordWeakness', () => {
  test('the demo, seed and test passwords stay acceptable', () => {
    const passwords = [
      'Admin123!',
      'Agent123!',
      'User1234!',
      'Test1234!',
      DEMO_OTHER_PASSWORD,
      ...DEMO_ACCOUNTS.map((account) => account.password),
    ];
    for (const password of passwords) expect(passwordWeakness(password)).toBeNull();
  });

  test('one kind of character, few different characters and common passwords are refused', () => {
    expect(passwordWeakness('aaaaaaaa')).toContain('two kinds of characters');
    expect(passwordWeakness('abcdefgh')).toContain('two kinds of characters');
    expect(passwordWeakness('aaaaaaa1')).toContain('5 different characters');
    expect(passwordWeakness('abab1212')).toContain('5 different characters');
    expect(passwordWeakness('Password123')).toContain('too common');
    expect(passwordWeakness('Summer2024')).toContain('too common');
    expect(passwordWeakness('short1!')).toContain('at least 8 characters');
    expect(passwordWeakness('x'.repeat(1025))).toBe('Password is too long');
  });

  test('a long passphrase of one kind with a digit, or any letters and symbols, is fine', () => {
    expect(passwordWeakness('correct horse battery')).toBeNull();
    expect(passwordWeakness('Zebra-Lantern')).toBeNull();
    expect(passwordWeakness('glühwein7')).toBeNull();
  });
});
