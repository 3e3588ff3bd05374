import { describe, expect, spyOn, test } from 'bun:test';
import {
  hashPassword,
  needsRehash,
  PASSWORD_WORK_AT_ONCE,
  passwordWeakness,
  passwordWorkInProgress,
  verifyPassword,
} from './passwords.ts';
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

describe('password work', () => {
  test('runs as many at a time as PASSWORD_WORK_AT_ONCE, the rest in line, each with its own answer', async () => {
    const hash = await hashPassword('Line1234!');
    let now = 0;
    let most = 0;
    const real = Bun.password.verify.bind(Bun.password);
    const spy = spyOn(Bun.password, 'verify').mockImplementation(async (password, stored) => {
      now++;
      most = Math.max(most, now);
      try {
        return await real(password, stored);
      } finally {
        now--;
      }
    });
    try {
      const checks = Array.from({ length: PASSWORD_WORK_AT_ONCE * 3 }, (_, index) =>
        verifyPassword(index % 2 ? 'Line1234!' : 'Wrong1234!', hash),
      );
      expect(passwordWorkInProgress().waiting).toBe(PASSWORD_WORK_AT_ONCE * 2);
      const answers = await Promise.all(checks);
      expect(answers).toEqual(answers.map((_, index) => index % 2 === 1));
      expect(most).toBe(PASSWORD_WORK_AT_ONCE);
      expect(passwordWorkInProgress()).toEqual({ running: 0, waiting: 0 });
    } finally {
      spy.mockRestore();
    }
  });

  test('a check that throws (a malformed hash) does not match, and passes its turn on', async () => {
    const checks = Array.from({ length: PASSWORD_WORK_AT_ONCE + 2 }, () =>
      verifyPassword('x', '$argon2id$broken'),
    );
    expect(await Promise.all(checks)).toEqual(checks.map(() => false));
    expect(passwordWorkInProgress()).toEqual({ running: 0, waiting: 0 });
  });

  test('a hash at the current cost is kept; any other cost, algorithm or garbage is replaced', async () => {
    expect(needsRehash(await hashPassword('Cost1234!'))).toBe(false);
    expect(needsRehash(await Bun.password.hash('Cost1234!'))).toBe(true);
    const cheaper = await Bun.password.hash('Cost1234!', {
      algorithm: 'argon2id',
      memoryCost: 8192,
      timeCost: 2,
    });
    expect(needsRehash(cheaper)).toBe(true);
    // A hash at the former cost (OWASP's 19 MiB and 2 passes) moves to the current one too.
    const former = await Bun.password.hash('Cost1234!', {
      algorithm: 'argon2id',
      memoryCost: 19_456,
      timeCost: 2,
    });
    expect(needsRehash(former)).toBe(true);
    const argon2i = await Bun.password.hash('Cost1234!', {
      algorithm: 'argon2i',
      memoryCost: 19_456,
      timeCost: 2,
    });
    expect(needsRehash(argon2i)).toBe(true);
    expect(needsRehash(await Bun.password.hash('Cost1234!', { algorithm: 'bcrypt', cost: 4 }))).toBe(true);
    expect(needsRehash('')).toBe(true);
  });
});
