import { describe, expect, test } from 'bun:test';
import { clampPercent, formatCount, metricCards } from './metric-format.ts';

const METRICS = { openTickets: 1234, resolvedToday: 7, avgResolutionHours: 3.25, slaBreaches: 0 };

describe('metricCards', () => {
  test('four cards in the spec order with their labels', () => {
    expect(metricCards(METRICS).map((card) => [card.key, card.label])).toEqual([
      ['openTickets', 'Open Tickets'],
      ['resolvedToday', 'Resolved Today'],
      ['avgResolutionHours', 'Avg Resolution'],
      ['slaBreaches', 'SLA Breaches'],
    ]);
  });

  test('counts get separators and the average one decimal plus h', () => {
    expect(metricCards(METRICS).map((card) => card.value)).toEqual(['1,234', '7', '3.3h', '0']);
    expect(metricCards({ ...METRICS, avgResolutionHours: 0 })[2]?.value).toBe('0.0h');
    expect(metricCards({ ...METRICS, avgResolutionHours: 26 })[2]?.value).toBe('26.0h');
  });

  test('only breaches raise the alert, and only when there are some', () => {
    expect(metricCards(METRICS).some((card) => card.isAlert)).toBe(false);
    const alerts = metricCards({ ...METRICS, slaBreaches: 2 }).filter((card) => card.isAlert);
    expect(alerts.map((card) => card.key)).toEqual(['slaBreaches']);
  });

  test('a missing average does not print NaN', () => {
    expect(metricCards({ ...METRICS, avgResolutionHours: Number.NaN })[2]?.value).toBe('0.0h');
  });
});

describe('formatCount', () => {
  test('separators, rounding and garbage', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(2.6)).toBe('3');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('clampPercent', () => {
  test('keeps a bar inside its track', () => {
    expect(clampPercent(97.5)).toBe(97.5);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});
