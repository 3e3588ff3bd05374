import { describe, expect, test } from 'bun:test';
import { filterOptions, toFilterValue } from './filter-options.ts';

const OPTIONS = filterOptions('All colours', { red: 'Red', dark_blue: 'Dark blue' });

describe('filter options', () => {
  test("'all' first under its label, then every value in the labels' order", () => {
    expect(OPTIONS).toEqual([
      { value: 'all', label: 'All colours' },
      { value: 'red', label: 'Red' },
      { value: 'dark_blue', label: 'Dark blue' },
    ]);
  });

  test("a select's value narrows to a known value; anything else is 'all'", () => {
    expect(toFilterValue(OPTIONS, 'dark_blue')).toBe('dark_blue');
    expect(toFilterValue(OPTIONS, 'green')).toBe('all');
    expect(toFilterValue(OPTIONS, '')).toBe('all');
  });
});
