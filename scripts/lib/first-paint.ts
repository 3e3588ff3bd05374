/**
 * The shell server's first paint of the dashboard: for a signed-in visitor of / or /dashboard, the
 * layout and greeting the shell's build rendered (shell/src/first-paint/) are written into the
 * index.html's #root, so the page's largest text paints with the HTML instead of after the start-up
 * JavaScript. React replaces it on start. Anything unexpected (no session, an inactive account, a
 * slow or failing API, a build without templates) serves the plain index.html: the first paint is
 * an optimisation, never a condition for the page to work.
 */

import { forwardFor, isConnectFailure, type TUpstreamPool } from './upstream-pool.ts';

/**
 * Why the page's scripts start late on a first-painted page: a deferred script that has already
 * downloaded runs as soon as the HTML is parsed, before the browser paints, and the shell's entry keeps
 * the main thread for about 400 ms with the CPU slowed 4x (the federation runtime's start). The first
 * paint would wait for it. So the entry is preloaded (it downloads as before) and started by this small
 * script once the browser has painted: a frame callback runs just before a paint, a task queued from
 * it just after. A hidden page paints nothing and starts at once. External, so the CSP needs no change.
 */
export const FIRST_PAINT_START_PATH = '/first-paint-start.js';
export const FIRST_PAINT_START_SCRIPT = `(() => {
  const entries = (document.currentScript?.dataset.entries ?? '').split(' ').filter((src) => src !== '');
  const start = () => {
    for (const src of entries) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false; // in order, as the deferred scripts would have run
      document.head.append(script);
    }
  };
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
})();
`;

// The build's deferred entry scripts, e.g. <script defer src="/static/js/index.76c6516844.js"></script>.
const DEFERRED_SCRIPT = /<script defer src="(\/[\w./-]+\.js)"><\/script>/g;

/** The file the shell's build writes next to index.html (shell/scripts/write-first-paint.tsx). */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** The roles a template exists for (contracts' user roles). */
export const FIRST_PAINT_ROLES = ['end_user', 'agent', 'admin'] as const;
export type TFirstPaintRole = (typeof FIRST_PAINT_ROLES)[number];

/** One template per role, each holding `slot` where the visitor's first name goes (HTML-escaped). */
export type TFirstPaintTemplates = { slot: string; pages: Record<TFirstPaintRole, string> };

/** The visitor as far as the first paint needs them, from `GET /api/auth/me`. */
export type TFirstPaintVisitor = { role: TFirstPaintRole; firstName: string };

/**
 * How long the HTML may wait for `me` before it is sent without the first paint. The API answers a
 * signed-in `me` from its session cache in a millisecond or two; a slower answer means trouble, and the
 * page must not wait on it.
 */
export const FIRST_PAINT_ME_TIMEOUT_MS = 300;

const ROOT_ELEMENT = '<div id="root"></div>';
// A name is at most 100 characters (contracts); anything longer is not an answer of ours.
const MAX_NAME_LENGTH = 200;

/** The dashboard's two addresses (nav-items.ts), with or without a trailing slash. */
export function isFirstPaintPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/dashboard' || pathname === '/dashboard/';
}

/** Text made safe for element content and quoted attributes (Bun's own: & < > " and ' ). */
export const escapeHtml = (text: string): string => Bun.escapeHTML(text);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRole = (value: unknown): value is TFirstPaintRole =>
  typeof value === 'string' && (FIRST_PAINT_ROLES as readonly string[]).includes(value);

/** The templates file's content, or null when it is not what the build writes. */
export function readTemplates(value: unknown): TFirstPaintTemplates | null {
  if (!isRecord(value) || typeof value.slot !== 'string' || value.slot === '' || !isRecord(value.pages))
    return null;
  const { slot, pages } = value;
  for (const role of FIRST_PAINT_ROLES) {
    const page = pages[role];
    if (typeof page !== 'string' || !page.includes(slot)) return null;
  }
  return { slot, pages: pages as Record<TFirstPaintRole, string> };
}

/**
 * The visitor from `me`'s body: an active account of a known role with a first name. Anyone else
 * (pending, inactive, an unexpected shape) gets the plain page, where the guard decides.
 */
