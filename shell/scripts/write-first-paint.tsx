/**
 * Run after the shell's production build: renders the first paint of every signed-in page for each
 * role, in English and in each other language the shell speaks, into dist/first-paint.json, which the
 * shell's server fills in per visitor (shell/server/first-paint.ts). Rendered here, from the same
 * components and catalogues as the pages, so the server needs neither React nor the sources.
 */
import { join } from 'node:path';
import { plugin } from 'bun';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  FIRST_PAINT_FILE,
  FIRST_PAINT_LANGUAGES,
  FIRST_PAINT_ROLES,
  readTemplates,
  type TFirstPaintLanguage,
  type TFirstPaintPage,
  type TFirstPaintRole,
  type TFirstPaintTemplates,
} from '../server/first-paint.ts';
import { catalogsBunPlugin } from './catalogs-bun-plugin.ts';

// Before the components: they import their catalogues, compiled as the build compiles them.
plugin(catalogsBunPlugin);
const { DashboardFirstPaint, PageFirstPaint } = await import('../src/first-paint/first-paint.tsx');
const { SIGNED_IN_PAGES } = await import('../src/layout/signed-in-pages.ts');
const { loadShellLanguage } = await import('../src/locales/shell-catalog.ts');
const { setLocale, SOURCE_LOCALE } = await import('@helpdesk/shared-ui/i18n');
type TSignedInPage = (typeof SIGNED_IN_PAGES)[keyof typeof SIGNED_IN_PAGES];

// Characters React's escaping leaves alone and no name or markup of ours contains.
const SLOT = '@@first-name@@';
const DASHBOARDS: readonly TSignedInPage[] = [SIGNED_IN_PAGES.home, SIGNED_IN_PAGES.dashboard];

function render(page: TSignedInPage, role: TFirstPaintRole): string {
  return renderToStaticMarkup(
    DASHBOARDS.includes(page) ? (
      <DashboardFirstPaint userRole={role} page={page} firstName={SLOT} />
    ) : (
      <PageFirstPaint userRole={role} page={page} />
    ),
  );
}

function renderPages(): TFirstPaintPage[] {
  return Object.values(SIGNED_IN_PAGES).map((page) => ({
    path: page.path,
    byRole: Object.fromEntries(FIRST_PAINT_ROLES.map((role) => [role, render(page, role)])) as Record<
      TFirstPaintRole,
      string
    >,
  }));
}

setLocale(SOURCE_LOCALE);
const pages = renderPages();
const languages: Partial<Record<TFirstPaintLanguage, TFirstPaintPage[]>> = {};
for (const language of FIRST_PAINT_LANGUAGES) {
  setLocale(language);
  await loadShellLanguage(language);
  languages[language] = renderPages();
}
setLocale(SOURCE_LOCALE);

const templates = readTemplates({ slot: SLOT, pages, languages } satisfies TFirstPaintTemplates);
if (!templates) throw new Error('the first paint templates do not read back as the server reads them');
for (const [name, drawn] of [
  ['en', templates.pages] as const,
  ...Object.entries(templates.languages ?? {}),
]) {
  for (const page of DASHBOARDS) {
    const rendered = drawn.find((candidate) => candidate.path === page.path);
    if (!rendered || !FIRST_PAINT_ROLES.every((role) => rendered.byRole[role].includes(SLOT)))
      throw new Error(`the first paint of ${page.path} (${name}) was rendered without the first name slot`);
  }
}
// A language whose catalogue did not load would be drawn in English: the build stops instead.
for (const language of FIRST_PAINT_LANGUAGES) {
  const drawn = templates.languages?.[language]?.[0]?.byRole.admin;
  if (!drawn || drawn === templates.pages[0]?.byRole.admin)
    throw new Error(`the first paint in ${language} came out in English: its catalogue did not load`);
}

const target = join(import.meta.dirname, '..', 'dist', FIRST_PAINT_FILE);
await Bun.write(target, JSON.stringify(templates));
console.log(
  `wrote ${target} (${pages.length} pages, ${FIRST_PAINT_ROLES.length} roles, en and ${FIRST_PAINT_LANGUAGES.join(', ')})`,
);
