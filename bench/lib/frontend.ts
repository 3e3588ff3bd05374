/**
 * The frontend timings (docs/performance.md): the production build served as `bun run start` serves it (the shell
 * and each remote on their own static server, the shell proxying /api to the bench's product API on the
 * large data set), driven by headless Chromium:
 *   - dashboard LCP with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), median of cold loads;
 *   - dashboard CLS (layout shifts without recent input, largest session window), worst load;
 *   - navigation to a remote page after the pointer rested on its link (preload on intent), click to
 *     the page's heading painted, median per remote.
 * The byte and request budgets are deterministic and live in shell/e2e/frontend-budgets.spec.ts.
 */
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../shell/e2e/harness/chromium.ts';
import { missingBuilds } from '../../tooling/src/production-stack.ts';
import { REPO_ROOT } from '../../tooling/src/repo-root.ts';
import { blankResult, type CaseResult, median } from './report.ts';

export const FRONTEND_TARGETS = { lcpMs: 800, cls: 0.05, navigationMs: 100 } as const;

/** Each remote page the navigation timing opens: its sidebar link and what proves it rendered. */
const NAVIGATIONS = [
  { remote: 'mf_tickets', href: '/tickets', ready: '[data-testid="ticket-list-page"] h2' },
  { remote: 'mf_kb', href: '/kb', ready: '[data-testid="knowledge-base-page"] h2' },
] as const;

type TServed = { shellUrl: string; stop: () => Promise<void> };

async function waitUntilServing(url: string, child: Subprocess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the static server for ${url} exited (${child.exitCode})`);
    const isUp = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} was not served within 30 s`);
}

/** The shell and the three remotes on static servers at portBase..portBase+3, the shell proxying to apiOrigin. */
async function serveBuilds(portBase: number, apiOrigin: string): Promise<TServed> {
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const remotes = { mf_tickets: portBase + 1, mf_kb: portBase + 2, mf_admin: portBase + 3 };
  const children: Subprocess[] = [];
  const serve = (dir: string, port: number, env: Record<string, string> = {}) => {
    const child = Bun.spawn(
      ['bun', join(REPO_ROOT, 'shell/server/serve-static.ts'), join(REPO_ROOT, dir, 'dist'), String(port)],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdout: 'ignore',
        stderr: 'inherit',
      },
    );
    children.push(child);
    return child;
  };
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => child.exited));
  };
  try {
    const waits = [
      waitUntilServing(
        `${local(remotes.mf_tickets)}/mf-manifest.json`,
        serve('mf-tickets', remotes.mf_tickets),
      ),
      waitUntilServing(`${local(remotes.mf_kb)}/mf-manifest.json`, serve('mf-kb', remotes.mf_kb)),
      waitUntilServing(`${local(remotes.mf_admin)}/mf-manifest.json`, serve('mf-admin', remotes.mf_admin)),
    ];
    const shell = serve('shell', portBase, {
      API_ORIGIN: apiOrigin,
      HELPDESK_REMOTES: JSON.stringify({
        mf_tickets: `${local(remotes.mf_tickets)}/mf-manifest.json`,
        mf_kb: `${local(remotes.mf_kb)}/mf-manifest.json`,
        mf_admin: `${local(remotes.mf_admin)}/mf-manifest.json`,
      }),
    });
    waits.push(waitUntilServing(`${local(portBase)}/api/ready`, shell));
    await Promise.all(waits);
  } catch (error) {
    await stop();
    throw error;
  }
  return { shellUrl: local(portBase), stop };
}

/** Collects LCP and layout shifts from the first byte on (an init script runs before the page's own). */
const OBSERVE_PAINT = `
  window.__benchLcp = 0;
  window.__benchLcpElement = '';
  window.__benchShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__benchLcp = entry.startTime;
      const element = entry.element;
      window.__benchLcpElement = element
        ? element.tagName.toLowerCase() + ' "' + (element.textContent || '').trim().slice(0, 40) + '" (' + entry.size + ' px)'
        : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__benchShifts.push({ time: entry.startTime, value: entry.value });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

type TShift = { time: number; value: number };

/** CLS as browsers define it: the largest session window (shifts < 1 s apart, at most 5 s long). */
export function cumulativeLayoutShift(shifts: readonly TShift[]): number {
  let largest = 0;
  let current = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of shifts) {
    if (shift.time - previous > 1000 || shift.time - windowStart > 5000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    previous = shift.time;
    largest = Math.max(largest, current);
  }
  return largest;
}

async function signedInContext(browser: Browser, shellUrl: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const separator = cookie.indexOf('=');
  await context.addCookies([
    { name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: shellUrl },
  ]);
  await context.addInitScript(OBSERVE_PAINT);
  return context;
}

async function openDashboard(page: Page, shellUrl: string): Promise<void> {
  // What the API refused on the way, for the error when the metrics never show.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(`${shellUrl}/dashboard`);
  try {
    await page.locator('ul[aria-label="Ticket metrics"] [data-testid="metric-value"]').first().waitFor();
  } catch (error) {
    const body = await page
      .locator('body')
      .textContent()
      .catch(() => null);
    const text = (body ?? '').replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(
      `the dashboard's metrics did not show at ${page.url()}: refused [${refused.join(', ')}]; the page read "${text}" (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  // The recent tickets, team activity and SLA cards land after the metrics: let them settle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