export function readVisitor(body: unknown): TFirstPaintVisitor | null {
  const user = isRecord(body) ? body.user : null;
  if (!isRecord(user) || user.status !== 'active' || !isRole(user.role)) return null;
  const { firstName } = user;
  if (typeof firstName !== 'string' || firstName.length > MAX_NAME_LENGTH) return null;
  return { role: user.role, firstName };
}

/**
 * The page's deferred scripts preloaded instead, and started after the first paint by
 * FIRST_PAINT_START_PATH. A page without them is returned as it is.
 */
export function startAfterFirstPaint(indexHtml: string): string {
  const entries = [...indexHtml.matchAll(DEFERRED_SCRIPT)].map(([, src]) => src);
  if (entries.length === 0) return indexHtml;
  let isFirst = true;
  return indexHtml.replace(DEFERRED_SCRIPT, (_tag, src: string) => {
    const preload = `<link rel="preload" as="script" href="${src}">`;
    if (!isFirst) return preload;
    isFirst = false;
    return `${preload}<script defer src="${FIRST_PAINT_START_PATH}" data-entries="${entries.join(' ')}"></script>`;
  });
}

/** index.html with the visitor's first paint in #root; null when the page has no empty #root. */
export function fillFirstPaint(
  indexHtml: string,
  templates: TFirstPaintTemplates,
  visitor: TFirstPaintVisitor,
): string | null {
  const at = indexHtml.indexOf(ROOT_ELEMENT);
  if (at < 0) return null;
  // split/join, not replace: a name holding "$&" must not be read as a replacement pattern.
  const page = templates.pages[visitor.role].split(templates.slot).join(escapeHtml(visitor.firstName));
  return startAfterFirstPaint(
    `${indexHtml.slice(0, at)}<div id="root">${page}</div>${indexHtml.slice(at + ROOT_ELEMENT.length)}`,
  );
}

type TFirstPaintOptions = { root: string; upstreams: TUpstreamPool; timeoutMs: number };

/**
 * The shell server's first paint: the templates the build wrote next to index.html (read again when a
 * redeploy replaces them) and the visitor, asked of the API with their own cookie.
 */
export function createFirstPaint({ root, upstreams, timeoutMs }: TFirstPaintOptions) {
  let templatesCache: { key: string; templates: TFirstPaintTemplates | null } | null = null;

  async function templatesNow(): Promise<TFirstPaintTemplates | null> {
    const file = Bun.file(`${root}/${FIRST_PAINT_FILE}`);
    if (!(await file.exists())) return null;
    const key = String(file.lastModified);
    if (templatesCache?.key !== key) {
      let templates: TFirstPaintTemplates | null = null;
      try {
        templates = readTemplates(await file.json());
      } catch {
        // A half-written or foreign file: the plain page until the build writes it again.
      }
      if (!templates)
        console.error(`${FIRST_PAINT_FILE} is not the shell build's templates: serving without them`);
      templatesCache = { key, templates };
    }
    return templatesCache.templates;
  }

  /**
   * Who is signing in, asked the way the page itself asks a moment later. Null for anything but a quick,
   * well-formed answer about an active account.
   */
  async function visitorOf(
    request: Request,
    cookie: string,
    clientIp: string | undefined,
  ): Promise<TFirstPaintVisitor | null> {
    const headers = new Headers({ cookie, accept: 'application/json' });
    forwardFor(headers, clientIp);
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
    for (const origin of upstreams.order()) {
      try {
        const answer = await fetch(`${origin}/api/auth/me`, { headers, signal, redirect: 'manual' });
        upstreams.markUp(origin);
        return answer.ok ? readVisitor(await answer.json()) : null;
      } catch (error) {
        if (signal.aborted || !isConnectFailure(error)) return null;
        upstreams.markDown(origin);
      }
    }
    return null;
  }

  return {
    /** The page at `indexPath` drawn for this request's signed-in visitor; null to serve it plain. */
    async pageFor(request: Request, clientIp: string | undefined, indexPath: string): Promise<string | null> {
      const cookie = request.headers.get('cookie');
      if (!cookie || request.method !== 'GET') return null;
      const templates = await templatesNow();
      if (!templates) return null;
      const visitor = await visitorOf(request, cookie, clientIp);
      if (!visitor) return null;
      return fillFirstPaint(await Bun.file(indexPath).text(), templates, visitor);
    },
  };
}
