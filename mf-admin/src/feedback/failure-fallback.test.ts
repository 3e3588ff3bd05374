import { expect, test } from 'bun:test';
import { formFailure } from './mutation-failure.ts';

test('a form failure without a server message shows the fallback the screen gives, in its language', () => {
  expect(
    formFailure(new TypeError('Failed to fetch'), {
      fieldNames: ['name'],
      title: 'Fehler beim Speichern',
      fallback: 'Bitte versuchen Sie es erneut.',
    }),
  ).toEqual({
    kind: 'toast',
    toast: {
      title: 'Fehler beim Speichern',
      description: 'Bitte versuchen Sie es erneut.',
      variant: 'destructive',
    },
  });
});
