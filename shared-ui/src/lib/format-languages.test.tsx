import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-badges.tsx';
import * as format from './format.ts';
import { getLocale, setLocale, type TLocale } from './locale.ts';
import { registerTextTranslator } from './localized-text.ts';
import { useRoleLabel, useStatusLabel } from './ticket-badges.ts';

// The i18n entry's translator (its lookup is tested in tooling/src/known-texts.test.ts): a stand-in
// knowing a few of shared-ui's texts, so these tests see the helpers ask it.
const KNOWN: Record<string, Partial<Record<TLocale, string>>> = {
  Overdue: { es: 'Vencido', fr: 'En retard', de: 'Überfällig' },
  'end user': { es: 'usuario final', de: 'Endbenutzer' },
  'In Progress': { de: 'In Bearbeitung' },
  Critical: { de: 'Kritisch' },
};

// 14:05 in Madrid on November 21st; five minutes later is `now`.
const when = new Date('2026-11-21T13:05:30Z');
const now = new Date('2026-11-21T13:10:30Z');
const twoDaysBefore = new Date('2026-11-19T10:00:00Z');

beforeEach(() => {
  // Before each test: another test file may have installed its own translator.
  registerTextTranslator((text, locale) => KNOWN[text]?.[locale] ?? null);
  format.setDisplayTimeZone('Europe/Madrid');
});
afterEach(() => {
  setLocale('en');
  format.setDisplayTimeZone(null);
});

function Labels() {
  const status = useStatusLabel();
  const role = useRoleLabel();
  return (
    <p>
      {status('in_progress')}/{role('end_user')}
    </p>
  );
}

describe('the format helpers in another language', () => {
  test('Spanish: dates in the display zone, relative times and durations in words of the language', () => {
    setLocale('es');
    expect(format.formatListDate(when)).toBe('21 nov, 14:05');
    expect(format.formatDetailDate(when)).toBe('21 nov 2026, 14:05');
    expect(format.formatShortDate(when)).toBe('21 nov 2026');
    expect(format.formatRelativeTime(when, now)).toBe('hace 5 minutos');
    expect(format.formatRelativeTime(now, now)).toBe('ahora');
    expect(format.formatRelativeTime(twoDaysBefore, now)).toBe('anteayer');
    expect(format.formatRemainingMinutes(150)).toBe('2 h 30 min');
    expect(format.formatRemainingMinutes(0)).toBe('Vencido');
    expect(format.formatHours(3.25)).toBe('3,3 h');
    expect(format.formatFileSizeKb(2048)).toBe('2,0 KB');
    expect(format.roleLabel('end_user')).toBe('usuario final');
  });

  test('French', () => {
    setLocale('fr');
    expect(format.formatListDate(when)).toBe('21 nov., 14:05');
    expect(format.formatDetailDate(when)).toBe('21 nov. 2026, 14:05');
    expect(format.formatRelativeTime(when, now)).toBe('il y a 5 minutes');
    expect(format.formatRemainingMinutes(60 * 51)).toBe('2\u202fj 3\u202fh');
    expect(format.formatRemainingMinutes(-5)).toBe('En retard');
    expect(format.formatFileSizeKb(2048 * 1000)).toBe('2\u202f000,0 KB');
  });

  test('German, in the zone the desk or the person chose', () => {
    setLocale('de');
    expect(format.formatShortDate(when)).toBe('21. Nov. 2026');
    expect(format.formatDetailDate(when)).toBe('21. Nov. 2026, 14:05');
    format.setDisplayTimeZone('America/New_York');
    expect(format.formatListDate(when)).toBe('21. Nov., 08:05');
    expect(format.formatRelativeTime(when, now)).toBe('vor 5 Minuten');
    expect(format.formatRemainingMinutes(150)).toBe('2 Std. 30 Min.');
    expect(format.formatHours(3.25)).toBe('3,3 Std.');
    expect(format.roleLabel('end_user')).toBe('Endbenutzer');
  });

  test('a text the translator does not know stays as written', () => {
    setLocale('fr');
    expect(format.roleLabel('end_user')).toBe('end user');
    expect(format.roleLabel('auditor')).toBe('auditor');
  });

  test('English is untouched by the language machinery', () => {
    setLocale('en');
    expect(format.formatRemainingMinutes(150)).toBe('2h 30m');
    expect(format.formatListDate(when)).toBe('Nov 21, 14:05');
  });
});

describe('label hooks and badges', () => {
  test('follow the active language', () => {
    expect(getLocale()).toBe('en');
    expect(renderToStaticMarkup(<Labels />)).toBe('<p>In Progress/end user</p>');
    setLocale('de');
    expect(renderToStaticMarkup(<Labels />)).toBe('<p>In Bearbeitung/Endbenutzer</p>');
    expect(renderToStaticMarkup(<TicketStatusBadge status="in_progress" />)).toContain('>In Bearbeitung<');
    expect(renderToStaticMarkup(<TicketPriorityBadge priority="critical" />)).toContain('>Kritisch<');
  });
});
