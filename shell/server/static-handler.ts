import { extname, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  createFirstPaint,
  FIRST_PAINT_ME_TIMEOUT_MS,
  FIRST_PAINT_START_PATH,
  FIRST_PAINT_START_SCRIPT,
} from './first-paint.ts';
import { createUpstreamPool, forwardFor, isConnectFailure, type TUpstreamPool } from './upstream-pool.ts';

export type StaticOptions = {
  /** The dist directory to serve. */
  root: string;
  /** Set for the shell: the remotes' entry URLs, served as /runtime-config.js. */
  remotes: Record<string, string> | null;
  /** Set for the shell: where /api is proxied, in turn when there are several API processes. */
  apiOrigins?: readonly string[];
  /** How long a signed-in page's HTML waits for `me` before it goes without its first paint (first-paint.ts). */
  firstPaintTimeoutMs?: number;
};

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
// Small bodies gain nothing from compression and cost a header.
const MIN_COMPRESS_BYTES = 1024;
const compressedCache = new Map<string, Uint8Array<ArrayBuffer>>();

/** Brotli when the client takes it, else gzip, else none; `br;q=0` style refusals are honoured. */
export function pickEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

function compress(bytes: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> {
  // A copy into a plain ArrayBuffer: what Response accepts as a body.
  return new Uint8Array(
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(bytes, { level: 6 }),
  );
}

/** The request handler of one static server; a function so tests can call it without a socket. */
export function createStaticHandler(options: StaticOptions) {
  const root = resolve(options.root);
  const apiOrigins = (options.apiOrigins ?? []).map((origin) => origin.replace(/\/$/, ''));
  const upstreams = apiOrigins.length > 0 ? createUpstreamPool(apiOrigins) : null;
  const remotes = options.remotes;
  const isShell = remotes !== null;

  const remoteOrigins = remotes ? [...new Set(Object.values(remotes).map((url) => new URL(url).origin))] : [];
  const sources = ["'self'", ...remoteOrigins].join(' ');
  // Remotes' scripts, styles and chunks load from their own origins; radix positions popovers with inline styles.
  const SHELL_CSP = [
    "default-src 'self'",
    `script-src ${sources}`,
    `style-src ${sources} 'unsafe-inline'`,
    `connect-src ${sources}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');

  const COMMON_HEADERS = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  // A remote's files are fetched cross-origin by the shell (the manifest with fetch, chunks as scripts).
  const REMOTE_HEADERS: Record<string, string> = isShell ? {} : { 'Access-Control-Allow-Origin': '*' };

  function headersFor(path: string): Record<string, string> {
    // Hashed assets never change; entries (index.html, remoteEntry.js, mf-manifest.json) must revalidate.
    const isHashed = /\.[0-9a-f]{8,}\./.test(path.slice(path.lastIndexOf(sep) + 1));
    const headers: Record<string, string> = {
      ...COMMON_HEADERS,
      ...REMOTE_HEADERS,
      'Cache-Control': isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (path.endsWith('.html') && isShell) headers['Content-Security-Policy'] = SHELL_CSP;
    return headers;
  }

  /**
   * Passes the request to an API process and streams the answer back as it comes (event streams
   * included: nothing here buffers or compresses). The client going away aborts the upstream
   * request, so the API ends its side of a stream too.
   */
  async function proxyToApi(
    pool: TUpstreamPool,
    request: Request,
    url: URL,
    clientIp: string | undefined,
  ): Promise<Response> {
    const headers = new Headers(request.headers);
    headers.delete('host');
    forwardFor(headers, clientIp);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    // With several upstreams a body is read once, so a refused connection can be retried elsewhere.
    const body = hasBody ? (pool.size > 1 ? await request.arrayBuffer() : request.body) : undefined;
    for (const origin of pool.order()) {
      try {
        const upstream = await fetch(`${origin}${url.pathname}${url.search}`, {
          method: request.method,
          headers,
          body,
          redirect: 'manual',
          signal: request.signal,
        });
        pool.markUp(origin);
        return new Response(upstream.body, { status: upstream.status, headers: upstream.headers });
      } catch (error) {
        if (request.signal.aborted || !isConnectFailure(error)) break;
        pool.markDown(origin);
      }
    }
    return Response.json(
      { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    );
  }

  async function fileResponse(
    request: Request,
    path: string,
    headers: Record<string, string>,
  ): Promise<Response> {
    const file = Bun.file(path);
    const type = file.type;
    if (!COMPRESSIBLE.test(path) || file.size < MIN_COMPRESS_BYTES) {
      return new Response(request.method === 'HEAD' ? null : file, {
        headers: { ...headers, 'Content-Type': type },
      });
    }
    const varied = { ...headers, 'Content-Type': type, Vary: 'Accept-Encoding' };
    const encoding = pickEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(request.method === 'HEAD' ? null : file, { headers: varied });
    // Built files do not change while served, except entries on redeploy: those are keyed by mtime too.
    const key = `${encoding} ${path} ${file.lastModified}`;
    let body = compressedCache.get(key);
    if (!body) {
      body = compress(new Uint8Array(await file.arrayBuffer()), encoding);
      compressedCache.set(key, body);
    }
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { ...varied, 'Content-Encoding': encoding, 'Content-Length': String(body.length) },
    });
  }

  const firstPaint =
    isShell && upstreams
      ? createFirstPaint({
          root,
          upstreams,
          timeoutMs: options.firstPaintTimeoutMs ?? FIRST_PAINT_ME_TIMEOUT_MS,
        })
      : null;

  /** index.html with the signed-in page already drawn for its visitor; null to serve it plain. */
  async function firstPaintResponse(
    request: Request,
    clientIp: string | undefined,
  ): Promise<Response | null> {
    const index = resolve(root, 'index.html');
    const html = firstPaint ? await firstPaint.pageFor(request, clientIp, index) : null;
    if (html === null) return null;
    const headers: Record<string, string> = {
      ...headersFor(index),
      'Content-Type': 'text/html; charset=utf-8',
      // One person's page in their language: never kept by a shared cache, nor answered to another cookie.
      'Cache-Control': 'private, no-store',
      Vary: 'Cookie, Accept-Encoding',
    };
    const encoding = pickEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(html, { headers });
    const body = compress(new TextEncoder().encode(html), encoding);
    return new Response(body, {
      headers: { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(body.length) },
    });
  }

  return async (request: Request, clientIp?: string): Promise<Response> => {
    const url = new URL(request.url);
    if (
      upstreams &&
      (url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/swagger'))
    ) {
      // Metrics are for the operator's scraper on the API's own port, never the public site.
      if (url.pathname === '/api/metrics')
        return new Response('not found', { status: 404, headers: COMMON_HEADERS });
      return proxyToApi(upstreams, request, url, clientIp);
    }
    if (request.method === 'OPTIONS' && !isShell) {
      return new Response(null, {
        status: 204,
        headers: { ...REMOTE_HEADERS, 'Access-Control-Allow-Headers': '*' },
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('method not allowed', { status: 405, headers: COMMON_HEADERS });
    }
    if (remotes && url.pathname === '/runtime-config.js') {
      return new Response(`window.__HELPDESK_CONFIG__ = ${JSON.stringify({ remotes })};\n`, {
        headers: {
          ...COMMON_HEADERS,
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'no-store',
        },
      });
    }
    if (isShell && url.pathname === FIRST_PAINT_START_PATH) {
      return new Response(FIRST_PAINT_START_SCRIPT, {
        headers: {
          ...COMMON_HEADERS,
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'no-cache',
        },
      });
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response('bad request', { status: 400, headers: COMMON_HEADERS });
    }
    const path = resolve(root, `.${pathname}`);
    if (path !== root && !path.startsWith(root + sep)) return new Response('forbidden', { status: 403 });
    if (extname(path) && (await Bun.file(path).exists()))
      return fileResponse(request, path, headersFor(path));
    if (extname(path) || !isShell) return new Response('not found', { status: 404, headers: COMMON_HEADERS });
    const painted = await firstPaintResponse(request, clientIp);
    if (painted) return painted;
    // Client-side routes (/tickets/123, /admin/users) all get the shell's index.html.
    const index = resolve(root, 'index.html');
    return fileResponse(request, index, { ...headersFor(index), 'Content-Type': 'text/html; charset=utf-8' });
  };
}

export type StaticServerOptions = {
  port: number;
  hostname: string;
  /** Seconds a quiet connection is kept; Bun's default is 10. Event streams are exempt. */
  idleTimeoutSeconds?: number;
};

/**
 * Serves a handler the way serve-static.ts runs it. An event stream from the API is quiet between
 * heartbeats, so its connection is exempt from the idle timeout that still guards everything else.
 *
 * Every other answer names that timeout in `Keep-Alive`. A client that reuses a connection the
 * server is closing at that moment gets ECONNRESET, and Node's HTTP agent (API clients, scripts,
 * Playwright's request contexts) retires a pooled connection a second before the hinted timeout.
 */
export function serveStatic(
  handle: ReturnType<typeof createStaticHandler>,
  { port, hostname, idleTimeoutSeconds = 10 }: StaticServerOptions,
) {
  const keepAlive = idleTimeoutSeconds > 0 ? `timeout=${idleTimeoutSeconds}` : null;
  return Bun.serve({
    port,
    hostname,
    idleTimeout: idleTimeoutSeconds,
    // Attachments are up to 10 MB; the API enforces its own, smaller limits per route.
    maxRequestBodySize: 11 * 1024 * 1024,
    fetch: async (request, server) => {
      const response = await handle(request, server.requestIP(request)?.address);
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) server.timeout(request, 0);
      else if (keepAlive !== null) response.headers.set('Keep-Alive', keepAlive);
      return response;
    },
  });
}
