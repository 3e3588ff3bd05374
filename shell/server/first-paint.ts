/**
 * The shell server's first paint: for a signed-in visitor of a page of the signed-in layout, the
 * layout, navigation and title the shell's build rendered for that page and role (the dashboard with
 * its greeting: shell/src/first-paint/) are written into the index.html's #root, so the page paints
 * with the HTML instead of after the start-up JavaScript. React replaces it on start. Anything
 * unexpected (no session, an inactive account, a slow or failing API, a build without templates)
 * serves the plain index.html: the first paint is an optimisation, never a condition for the page
 * to work.
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

/** One page's templates: its route path ($name: one segment) and its markup for each role. */
export type TFirstPaintPage = { path: string; byRole: Record<TFirstPaintRole, string> };

/** The languages besides English the shell speaks (shared-ui's SUPPORTED_LOCALES; the server imports no UI code). */
export const FIRST_PAINT_LANGUAGES = ['es', 'fr', 'de'] as const;
export type TFirstPaintLanguage = (typeof FIRST_PAINT_LANGUAGES)[number];

/**
 * Every page's templates; `slot` marks where the visitor's first name goes (HTML-escaped). `pages` are
 * in English, `languages` holds the same pages drawn in each other language.
 */
export type TFirstPaintTemplates = {
  slot: string;
  pages: TFirstPaintPage[];
  languages?: Partial<Record<TFirstPaintLanguage, TFirstPaintPage[]>>;
};

/**
 * The visitor as far as the first paint needs them, from `GET /api/auth/me`: `language` is their own
 * choice, absent when they follow the desk's or chose English.
 */
export type TFirstPaintVisitor = {
  role: TFirstPaintRole;
  firstName: string;
  language?: TFirstPaintLanguage | null;
};

/**
 * How long the HTML may wait for `me` before it is sent without the first paint. The API answers a
 * signed-in `me` from its session cache in a millisecond or two; a slower answer means trouble, and the
 * page must not wait on it.
 */
export const FIRST_PAINT_ME_TIMEOUT_MS = 300;

const ROOT_ELEMENT = '<div id="root"></div>';
const HTML_LANG_EN = '<html lang="en"';
// A name is at most 100 characters (contracts); anything longer is not an answer of ours.
const MAX_NAME_LENGTH = 200;

// What a page's route path may hold: the app's own paths, never anything a regular expression reads.
const ROUTE_PATH = /^\/([\w-]+|\$\w+)?(\/([\w-]+|\$\w+))*$/;

const patterns = new Map<string, RegExp>();

/** A route path as a pattern for request paths: `$name` is one segment, a trailing slash is allowed. */
function patternOf(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    pattern = new RegExp(`^${path === '/' ? '' : path.replace(/\$\w+/g, '[^/]+')}/?$`);
    patterns.set(path, pattern);
  }
  return pattern;
}

/** The templates of the page at `pathname`; null for a path no signed-in page has. */
export function pageAt(templates: TFirstPaintTemplates, pathname: string): TFirstPaintPage | null {
  return templates.pages.find((page) => patternOf(page.path).test(pathname)) ?? null;
}

/** Text made safe for element content and quoted attributes (Bun's own: & < > " and ' ). */
export const escapeHtml = (text: string): string => Bun.escapeHTML(text);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRole = (value: unknown): value is TFirstPaintRole =>
  typeof value === 'string' && (FIRST_PAINT_ROLES as readonly string[]).includes(value);

const isLanguage = (value: unknown): value is TFirstPaintLanguage =>
  typeof value === 'string' && (FIRST_PAINT_LANGUAGES as readonly string[]).includes(value);

/** The templates file's content, or null when it is not what the build writes. */
export function readTemplates(value: unknown): TFirstPaintTemplates | null {
  if (!isRecord(value) || typeof value.slot !== 'string' || value.slot === '') return null;
  const pages = readPages(value.pages);
  if (!pages) return null;
  if (value.languages === undefined) return { slot: value.slot, pages };
  if (!isRecord(value.languages)) return null;
  const languages: Partial<Record<TFirstPaintLanguage, TFirstPaintPage[]>> = {};
  for (const [language, translated] of Object.entries(value.languages)) {
    const read = readPages(translated);
    if (!isLanguage(language) || !read) return null;
    languages[language] = read;
  }
  return { slot: value.slot, pages, languages };
}

function readPages(value: unknown): TFirstPaintPage[] | null {
  if (!Array.isArray(value)) return null;
  const pages: TFirstPaintPage[] = [];
  for (const page of value) {
    if (
      !isRecord(page) ||
      typeof page.path !== 'string' ||
      !ROUTE_PATH.test(page.path) ||
      !isRecord(page.byRole)
    )
      return null;
    const { byRole } = page;
    if (!FIRST_PAINT_ROLES.every((role) => typeof byRole[role] === 'string')) return null;
    pages.push({ path: page.path, byRole: byRole as Record<TFirstPaintRole, string> });
  }
  return pages;
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
  const chosen = isRecord(body) && isRecord(body.preferences) ? body.preferences.language : null;
  return { role: user.role, firstName, ...(isLanguage(chosen) ? { language: chosen } : {}) };
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

/**
 * index.html with the visitor's first paint of `page` in #root, in `language` when the build drew the
 * page in it (else English); null when the page has no empty #root.
 */
export function fillFirstPaint(
  indexHtml: string,
  templates: TFirstPaintTemplates,
  page: TFirstPaintPage,
  visitor: TFirstPaintVisitor,
  language: TFirstPaintLanguage | null = null,
): string | null {
  const at = indexHtml.indexOf(ROOT_ELEMENT);
  if (at < 0) return null;
  const translated =
    language === null ? null : templates.languages?.[language]?.find((other) => other.path === page.path);
  // split/join, not replace: a name holding "$&" must not be read as a replacement pattern.
  const markup = (translated ?? page).byRole[visitor.role]
    .split(templates.slot)
    .join(escapeHtml(visitor.firstName));
  const html = `${indexHtml.slice(0, at)}<div id="root">${markup}</div>${indexHtml.slice(at + ROOT_ELEMENT.length)}`;
  // The page says the language it is drawn in, so a screen reader reads it with the right voice.
  return startAfterFirstPaint(translated ? html.replace(HTML_LANG_EN, `<html lang="${language}"`) : html);
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
    /**
     * The page at `indexPath` drawn for this request's path and signed-in visitor; null to serve it plain
     * (a path no signed-in page has never asks the API).
     */
    async pageFor(request: Request, clientIp: string | undefined, indexPath: string): Promise<string | null> {
      const cookie = request.headers.get('cookie');
      if (!cookie || request.method !== 'GET') return null;
      const templates = await templatesNow();
      const page = templates && pageAt(templates, new URL(request.url).pathname);
      if (!templates || !page) return null;
      const visitor = await visitorOf(request, cookie, clientIp);
      if (!visitor) return null;
      // The person's own language, as the page's start-up picks it. Someone who follows the desk's gets
      // English: the desk's language is not in `me`, and asking for it would slow every page.
      return fillFirstPaint(
        await Bun.file(indexPath).text(),
        templates,
        page,
        visitor,
        visitor.language ?? undefined,
      );
    },
  };
}
