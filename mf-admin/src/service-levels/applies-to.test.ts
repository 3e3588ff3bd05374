import { expect, test } from 'bun:test';
import { appliesTo } from './applies-to.ts';

const team = { id: '00000000-0000-4000-8000-000000000001', name: 'Network' };

test('a policy reads as the tickets it narrows to', () => {
  expect(appliesTo({ team: null, category: null })).toBe('All tickets');
  expect(appliesTo({ team, category: null })).toBe('Network');
  expect(appliesTo({ team: null, category: 'access' })).toBe('Access Request');
  expect(appliesTo({ team, category: 'software' })).toBe('Network · Software Issue');
});
