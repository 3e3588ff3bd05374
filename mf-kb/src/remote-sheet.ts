/**
 * This remote's one style element. Taken as a string and set here rather than by style-loader (rsbuild's
 * `output.injectStyles`), whose runtime (about 1 KB gzip) rode along in every page's chunk
 * (docs/performance.md, frontend budgets). There is only ever one sheet: two Tailwind sheets side by side
 * would put a class of the later one after a responsive variant of the earlier one and undo it. So the
 * whole sheet replaces the first-use one, and the first-use one never replaces the whole one. Found again
 * by id, so running twice (a hot update in development) replaces the sheet, never adds one.
 */
const STYLE_ID = 'mf_kb-styles';

export type TRemoteSheet = 'first-use' | 'full';

/** Sets the remote's sheet; the first-use sheet never replaces the whole one. */
export function applyRemoteSheet(css: string, sheet: TRemoteSheet): void {
  const style =
    document.getElementById(STYLE_ID) ?? document.head.appendChild(document.createElement('style'));
  if (sheet === 'first-use' && style.dataset.sheet === 'full') return;
  style.id = STYLE_ID;
  style.dataset.sheet = sheet;
  style.textContent = css;
}
