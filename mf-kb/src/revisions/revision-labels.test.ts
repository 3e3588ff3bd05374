import { describe, expect, test } from 'bun:test';
import { diffLineKind, revisionChangeLabel } from './revision-labels.ts';

describe('revision labels', () => {
  test('created, restored, changed fields in words', () => {
    expect(revisionChangeLabel({ number: 1, changedFields: [], restoredFrom: null })).toBe('Created');
    expect(revisionChangeLabel({ number: 4, changedFields: ['title'], restoredFrom: 2 })).toBe(
      'Restored revision 2',
    );
    expect(revisionChangeLabel({ number: 3, changedFields: ['title', 'tags'], restoredFrom: null })).toBe(
      'Changed title, tags',
    );
  });

  test('diff line kinds from their markers', () => {
    expect(['+a', '-b', ' c', ''].map(diffLineKind)).toEqual(['added', 'removed', 'same', 'same']);
  });
});
