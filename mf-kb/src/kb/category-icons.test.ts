import { describe, expect, test } from 'bun:test';
import { BookOpen, KeyRound, Mail, Rocket, Shield, Wifi } from 'lucide-react';
import { categoryIcon } from './category-icons.ts';

describe('categoryIcon', () => {
  test('the seeded categories get their own icons', () => {
    expect(categoryIcon('Rocket')).toBe(Rocket);
    expect(categoryIcon('KeyRound')).toBe(KeyRound);
    expect(categoryIcon('Mail')).toBe(Mail);
    expect(categoryIcon('Wifi')).toBe(Wifi);
    expect(categoryIcon('Shield')).toBe(Shield);
  });

  test('an unknown, empty or prototype name falls back to BookOpen', () => {
    expect(categoryIcon('NoSuchIcon')).toBe(BookOpen);
    expect(categoryIcon('')).toBe(BookOpen);
    expect(categoryIcon(null)).toBe(BookOpen);
    expect(categoryIcon('constructor')).toBe(BookOpen);
    expect(categoryIcon('toString')).toBe(BookOpen);
  });
});
