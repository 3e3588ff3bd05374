import { describe, expect, test } from 'bun:test';
import { SUPPORTED_LOCALES } from '@helpdesk/shared-ui/i18n';
import {
  FIRST_PAINT_LANGUAGES,
  fillFirstPaint,
  readTemplates,
  readVisitor,
  type TFirstPaintTemplates,
} from './first-paint.ts';

const SLOT = '@@first-name@@';
const page = (path: string, text: string) => ({
  path,
  byRole: { end_user: `<h2>${text}</h2>`, agent: `<h2>${text}</h2>`, admin: `<h2>${text}</h2>` },
});
const TEMPLATES: TFirstPaintTemplates = {
  slot: SLOT,
  pages: [page('/', `Welcome back, ${SLOT}`), page('/tickets', 'Tickets')],
  languages: { de: [page('/', `Willkommen zurück, ${SLOT}`)] },
};
const INDEX = '<html lang="en"><body><div id="root"></div></body></html>';
const visitor = { role: 'agent' as const, firstName: 'Avery' };

describe('the first paint in the reader’s language', () => {
  test('the languages drawn are the shell’s own, English aside', () => {
    expect(['en', ...FIRST_PAINT_LANGUAGES]).toEqual([...SUPPORTED_LOCALES]);
  });

  test('the person’s own language from `me`; following the desk or a language the shell lacks reads as none', () => {
    const me = (preferences: unknown) => ({
      user: { role: 'agent', status: 'active', firstName: 'Avery' },
      preferences,
    });
    expect(readVisitor(me({ language: 'de', timeZone: null }))).toEqual({ ...visitor, language: 'de' });
    expect(readVisitor(me({ language: 'es', timeZone: 'Europe/Madrid' }))?.language).toBe('es');
    expect(readVisitor(me({ language: null, timeZone: null }))?.language).toBeUndefined();
    expect(readVisitor(me({ language: 'en', timeZone: null }))?.language).toBeUndefined();
    expect(readVisitor(me({ language: 'it', timeZone: null }))?.language).toBeUndefined();
    expect(readVisitor(me('de'))?.language).toBeUndefined();
  });

  test('draws the page in that language, and in English where the build drew it in no other', () => {
    const home = TEMPLATES.pages[0]!;
    const tickets = TEMPLATES.pages[1]!;
    expect(fillFirstPaint(INDEX, TEMPLATES, home, visitor, 'de')).toContain(
      '<h2>Willkommen zurück, Avery</h2>',
    );
    expect(fillFirstPaint(INDEX, TEMPLATES, home, visitor)).toContain('<h2>Welcome back, Avery</h2>');
    expect(fillFirstPaint(INDEX, TEMPLATES, home, visitor, 'fr')).toContain('<h2>Welcome back, Avery</h2>');
    expect(fillFirstPaint(INDEX, TEMPLATES, tickets, visitor, 'de')).toContain('<h2>Tickets</h2>');
    expect(fillFirstPaint(INDEX, TEMPLATES, home, visitor, 'de')).toStartWith('<html lang="de">');
    expect(fillFirstPaint(INDEX, TEMPLATES, home, visitor)).toStartWith('<html lang="en">');
    expect(fillFirstPaint(INDEX, TEMPLATES, tickets, visitor, 'de')).toStartWith('<html lang="en">');
  });

  test('reads back what the build writes, and refuses a language it does not speak or a broken page', () => {
    expect(readTemplates(TEMPLATES)).toEqual(TEMPLATES);
    expect(readTemplates({ ...TEMPLATES, languages: { it: TEMPLATES.pages } })).toBeNull();
    expect(readTemplates({ ...TEMPLATES, languages: { de: [{ path: '/', byRole: {} }] } })).toBeNull();
    expect(readTemplates({ ...TEMPLATES, languages: [] })).toBeNull();
  });
});
