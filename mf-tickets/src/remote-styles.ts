import css from './remote.css?inline';

/**
 * This remote's Tailwind sheet, added to the page when the first of its exposed modules loads. Taken as
 * a string and appended here rather than by style-loader (rsbuild's `output.injectStyles`), whose
 * runtime (about 1 KB gzip) rode along in every page's chunk (docs/performance.md, frontend budgets).
 * Found again by id, so running twice (a hot update in development) replaces the sheet, never adds one.
 */
const STYLE_ID = 'mf_tickets-styles';
const style = document.getElementById(STYLE_ID) ?? document.head.appendChild(document.createElement('style'));
style.id = STYLE_ID;
style.textContent = css;
