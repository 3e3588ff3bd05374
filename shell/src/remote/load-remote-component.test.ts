import { describe, expect, test } from 'bun:test';
import { forwardRef, memo } from 'react';
import { isRemoteModule } from './load-remote-component.ts';

describe('isRemoteModule', () => {
  test('a module whose default export is a component is accepted', () => {
    expect(isRemoteModule({ default: () => null })).toBe(true);
    expect(isRemoteModule({ default: memo(() => null) })).toBe(true);
    expect(isRemoteModule({ default: forwardRef(() => null) })).toBe(true);
  });

  test('anything else is refused, so a broken remote shows its error instead of crashing React', () => {
    expect(isRemoteModule(undefined)).toBe(false);
    expect(isRemoteModule(null)).toBe(false);
    expect(isRemoteModule(() => null)).toBe(false);
    expect(isRemoteModule({})).toBe(false);
    expect(isRemoteModule({ default: null })).toBe(false);
    expect(isRemoteModule({ default: 'TicketListPage' })).toBe(false);
  });
});
