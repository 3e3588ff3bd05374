import css from './remote-full.css?inline';
import { applyRemoteSheet } from './remote-sheet.ts';

/**
 * Every class of this remote, imported by the screens the first-use sheet leaves out (the article page,
 * the editor, category management): it replaces the first-use sheet, whose classes it contains in the
 * same order, so no rule ever lands out of Tailwind's order.
 */
applyRemoteSheet(css, 'full');
