import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  escapeHtml,
  FIRST_PAINT_FILE,
  FIRST_PAINT_START_PATH,
  fillFirstPaint,
  pageAt,
  readTemplates,
  readVisitor,
  startAfterFirstPaint,
  type TFirstPaintTemplates,
} from './first-paint.ts';
import { createStaticHandler } from './static-handler.ts';

const SLOT = '@@first-name@@';
const INDEX =
  '<!DOCTYPE html><html><head><title>Help Desk</title><script defer src="/static/js/index.1a2b3c4d.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const PAINTED_HEAD =
  '<!DOCTYPE html><html><head><title>Help Desk</title><link rel="preload" as="script" href="/static/js/index.1a2b3c4d.js">' +
  `<script defer src="${FIRST_PAINT_START_PATH}" data-entries="/static/js/index.1a2b3c4d.js"></script></head>`;
const byRole = (page: string, body: (role: string) => string) => ({
  end_user: `<main data-page="${page}" data-role="end_user">${body('end_user')}</main>`,
  agent: `<main data-page="${page}" data-role="agent">${body('agent')}</main>`,
  admin: `<main data-page="${page}" data-role="admin">${body('admin')}</main>`,
});
const DASHBOARD = byRole('dashboard', () => `<h2>Welcome back, ${SLOT}</h2>`);
const TEMPLATES: TFirstPaintTemplates = {
  slot: SLOT,
  pages: [
    { path: '/', byRole: DASHBOARD },
    { path: '/dashboard', byRole: DASHBOARD },
    { path: '/tickets', byRole: byRole('tickets', () => '<h1>Tickets</h1>') },
    { path: '/tickets/$ticketId', byRole: byRole('ticket', () => '<h1>Ticket Details</h1>') },
    { path: '/admin/users', byRole: byRole('users', () => '<h1>Users &amp; Teams</h1>') },
  ],
};
const DASHBOARD_PAGE = { path: '/', byRole: DASHBOARD };

const activeUser = (overrides: Record<string, unknown> = {}) => ({
  user: { id: 'u1', firstName: 'Avery', lastName: 'Morgan', role: 'agent', status: 'active', ...overrides },
});

describe('the first paint, piece by piece', () => {
  test("a request path finds its page's templates: parameters are one segment, a trailing slash is allowed", () => {
    const at = (path: string) => pageAt(TEMPLATES, path)?.path ?? null;
    expect(at('/')).toBe('/');
    expect(at('/dashboard')).toBe('/dashboard');
    expect(at('/dashboard/')).toBe('/dashboard');
    expect(at('/tickets')).toBe('/tickets');
    expect(at('/tickets/')).toBe('/tickets');
    expect(at('/tickets/6d7c1a52-0c57-4c8e-9f4e-3b0f0f4a8e11')).toBe('/tickets/$ticketId');
    expect(at('/admin/users')).toBe('/admin/users');
    for (const path of [
      '/login',
      '/admin',
      '/register',
      '//',
      '/Dashboard',
      '/dashboard/x',
      '/tickets/1/2',
      '/ticketsx',
      '/admin/users/x',
    ])
      expect({ path, page: at(path) }).toEqual({ path, page: null });
  });

  test('the name is escaped for HTML, quotes included', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&amp;`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#x27;1&#x27;)&quot;&gt;&amp;amp;',
    );
  });

  test('an active account of a known role is a visitor; anyone else is not', () => {
    expect(readVisitor(activeUser())).toEqual({ role: 'agent', firstName: 'Avery' });
    expect(readVisitor(activeUser({ role: 'end_user' }))).toEqual({ role: 'end_user', firstName: 'Avery' });
    for (const status of ['pending', 'inactive', 'rejected', undefined])
      expect(readVisitor(activeUser({ status }))).toBeNull();
    for (const role of ['root', '', null, ['admin'], 'toString', '__proto__'])
      expect(readVisitor(activeUser({ role }))).toBeNull();
    for (const firstName of [undefined, null, 42, { toString: 'x' }, 'x'.repeat(201)])
      expect(readVisitor(activeUser({ firstName }))).toBeNull();
    for (const body of [null, 'user', [], {}, { user: null }, { user: [] }, { code: 'UNAUTHORIZED' }])
      expect(readVisitor(body)).toBeNull();
  });

  test('templates are taken only whole: every page with every role, paths of our own shape only', () => {
    expect(readTemplates(TEMPLATES)).toEqual(TEMPLATES);
    const { admin: _admin, ...withoutAdmin } = DASHBOARD;
    for (const broken of [
      null,
      [],
      { pages: TEMPLATES.pages },
      { slot: '', pages: TEMPLATES.pages },
      { slot: SLOT, pages: {} },
      { slot: SLOT, pages: [{ path: '/', byRole: withoutAdmin }] },
      { slot: SLOT, pages: [{ path: '/', byRole: { ...DASHBOARD, agent: 42 } }] },
      { slot: SLOT, pages: [{ byRole: DASHBOARD }] },
      // A path is matched as a pattern: nothing but our segments and $parameters may reach one.
      ...['', 'tickets', '/tickets/.*', '/(a|b)', '/a//b', '/a b', '/$', '/tickets/$id+'].map((path) => ({
        slot: SLOT,
        pages: [{ path, byRole: DASHBOARD }],
      })),
    ])
      expect(readTemplates(broken)).toBeNull();
  });

  test("the role's template goes into the empty #root with the escaped name, replacement patterns inert", () => {
    const html = fillFirstPaint(INDEX, TEMPLATES, DASHBOARD_PAGE, {
      role: 'admin',
      firstName: '$& $` <script>x</script>',
    });
    expect(html).toBe(
      `${PAINTED_HEAD}<body><div id="root">` +
        '<main data-page="dashboard" data-role="admin"><h2>Welcome back, $&amp; $` &lt;script&gt;x&lt;/script&gt;</h2></main>' +
        '</div></body></html>',
    );
    expect(
      fillFirstPaint('<body><div id="app"></div></body>', TEMPLATES, DASHBOARD_PAGE, {
        role: 'agent',
        firstName: 'A',
      }),
    ).toBeNull();
  });

  test('the deferred entry scripts are preloaded and handed, in order, to the script that starts them after the paint', () => {
    const page =
      '<head><script src="/runtime-config.js"></script><script defer src="/static/js/index.1a2b3c4d.js"></script>' +
      '<script defer src="/static/js/lib.5e6f7a8b.js"></script></head><body><div id="root"></div></body>';
    expect(startAfterFirstPaint(page)).toBe(
      '<head><script src="/runtime-config.js"></script>' +
        '<link rel="preload" as="script" href="/static/js/index.1a2b3c4d.js">' +
        `<script defer src="${FIRST_PAINT_START_PATH}" data-entries="/static/js/index.1a2b3c4d.js /static/js/lib.5e6f7a8b.js"></script>` +
        '<link rel="preload" as="script" href="/static/js/lib.5e6f7a8b.js"></head><body><div id="root"></div></body>',
    );
    // Only the build's own same-origin paths are moved; anything else stays as it was.
    for (const untouched of [
      '<script defer src="https://cdn.example/x.js"></script>',
      '<script defer src="/x.js?a=1"></script>',
      '<script src="/static/js/index.1a2b3c4d.js"></script>',
    ])
      expect(startAfterFirstPaint(untouched)).toBe(untouched);
  });
});

