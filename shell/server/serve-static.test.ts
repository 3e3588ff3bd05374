import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createStaticHandler, pickEncoding, serveStatic } from './static-handler.ts';
import { createUpstreamPool } from './upstream-pool.ts';

const dist = mkdtempSync(join(tmpdir(), 'serve-static-test-'));
const outside = `${dist}-secret.txt`;
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;
mkdirSync(join(dist, 'static/js'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(join(dist, 'remoteEntry.js'), bigScript);
writeFileSync(join(dist, 'mf-manifest.json'), '{"name":"mf_tickets"}');
writeFileSync(join(dist, 'static/js/main.3f2a9c1d.js'), bigScript);
writeFileSync(join(dist, 'static/js/tiny.0123abcd.js'), 'x');
writeFileSync(outside, 'top secret');
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

const remote = createStaticHandler({ root: dist, remotes: null });
const shell = createStaticHandler({
  root: dist,
  remotes: { mf_tickets: 'http://localhost:8101/mf-manifest.json' },
  apiOrigins: ['http://127.0.0.1:1'],
});
const get = (handler: typeof remote, path: string, headers: Record<string, string> = {}) =>
  handler(new Request(`http://localhost${path}`, { headers }));

describe('caching', () => {
  test('hashed assets are immutable for a year', async () => {
    const response = await get(remote, '/static/js/main.3f2a9c1d.js');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('entries, manifests, HTML and the runtime config are never cached unchecked', async () => {
    for (const path of ['/remoteEntry.js', '/mf-manifest.json', '/index.html']) {
      expect((await get(remote, path)).headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get(shell, '/tickets/42')).headers.get('cache-control')).toBe('no-cache');
    const config = await get(shell, '/runtime-config.js');
    expect(config.headers.get('cache-control')).toBe('no-store');
    expect(await config.text()).toContain('"mf_tickets":"http://localhost:8101/mf-manifest.json"');
  });
});

describe('compression', () => {
  test('brotli when accepted, gzip otherwise, identity when neither; always Vary', async () => {
    const br = await get(remote, '/remoteEntry.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(bigScript);

    const gzip = await get(remote, '/remoteEntry.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const zipped = Buffer.from(await gzip.arrayBuffer());
    expect(zipped.length).toBeLessThan(bigScript.length / 10);
    expect(gunzipSync(zipped).toString()).toBe(bigScript);

    const plain = await get(remote, '/remoteEntry.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(bigScript);
  });

  test('tiny files are sent as they are', async () => {
    const response = await get(remote, '/static/js/tiny.0123abcd.js', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('x');
  });

  test('Accept-Encoding parsing honours q=0 and *', () => {
    expect(pickEncoding(null)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBeNull();
  });
});

describe('paths', () => {
  test('traversal out of the dist directory is refused, plain or encoded', async () => {
    const name = outside.slice(outside.lastIndexOf('/') + 1);
    for (const path of [`/../${name}`, `/%2e%2e/${name}`, `/static/..%2f..%2f${name}`, `/%2e%2e%2f${name}`]) {
      const response = await get(remote, path);
      expect([403, 404]).toContain(response.status);
      expect(await response.text()).not.toContain('top secret');
    }
    expect((await get(remote, '/%E0%A4%A')).status).toBe(400);
  });

  test('only the shell falls back to index.html for client routes', async () => {
    const shellRoute = await get(shell, '/admin/users');
    expect(shellRoute.status).toBe(200);
    expect(await shellRoute.text()).toContain('<title>shell</title>');
    expect((await get(remote, '/admin/users')).status).toBe(404);
    expect((await get(shell, '/missing.js')).status).toBe(404);
  });
});

describe('CORS and the API proxy', () => {
  test('remotes allow cross-origin reads; the shell does not', async () => {
    expect((await get(remote, '/mf-manifest.json')).headers.get('access-control-allow-origin')).toBe('*');
    expect((await get(shell, '/index.html')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await get(shell, '/index.html')).headers.get('content-security-policy')).toContain(
      "script-src 'self' http://localhost:8101",
    );
  });

  test('the shell never exposes /api/metrics and answers 503 when the API is down', async () => {
    expect((await get(shell, '/api/metrics')).status).toBe(404);
    const down = await get(shell, '/api/health');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable',
    });
  });
});

/** A port nothing listens on. */
function deadPort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/** A stand-in API process that says who it is and echoes request bodies. */
function fakeApi(name: string) {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request) =>
      Response.json({ name, body: request.method === 'POST' ? await request.text() : null }),
  });
}

describe('several API processes behind the shell', () => {
  test('the pool takes origins in turn and puts a refusing one last for a while', () => {
    const pool = createUpstreamPool(['a', 'b', 'c'], 60_000);
    expect([pool.order()[0], pool.order()[0], pool.order()[0], pool.order()[0]]).toEqual([
      'a',
      'b',
      'c',
      'a',
    ]);
    pool.markDown('c');
    expect(pool.order()).toEqual(['a', 'b', 'c']);
    expect(pool.order()).toEqual(['b', 'a', 'c']);
    expect(pool.order()).toEqual(['a', 'b', 'c']);
    pool.markUp('c');
    expect(pool.order()).toEqual(['b', 'c', 'a']);
    expect(pool.order()).toEqual(['c', 'a', 'b']);
    expect(pool.order()).toEqual(['a', 'b', 'c']);
  });

  test('/api requests alternate between the processes; a dead one is skipped, bodies included', async () => {
    const one = fakeApi('one');
    const two = fakeApi('two');
    try {
      const dead = `http://127.0.0.1:${deadPort()}`;
      const proxy = createStaticHandler({
        root: dist,
        remotes: {},
        apiOrigins: [one.url.origin, dead, two.url.origin],
      });
      const names: string[] = [];
      for (let index = 0; index < 6; index++) {
        const response = await proxy(new Request('http://localhost/api/health'));
        expect(response.status).toBe(200);
        names.push(((await response.json()) as { name: string }).name);
      }
      expect(names).toEqual(['one', 'two', 'one', 'two', 'one', 'two']);
      // The dead process's turn with a POST: the body still arrives whole at a live one.
      const deadFirst = createStaticHandler({ root: dist, remotes: {}, apiOrigins: [dead, one.url.origin] });
      const posted = await deadFirst(
        new Request('http://localhost/api/tickets', { method: 'POST', body: '{"title":"x"}' }),
      );
      expect(await posted.json()).toEqual({ name: 'one', body: '{"title":"x"}' });
      const allDead = createStaticHandler({ root: dist, remotes: {}, apiOrigins: [dead] });
      expect((await allDead(new Request('http://localhost/api/health'))).status).toBe(503);
    } finally {
      one.stop(true);
      two.stop(true);
    }
  });

  test('an event stream passes through at once, uncompressed, outlives the idle timeout, and a leaving client ends it upstream', async () => {
    const encoder = new TextEncoder();
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    let isCancelled = false;
    const upstream = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request, server) => {
        server.timeout(request, 0);
        const body = new ReadableStream<Uint8Array>({
          start: (c) => {
            controller = c;
            c.enqueue(encoder.encode('retry: 3000\n: connected\n\n'));
          },
          cancel: () => {
            isCancelled = true;
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
      },
    });
    const handler = createStaticHandler({ root: dist, remotes: {}, apiOrigins: [upstream.url.origin] });
    const front = serveStatic(handler, { port: 0, hostname: '127.0.0.1', idleTimeoutSeconds: 1 });
    const aborter = new AbortController();
    try {
      const response = await fetch(`${front.url.origin}/api/events`, {
        headers: { 'accept-encoding': 'gzip, br' },
        signal: aborter.signal,
      });
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      expect(decoder.decode((await reader.read()).value)).toBe('retry: 3000\n: connected\n\n');
      // Quiet for six idle timeouts (Bun sweeps idle connections every 4 s and cuts this one then), then one event.
      await Bun.sleep(6000);
      (controller as ReadableStreamDefaultController<Uint8Array> | null)?.enqueue(
        encoder.encode('event: ticket\ndata: {}\n\n'),
      );
      const next = await Promise.race([reader.read(), Bun.sleep(1000).then(() => null)]);
      expect(next && decoder.decode(next.value)).toBe('event: ticket\ndata: {}\n\n');
      aborter.abort();
      const deadline = Date.now() + 2000;
      while (!isCancelled && Date.now() < deadline) await Bun.sleep(20);
      expect(isCancelled).toBe(true);
    } finally {
      front.stop(true);
      upstream.stop(true);
    }
  }, 15_000);

  test('every answer but a stream names the idle timeout, so pooling clients retire a connection before it is cut', async () => {
    const upstream = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request) =>
        new URL(request.url).pathname === '/api/events'
          ? new Response(': connected\n\n', { headers: { 'content-type': 'text/event-stream' } })
          : Response.json({ ok: true }),
    });
    const handler = createStaticHandler({ root: dist, remotes: {}, apiOrigins: [upstream.url.origin] });
    const front = serveStatic(handler, { port: 0, hostname: '127.0.0.1', idleTimeoutSeconds: 7 });
    try {
      for (const path of ['/', '/tickets/1', '/api/tickets', '/nothing.js']) {
        const response = await fetch(`${front.url.origin}${path}`);
        await response.arrayBuffer();
        expect(`${path} ${response.headers.get('keep-alive')}`).toBe(`${path} timeout=7`);
      }
      const stream = await fetch(`${front.url.origin}/api/events`);
      await stream.arrayBuffer();
      expect(stream.headers.get('keep-alive')).toBeNull();
    } finally {
      front.stop(true);
      upstream.stop(true);
    }
  });

  test('without the stream exemption the same quiet connection would be cut (the test above can fail)', async () => {
    const upstream = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      idleTimeout: 0,
      fetch: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (c) => c.enqueue(new TextEncoder().encode(': connected\n\n')),
          }),
          { headers: { 'content-type': 'text/plain' } },
        ),
    });
    const handler = createStaticHandler({ root: dist, remotes: {}, apiOrigins: [upstream.url.origin] });
    const front = serveStatic(handler, { port: 0, hostname: '127.0.0.1', idleTimeoutSeconds: 1 });
    try {
      const response = await fetch(`${front.url.origin}/api/other`);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      const outcome = await Promise.race([
        reader.read().then(
          () => 'ended',
          () => 'ended',
        ),
        Bun.sleep(7000).then(() => 'open'),
      ]);
      expect(outcome).toBe('ended');
    } finally {
      front.stop(true);
      upstream.stop(true);
    }
  }, 15_000);
});
