import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules; axe's best-practice rules stay out. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** A rule failing on a long list (every table row) names this many elements, then counts the rest. */
const TARGETS_SHOWN = 4;

/**
 * Waits until the screen holds still: no skeleton or busy region left and no animation running, so
 * axe does not judge a half-faded dialog's contrast or a placeholder instead of the content.
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-slot="skeleton"], [aria-busy="true"]') === null &&
      document
        .getAnimations()
        // A spinner turns for ever; only transitions that end (a dialog fading in) are waited for.
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/** An element axe flagged: its selector, its opening tag, and axe's reason (a contrast ratio, a missing name). */
function describeNode(node: { target: unknown[]; html: string; failureSummary?: string }): string {
  const tag = node.html.replace(/\s+/g, ' ').slice(0, 160);
  const reason = (node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim();
  return `    at ${node.target.join(' >> ')}  ${tag}\n      ${reason}`;
}

/** One line per serious or critical WCAG violation on the page as it stands: rule, impact, elements, help. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.slice(0, TARGETS_SHOWN).map(describeNode);
      const more = violation.nodes.length - targets.length;
      return [
        `${where}: ${violation.id} (${violation.impact}) ${violation.help}`,
        ...targets,
        ...(more > 0 ? [`    and ${more} more`] : []),
        `    ${violation.helpUrl}`,
      ].join('\n');
    });
}
