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
  isFirstPaintPath,
  readTemplates,
  readVisitor,
  startAfterFirstPaint,
  type TFirstPaintTemplates,
} from './lib/first-paint.ts';
import { createStaticHandler } from './lib/static-handler.ts';

const SLOT = '@@first-name@@';
const INDEX =
  '<!DOCTYPE html><html><head><title>Help Desk</title><script defer src="/static/js/index.1a2b3c4d.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const PAINTED_HEAD =
  '<!DOCTYPE html><html><head><title>Help Desk</title><link rel="preload" as="script" href="/static/js/index.1a2b3c4d.js">' +
  `<script defer src="${FIRST_PAINT_START_PATH}" data-entries="/static/js/index.1a2b3c4d.js"></script></head>`;
const TEMPLATES: TFirstPaintTemplates = {
  slot: SLOT,
  pages: {
    end_user: `<main data-role="end_user"><h2>Welcome back, ${SLOT}</h2></main>`,
    agent: `<main data-role="agent"><h2>Welcome back, ${SLOT}</h2></main>`,
    admin: `<main data-role="admin"><h2>Welcome back, ${SLOT}</h2></main>`,
  },
};

const activeUser = (overrides: Record<string, unknown> = {}) => ({
  user: { id: 'u1', firstName: 'Avery', lastName: 'Morgan', role: 'agent', status: 'active', ...overrides },
});

describe('the first paint, piece by piece', () => {
  test('only the dashboard addresses get one', () => {
    for (const path of ['/', '/dashboard', '/dashboard/']) expect(isFirstPaintPath(path)).toBe(true);
    for (const path of ['/tickets', '/dashboard/x', '/login', '/admin', '//', '/Dashboard'])
      expect(isFirstPaintPath(path)).toBe(false);
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

  test('templates are taken only whole: every role, each with the slot', () => {
    expect(readTemplates(TEMPLATES)).toEqual(TEMPLATES);
    const { admin: _admin, ...withoutAdmin } = TEMPLATES.pages;
    for (const broken of [
      null,
      [],
      { pages: TEMPLATES.pages },
      { slot: '', pages: TEMPLATES.pages },
      { slot: SLOT, pages: withoutAdmin },
      { slot: SLOT, pages: { ...TEMPLATES.pages, agent: '<main>no name here</main>' } },
      { slot: SLOT, pages: { ...TEMPLATES.pages, agent: 42 } },
    ])
      expect(readTemplates(broken)).toBeNull();
  });

  test("the role's template goes into the empty #root with the escaped name, replacement patterns inert", () => {
    const html = fillFirstPaint(INDEX, TEMPLATES, { role: 'admin', firstName: '$& $` <script>x</script>' });
    expect(html).toBe(
      `${PAINTED_HEAD}<body><div id="root">` +
        '<main data-role="admin"><h2>Welcome back, $&amp; $` &lt;script&gt;x&lt;/script&gt;</h2></main>' +
        '</div></body></html>',
    );
    expect(
      fillFirstPaint('<body><div id="app"></div></body>', TEMPLATES, { role: 'agent', firstName: 'A' }),
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

describe('the shell server paints the dashboard for a signed-in visitor', () => {
  test("a signed-in agent's dashboard arrives drawn, private to them", async () => {
    reset(200, activeUser({ firstName: 'Avery <b>' }));
    for (const path of ['/', '/dashboard', '/dashboard/']) {
      const response = await visit(path, { cookie: 'helpdesk_session=abc; theme=x' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(
        `${PAINTED_HEAD}<body><div id="root"><main data-role="agent"><h2>Welcome back, Avery &lt;b&gt;</h2></main></div></body></html>`,
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
      expect(html).toContain(`<main data-role="${role}"><h2>Welcome back, Avery</h2></main>`);
    }
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

  test('no cookie, another page, or a HEAD: plain, and the API is not asked', async () => {
    reset();
    expect(await (await visit('/')).text()).toBe(INDEX);
    expect(await (await visit('/tickets', { cookie: 's=1' })).text()).toBe(INDEX);
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
