import type { BrowserContext, Page } from '@playwright/test';

/**
 * What a screen did with hostile text, as seen from inside the page: script that ran (the trap's
 * setter on `window.__xss`, or alert/confirm/prompt called), Content-Security-Policy refusals of
 * scripts (an injected inline script or handler the CSP stopped is still an injection), and
 * markup that should never exist in this app's DOM (event-handler attributes, javascript: URLs,
 * inline scripts carrying a payload). React never writes any of them, so each one found is
 * hostile text that became markup.
 */
export type TrapReport = {
  executions: string[];
  scriptViolations: string[];
  /**
   * `eval` refusals with no payload in them: zod 4 probes `Function('')` once per bundle to choose
   * its fast path, and the CSP (no 'unsafe-eval') refuses it. Not an injection; counted apart.
   */
  evalProbes: number;
  injectedMarkup: string[];
};

type TrapState = { hits: string[]; violations: string[] };

/**
 * Runs in every document before the app: `window.__xss` becomes a setter that records who set it
 * (payloads assign it instead of calling alert), the dialog functions record their calls, and
 * CSP violations are kept. Self-contained: Playwright serialises it into the page.
 */
function installTrap() {
  const holder = window as unknown as { __xssTrap?: TrapState };
  if (holder.__xssTrap) return;
  const state: TrapState = { hits: [], violations: [] };
  Object.defineProperty(window, '__xssTrap', { value: state });
  Object.defineProperty(window, '__xss', {
    configurable: false,
    get: () => undefined,
    set: (value: unknown) => {
      state.hits.push(`window.__xss = ${String(value)}`);
    },
  });
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    const original = window[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(window, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        state.hits.push(`${name}(${args.map(String).join(', ')})`);
        return original.apply(window, args);
      },
    });
  }
  document.addEventListener('securitypolicyviolation', (event) => {
    state.violations.push(
      [
        event.effectiveDirective,
        event.blockedURI,
        `${event.sourceFile}:${event.lineNumber}`,
        event.sample,
      ].join(' '),
    );
  });
}

/** Installs the trap in every page of the context (present and future documents). */
export async function armXssTrap(context: BrowserContext) {
  await context.addInitScript(installTrap);
}

/**
 * Reads and clears what the trap saw in the current document, and scans the DOM for markup the
 * app never writes. Dialogs are counted by the caller (page.on('dialog')).
 */
export async function readTrap(page: Page): Promise<TrapReport> {
  return page.evaluate(() => {
    const holder = window as unknown as { __xssTrap?: { hits: string[]; violations: string[] } };
    const state = holder.__xssTrap;
    const executions = state ? state.hits.splice(0) : ['the trap is missing from this document'];
    const violations = (state ? state.violations.splice(0) : []).filter((line) =>
      line.startsWith('script-src'),
    );
    const isEvalProbe = (line: string) => / eval /.test(line) && !line.includes('__xss');
    const scriptViolations = violations.filter((line) => !isEvalProbe(line));
    const evalProbes = violations.length - scriptViolations.length;
    const injectedMarkup: string[] = [];
    const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data']);
    const navigable = new Set([
      'a',
      'area',
      'iframe',
      'frame',
      'object',
      'embed',
      'form',
      'button',
      'input',
      'base',
    ]);
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? '';
        if (/^on/i.test(attribute)) injectedMarkup.push(`<${element.localName} ${attribute}="${value}">`);
        else if (attribute.toLowerCase() === 'srcdoc') injectedMarkup.push(`<${element.localName} srcdoc>`);
        else if (urlAttributes.has(attribute.toLowerCase())) {
          // javascript: anywhere is script; a data: URL is a page only where it can be navigated to or
          // embedded (the shell's own <link rel=icon href="data:,"> and data: images are neither).
          const isScriptUrl = /^\s*(?:javascript|vbscript):/i.test(value);
          const isDataPage = /^\s*data:/i.test(value) && navigable.has(element.localName);
          if (isScriptUrl || isDataPage) {
            injectedMarkup.push(`<${element.localName} ${attribute}="${value.slice(0, 60)}">`);
          }
        }
      }
      if (element.localName === 'script' && !element.hasAttribute('src')) {
        injectedMarkup.push(`<script>${(element.textContent ?? '').slice(0, 60)}</script>`);
      }
      if (element.localName === 'iframe' || element.localName === 'object' || element.localName === 'embed') {
        injectedMarkup.push(`<${element.localName}>`);
      }
    }
    return { executions, scriptViolations, evalProbes, injectedMarkup };
  });
}

/** Records every dialog a page opens (and dismisses it, so the page goes on). */
export function collectDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  return dialogs;
}

/**
 * Refusals of inline scripts, inline handlers and foreign script URLs that the browser printed to
 * the console: a second witness beside the trap's event (the eval probe is left out, see above).
 */
export function collectCspConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      message.type() === 'error' &&
      /Content Security Policy/i.test(text) &&
      !/evaluat\w* a string as JavaScript/i.test(text)
    ) {
      errors.push(text);
    }
  });
  return errors;
}
