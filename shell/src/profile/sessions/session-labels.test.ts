import { describe, expect, test } from 'bun:test';
import { sessionsEnglish } from './messages.ts';
import { deviceLabel, SESSION_METHOD_LABEL_IDS } from './session-labels.ts';

describe('deviceLabel', () => {
  test('names the browser and system, either one alone, or an unknown device', () => {
    expect(deviceLabel({ browser: 'Firefox', os: 'Linux', kind: 'desktop' })).toBe('Firefox on Linux');
    expect(deviceLabel({ browser: 'Safari', os: null, kind: 'mobile' })).toBe('Safari');
    expect(deviceLabel({ browser: null, os: 'Android', kind: 'mobile' })).toBe('Android');
    expect(deviceLabel({ browser: null, os: null, kind: 'other' })).toBe('Unknown device');
  });
});

describe('SESSION_METHOD_LABEL_IDS', () => {
  test('a password sign-in and single sign-on read differently', () => {
    expect(sessionsEnglish(SESSION_METHOD_LABEL_IDS.password)).toBe('Password');
    expect(sessionsEnglish(SESSION_METHOD_LABEL_IDS.sso)).toBe('Single sign-on');
  });
});
