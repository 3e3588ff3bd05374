import { describe, expect, test } from 'bun:test';
import type { KeyboardEvent } from 'react';
import { isCannedReplyShortcut } from './canned-reply-controls.tsx';

const press = (
  code: string,
  modifiers: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>>,
) =>
  ({ code, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...modifiers }) as KeyboardEvent;

describe('isCannedReplyShortcut', () => {
  test('Alt+R by the key’s place, whatever letter the layout or Option types there', () => {
    expect(isCannedReplyShortcut(press('KeyR', { altKey: true }))).toBe(true);
  });

  test('not R alone, not with another modifier, not another key', () => {
    expect(isCannedReplyShortcut(press('KeyR', {}))).toBe(false);
    expect(isCannedReplyShortcut(press('KeyR', { altKey: true, ctrlKey: true }))).toBe(false);
    expect(isCannedReplyShortcut(press('KeyR', { altKey: true, shiftKey: true }))).toBe(false);
    expect(isCannedReplyShortcut(press('KeyR', { altKey: true, metaKey: true }))).toBe(false);
    expect(isCannedReplyShortcut(press('KeyT', { altKey: true }))).toBe(false);
  });
});
