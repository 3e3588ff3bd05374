import { expect, test } from 'bun:test';
import type { TTranslate } from '@helpdesk/shared-ui/i18n';
import type { Resolver } from 'react-hook-form';
import { ownMessageText, withMessageText } from './form-messages.ts';

type TId = 'x.required' | 'x.whole';
const english: TTranslate<TId> = (id) =>
  ({ 'x.required': 'Port is required', 'x.whole': 'Port is whole' })[id];
const german: TTranslate<TId> = (id) => ({ 'x.required': 'Port fehlt', 'x.whole': 'Port ganzzahlig' })[id];

test("a form's own messages come in the reader's language; others pass as they are", () => {
  const text = ownMessageText(['x.required', 'x.whole'], english, german);
  expect(text('Port is required')).toBe('Port fehlt');
  expect(text('Please enter a valid email address')).toBe('Please enter a valid email address');
});

test('the resolver’s messages go through it, nested ones too, leaving the input element alone', async () => {
  const input = { name: 'port' };
  const resolver: Resolver<{ port: string; days: { from: string }[] }> = async () => ({
    values: {},
    errors: {
      port: { type: 'too_small', message: 'Port is required', ref: input },
      days: [undefined, { from: { type: 'custom', message: 'Port is whole' } }] as never,
    },
  });
  const result = await withMessageText(resolver, (message) => `<${message}>`)(
    { port: '', days: [] },
    undefined,
    { fields: {}, shouldUseNativeValidation: undefined },
  );
  expect(result.errors.port).toEqual({ type: 'too_small', message: '<Port is required>', ref: input });
  expect(result.errors.port?.ref).toBe(input);
  expect(result.errors.days?.[1]?.from?.message).toBe('<Port is whole>');
});