/** One cold dashboard load (fresh context, empty cache) with the CPU slowed 4x: LCP and CLS. */
async function dashboardLoad(browser: Browser, shellUrl: string, cookie: string) {
  const context = await signedInContext(browser, shellUrl, cookie);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await openDashboard(page, shellUrl);
    const lcpMs = await page.evaluate(() => Reflect.get(window, '__benchLcp') as number);
    const lcpElement = await page.evaluate(() => Reflect.get(window, '__benchLcpElement') as string);
    const shifts = await page.evaluate(() => Reflect.get(window, '__benchShifts') as TShift[]);
    return { lcpMs, lcpElement, cls: cumulativeLayoutShift(shifts) };
  } finally {
    await context.close();
  }
}

/**
 * One first navigation to a remote page: the pointer rests on the sidebar link (the shell preloads on
 * intent), then a click; the time runs from the click to the frame that paints the page's heading.
 */
async function remoteNavigation(
  browser: Browser,
  shellUrl: string,
  cookie: string,
  target: (typeof NAVIGATIONS)[number],
): Promise<number> {
  const context = await signedInContext(browser, shellUrl, cookie);
  try {
    const page = await context.newPage();
    await openDashboard(page, shellUrl);
    await page.locator(`nav a[href="${target.href}"]`).first().hover();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    return await page.evaluate(
      ({ href, ready }) =>
        new Promise<number>((resolve, reject) => {
          const link = document.querySelector<HTMLAnchorElement>(`nav a[href="${href}"]`);
          if (!link) return reject(new Error(`no link to ${href}`));
          const started = performance.now();
          const check = () => {
            if (document.querySelector(ready)) {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - started));
            }
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { childList: true, subtree: true });
          link.click();
          check();
          setTimeout(() => reject(new Error(`${ready} did not appear within 10 s`)), 10_000);
        }),
      { href: target.href, ready: target.ready },
    );
  } finally {
    await context.close();
  }
}

function row(name: string, values: readonly number[], maxMs: number | null, failures: string[]): CaseResult {
  return {
    ...blankResult(name, failures),
    p50Ms: values.length ? median(values) : null,
    p99Ms: values.length ? Math.max(...values) : null,
    maxP99Ms: maxMs,
  };
}

/**
 * Serves the builds at portBase.., signs the browser in with `cookie` (a session on apiOrigin's
 * database) and returns one bench row per timing: dashboard LCP, dashboard CLS and each navigation.
 */
export async function measureFrontend(options: {
  apiOrigin: string;
  cookie: string;
  portBase: number;
  loads: number;
  log: (line: string) => void;
}): Promise<CaseResult[]> {
  const missing = await missingBuilds();
  if (missing.length) {
    return [row('frontend', [], null, [`${missing.join(', ')} missing: run 'bun run build' first`])];
  }
  const served = await serveBuilds(options.portBase, options.apiOrigin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // One failing timing (a page that never renders) is a failed row, not the end of the bench.
  const attempt = async (name: string, measure: () => Promise<CaseResult[]>): Promise<CaseResult[]> => {
    try {
      return await measure();
    } catch (error) {
      return [
        row(`frontend: ${name}`, [], null, [
          error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
        ]),
      ];
    }
  };
  try {
    const results: CaseResult[] = [];
    options.log(`frontend: ${options.loads} cold dashboard loads, CPU slowed 4x`);
    results.push(
      ...(await attempt('dashboard LCP and CLS', async () => {
        const loads: { lcpMs: number; lcpElement: string; cls: number }[] = [];
        for (let n = 0; n < options.loads; n++) {
          const load = await dashboardLoad(browser, served.shellUrl, options.cookie);
          // What the LCP is (a heading, a figure, a row that waits for data) says where to work.
          options.log(`  load ${n + 1}: LCP ${load.lcpMs.toFixed(0)} ms, ${load.lcpElement}`);
          loads.push(load);
        }
        const lcps = loads.map((load) => load.lcpMs);
        const lcp = median(lcps);
        const cls = Math.max(...loads.map((load) => load.cls));
        return [
          row(
            `frontend: dashboard LCP, CPU 4x (median of ${loads.length} ms)`,
            lcps,
            FRONTEND_TARGETS.lcpMs,
            lcp <= FRONTEND_TARGETS.lcpMs
              ? []
              : [`median LCP ${lcp.toFixed(0)} ms > ${FRONTEND_TARGETS.lcpMs} ms`],
          ),
          row(
            `frontend: dashboard CLS ${cls.toFixed(3)} (worst load, target <= ${FRONTEND_TARGETS.cls})`,
            [],
            null,
            cls <= FRONTEND_TARGETS.cls ? [] : [`CLS ${cls.toFixed(3)} > ${FRONTEND_TARGETS.cls}`],
          ),
        ];
      })),
    );
    for (const target of NAVIGATIONS) {
      options.log(`frontend: navigation to ${target.href} after hover`);
      results.push(
        ...(await attempt(`${target.href} after hover`, async () => {
          const times: number[] = [];
          for (let n = 0; n < options.loads; n++) {
            times.push(await remoteNavigation(browser, served.shellUrl, options.cookie, target));
          }
          const typical = median(times);
          return [
            row(
              `frontend: ${target.href} (${target.remote}) after hover, click to heading (median ms)`,
              times,
              FRONTEND_TARGETS.navigationMs,
              typical <= FRONTEND_TARGETS.navigationMs
                ? []
                : [`median ${typical.toFixed(0)} ms > ${FRONTEND_TARGETS.navigationMs} ms`],
            ),
          ];
        })),
      );
    }
    return results;
  } finally {
    await browser.close();
    await served.stop();
  }
}
