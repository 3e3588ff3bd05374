/**
 * Run after the shell's production build: renders the first paint of every signed-in page for each
 * role into dist/first-paint.json, which the shell's server fills in per visitor
 * (shell/server/first-paint.ts). Rendered here, from the same components as the pages, so the server
 * needs neither React nor the sources.
 */
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  FIRST_PAINT_FILE,
  FIRST_PAINT_ROLES,
  readTemplates,
  type TFirstPaintPage,
  type TFirstPaintRole,
} from '../server/first-paint.ts';
import { DashboardFirstPaint, PageFirstPaint } from '../src/first-paint/first-paint.tsx';
import { SIGNED_IN_PAGES, type TSignedInPage } from '../src/layout/signed-in-pages.ts';

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

const pages: TFirstPaintPage[] = Object.values(SIGNED_IN_PAGES).map((page) => ({
  path: page.path,
  byRole: Object.fromEntries(FIRST_PAINT_ROLES.map((role) => [role, render(page, role)])) as Record<
    TFirstPaintRole,
    string
  >,
}));

const templates = readTemplates({ slot: SLOT, pages });
if (!templates) throw new Error('the first paint templates do not read back as the server reads them');
for (const page of DASHBOARDS) {
  const rendered = templates.pages.find((candidate) => candidate.path === page.path);
  if (!rendered || !FIRST_PAINT_ROLES.every((role) => rendered.byRole[role].includes(SLOT)))
    throw new Error(`the first paint of ${page.path} was rendered without the first name slot`);
}

const target = join(import.meta.dirname, '..', 'dist', FIRST_PAINT_FILE);
await Bun.write(target, JSON.stringify(templates));
console.log(`wrote ${target} (${pages.length} pages, ${FIRST_PAINT_ROLES.length} roles)`);
