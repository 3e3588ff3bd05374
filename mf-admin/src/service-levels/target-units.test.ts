import { describe, expect, test } from 'bun:test';
import { hoursOf, targetInputOf, targetText } from './target-units.ts';

describe('targets in minutes or hours', () => {
  test('the form shows whole hours as hours, anything else as minutes', () => {
    expect(targetInputOf(4)).toEqual({ amount: '4', unit: 'hours' });
    expect(targetInputOf(0.5)).toEqual({ amount: '30', unit: 'minutes' });
    expect(targetInputOf(1.25)).toEqual({ amount: '75', unit: 'minutes' });
  });

  test('what is typed becomes hours; blank or text is not a number', () => {
    expect(hoursOf({ amount: '90', unit: 'minutes' })).toBe(1.5);
    expect(hoursOf({ amount: ' 16 ', unit: 'hours' })).toBe(16);
    expect(hoursOf({ amount: '0.5', unit: 'hours' })).toBe(0.5);
    expect(hoursOf({ amount: '', unit: 'hours' })).toBeNaN();
    expect(hoursOf({ amount: 'four', unit: 'minutes' })).toBeNaN();
  });

  test('a table cell reads in hours and minutes', () => {
    expect(targetText(4)).toBe('4 h');
    expect(targetText(0.5)).toBe('30 min');
    expect(targetText(1.5)).toBe('1 h 30 min');
  });
});
