import { describe, expect, test } from 'bun:test';
import { DASHBOARD_TONES } from '@helpdesk/contracts/constants';
import { toneClasses } from './dashboard-tones.ts';

describe('toneClasses', () => {
  test('every palette name maps to its own classes', () => {
    const softs = new Set(DASHBOARD_TONES.map((tone) => toneClasses(tone).soft));
    const texts = new Set(DASHBOARD_TONES.map((tone) => toneClasses(tone).text));
    const solids = new Set(DASHBOARD_TONES.map((tone) => toneClasses(tone).solid));
    expect(softs.size).toBe(DASHBOARD_TONES.length);
    expect(texts.size).toBe(DASHBOARD_TONES.length);
    expect(solids.size).toBe(DASHBOARD_TONES.length);
  });

  test('each class is a plain Tailwind utility of the expected kind', () => {
    for (const tone of DASHBOARD_TONES) {
      const { soft, text, solid } = toneClasses(tone);
      expect(soft).toMatch(/^bg-[a-z]+-100$/);
      expect(text).toMatch(/^text-[a-z]+-700$/);
      expect(solid).toMatch(/^bg-[a-z]+-[45]00$/);
    }
  });

  test('green reads as success and red as danger', () => {
    expect(toneClasses('green').text).toBe('text-emerald-700');
    expect(toneClasses('red').solid).toBe('bg-red-500');
  });

  test('an unknown name, or a class smuggled in as a name, falls back to slate', () => {
    const slate = toneClasses('slate');
    expect(toneClasses('magenta')).toEqual(slate);
    expect(toneClasses('bg-red-500 hidden')).toEqual(slate);
    expect(toneClasses('constructor')).toEqual(slate);
    expect(toneClasses('')).toEqual(slate);
  });
});
