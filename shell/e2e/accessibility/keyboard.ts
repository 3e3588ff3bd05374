import { expect, type Locator, type Page } from '@playwright/test';

/** Enough presses to cross the header, the sidebar and a form; more means the target is out of reach. */
const MAX_TAB_PRESSES = 40;

/** Presses Tab (or Shift+Tab) until `target` has focus, failing when it never gets there. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < MAX_TAB_PRESSES; presses++) {
    if (await page.evaluate((element) => element === document.activeElement, handle)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} took no focus within ${MAX_TAB_PRESSES} presses of ${key}`);
}

/** 'ring' when the focused element shows a focus ring, otherwise what it shows instead. */
function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return 'nothing has focus';
    const style = getComputedStyle(element);
    const hasOutline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const hasRing = / 0px 0px 0px [1-9][\d.]*px/.test(style.boxShadow);
    return hasOutline || hasRing
      ? 'ring'
      : `no ring on ${element.outerHTML.slice(0, 120)} (outline ${style.outlineStyle}, shadow ${style.boxShadow})`;
  });
}

/**
 * The focused element shows a focus ring: an outline, or the ring utilities' spread-only box-shadow
 * (a plain drop shadow has an offset or a blur, so it does not count). Polled: rings fade in.
 */
export async function expectVisibleFocus(page: Page) {
  await expect.poll(() => focusRing(page), { timeout: 2000 }).toBe('ring');
}

/** True while the focused element sits inside `container`. */
export function isFocusInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}