type TMeCall = { cookie: string | null; forwardedFor: string | null; path: string };

/** A stand-in API whose `me` answers what the test sets, and which records who asked. */
function fakeApi() {
  const calls: TMeCall[] = [];
  const state = { status: 200, body: activeUser() as unknown, delayMs: 0 };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request) => {
      const url = new URL(request.url);
      calls.push({
        cookie: request.headers.get('cookie'),
        forwardedFor: request.headers.get('x-forwarded-for'),
        path: url.pathname,
      });
      if (state.delayMs) await Bun.sleep(state.delayMs);
      return typeof state.body === 'string'
        ? new Response(state.body, { status: state.status, headers: { 'content-type': 'application/json' } })
        : Response.json(state.body, { status: state.status });
    },
  });
  return { server, calls, state };
}

const api = fakeApi();
const dist = mkdtempSync(join(tmpdir(), 'first-paint-test-'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, FIRST_PAINT_FILE), JSON.stringify(TEMPLATES));
const bare = mkdtempSync(join(tmpdir(), 'first-paint-bare-'));
writeFileSync(join(bare, 'index.html'), INDEX);
afterAll(() => {
  api.server.stop(true);
  rmSync(dist, { recursive: true, force: true });
  rmSync(bare, { recursive: true, force: true });
});

const shellOn = (root: string, apiOrigins = [api.server.url.origin]) =>
  createStaticHandler({ root, remotes: {}, apiOrigins, firstPaintTimeoutMs: 150 });
const shell = shellOn(dist);

function visit(path: string, init: { cookie?: string; method?: string; encoding?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.encoding) headers['accept-encoding'] = init.encoding;
  return shell(
    new Request(`http://localhost${path}`, { headers, method: init.method ?? 'GET' }),
    '203.0.113.9',
  );
}

function reset(status = 200, body: unknown = activeUser(), delayMs = 0) {
  api.calls.length = 0;
  Object.assign(api.state, { status, body, delayMs });
}

