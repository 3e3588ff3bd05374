import css from './remote.css?inline';
import { applyRemoteSheet } from './remote-sheet.ts';

/**
 * This remote's first-use Tailwind sheet (the home page's classes), added when the first of its exposed
 * modules loads; remote-styles-full.ts grows it into the whole sheet when a later screen loads.
 */
applyRemoteSheet(css, 'first-use');
