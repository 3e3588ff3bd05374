/**
 * Run after the shell's production build: renders the dashboard's first paint for each role into
 * dist/first-paint.json, which the shell's server fills in per visitor (scripts/lib/first-paint.ts).
 * Rendered here, from the same components as the dashboard, so the server needs neither React nor the
 * sources.
 */
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  FIRST_PAINT_FILE,
  FIRST_PAINT_ROLES,
  readTemplates,
  type TFirstPaintRole,
} from '../../scripts/lib/first-paint.ts';
import { DashboardFirstPaint } from '../src/first-paint/dashboard-first-paint.tsx';

// Characters React's escaping leaves alone and no name or markup of ours contains.
const SLOT = '@@first-name@@';

const pages = Object.fromEntries(
  FIRST_PAINT_ROLES.map((role) => [
    role,
    renderToStaticMarkup(<DashboardFirstPaint role={role} firstName={SLOT} />),
  ]),
) as Record<TFirstPaintRole, string>;

const templates = readTemplates({ slot: SLOT, pages });
if (!templates) throw new Error('the first paint was rendered without the first name slot');

const target = join(import.meta.dirname, '..', 'dist', FIRST_PAINT_FILE);
await Bun.write(target, JSON.stringify(templates));
console.log(`wrote ${target} (${FIRST_PAINT_ROLES.length} roles)`);