describe('the shell server paints signed-in pages for their visitor', () => {
  test("a signed-in agent's dashboard arrives drawn, private to them", async () => {
    reset(200, activeUser({ firstName: 'Avery <b>' }));
    for (const path of ['/', '/dashboard', '/dashboard/']) {
      const response = await visit(path, { cookie: 'helpdesk_session=abc; theme=x' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(
        `${PAINTED_HEAD}<body><div id="root"><main data-page="dashboard" data-role="agent"><h2>Welcome back, Avery &lt;b&gt;</h2></main></div></body></html>`,
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('vary')).toContain('Cookie');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    // `me` was asked with the visitor's cookie and address, nothing else of theirs.
    expect(api.calls).toEqual(
      Array(3).fill({
        cookie: 'helpdesk_session=abc; theme=x',
        forwardedFor: '203.0.113.9',
        path: '/api/auth/me',
      }),
    );
  });

  test('each role gets its own template; compressed when the browser takes it', async () => {
    for (const role of ['end_user', 'admin'] as const) {
      reset(200, activeUser({ role }));
      const response = await visit('/dashboard', { cookie: 's=1', encoding: 'gzip' });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const html = gunzipSync(new Uint8Array(await response.arrayBuffer())).toString();
      expect(html).toContain(
        `<main data-page="dashboard" data-role="${role}"><h2>Welcome back, Avery</h2></main>`,
      );
    }
  });

  test("every other signed-in page gets its own layout, a ticket's by its parameter, an admin page's for anyone", async () => {
    reset(200, activeUser({ role: 'end_user' }));
    const drawn = async (path: string) => {
      const html = await (await visit(path, { cookie: 's=1' })).text();
      return html.match(/<main data-page="(\w+)" data-role="(\w+)">/)?.slice(1) ?? null;
    };
    expect(await drawn('/tickets')).toEqual(['tickets', 'end_user']);
    expect(await drawn('/tickets/6d7c1a52-0c57-4c8e-9f4e-3b0f0f4a8e11')).toEqual(['ticket', 'end_user']);
    // The page itself refuses an end user (React's access-denied alert, inside the same layout).
    expect(await drawn('/admin/users')).toEqual(['users', 'end_user']);
    expect(api.calls.length).toBe(3);
  });

  test('without a session, for a pending account, or on a failed or strange answer, the page is plain', async () => {
    const plainCases: [number, unknown][] = [
      [401, { code: 'UNAUTHORIZED', message: 'Not signed in' }],
      [200, activeUser({ status: 'pending' })],
      [200, activeUser({ role: 'superuser' })],
      [200, 'not json {'],
      [200, { user: null }],
      [500, { code: 'INTERNAL' }],
      [302, {}],
    ];
    for (const [status, body] of plainCases) {
      reset(status, body);
      const response = await visit('/', { cookie: 's=1' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(api.calls.length).toBe(1);
    }
  });

  test('no cookie, a page outside the signed-in layout, or a HEAD: plain, and the API is not asked', async () => {
    reset();
    expect(await (await visit('/')).text()).toBe(INDEX);
    for (const path of ['/login', '/register', '/admin', '/nowhere', '/tickets/1/2'])
      expect(await (await visit(path, { cookie: 's=1' })).text()).toBe(INDEX);
    expect((await visit('/', { cookie: 's=1', method: 'HEAD' })).status).toBe(200);
    expect(api.calls).toEqual([]);
  });

  test('the script that starts the page is served by the shell only, as JavaScript', async () => {
    const script = await visit(FIRST_PAINT_START_PATH);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('requestAnimationFrame');
    const remote = createStaticHandler({ root: dist, remotes: null });
    expect((await remote(new Request(`http://localhost${FIRST_PAINT_START_PATH}`))).status).toBe(404);
  });

  test('a slow API does not hold the page: plain after the timeout', async () => {
    reset(200, activeUser(), 1000);
    const started = performance.now();
    const response = await visit('/', { cookie: 's=1' });
    expect(await response.text()).toBe(INDEX);
    expect(performance.now() - started).toBeLessThan(800);
  });

  test('a refusing API process is passed over for the next one; none at all is a plain page', async () => {
    reset();
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const dead = `http://127.0.0.1:${listener.port}`;
    listener.stop(true);
    const withDead = shellOn(dist, [dead, api.server.url.origin]);
    const response = await withDead(new Request('http://localhost/', { headers: { cookie: 's=1' } }));
    expect(await response.text()).toContain('Welcome back, Avery');
    const allDead = shellOn(dist, [dead]);
    expect(
      await (await allDead(new Request('http://localhost/', { headers: { cookie: 's=1' } }))).text(),
    ).toBe(INDEX);
  });

  test('a build without templates, or with a broken file, serves the plain page and never asks the API', async () => {
    reset();
    const withoutTemplates = shellOn(bare);
    expect(
      await (await withoutTemplates(new Request('http://localhost/', { headers: { cookie: 's=1' } }))).text(),
    ).toBe(INDEX);
    const broken = mkdtempSync(join(tmpdir(), 'first-paint-broken-'));
    try {
      writeFileSync(join(broken, 'index.html'), INDEX);
      writeFileSync(join(broken, FIRST_PAINT_FILE), '{"slot":"@@first-name@@","pages":{"agent":');
      const handler = shellOn(broken);
      expect(
        await (await handler(new Request('http://localhost/', { headers: { cookie: 's=1' } }))).text(),
      ).toBe(INDEX);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
    expect(api.calls).toEqual([]);
  });
});
