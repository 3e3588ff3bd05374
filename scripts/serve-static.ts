/**
 * Serves one production build (the shell or a remote) the way a CDN or nginx would.
 *   bun scripts/serve-static.ts <distDir> <port>
 * Env:
 *   HELPDESK_REMOTES  JSON {"mf_tickets": "<entry url>", ...}: this is the shell; /runtime-config.js is
 *                     generated from it (the shell build has no remote URLs baked in)
 *   API_ORIGIN        proxy /api/* and /swagger* to this origin (same-origin cookies for the shell)
 *   HOST              bind address (default 127.0.0.1; 0.0.0.0 in containers)
 */
import { extname, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist');
const port = Number(process.argv[3] ?? 4000);
const hostname = process.env.HOST ?? '127.0.0.1';
const apiOrigin = process.env.API_ORIGIN?.replace(/\/$/, '');
const remotes: Record<string, string> | null = process.env.HELPDESK_REMOTES
  ? JSON.parse(process.env.HELPDESK_REMOTES)
  : null;
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
  const isHashed = /\.[0-9a-f]{8,}\./.test(path);
  const headers: Record<string, string> = {
    ...COMMON_HEADERS,
    ...REMOTE_HEADERS,
    'Cache-Control': isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (path.endsWith('.html') && isShell) headers['Content-Security-Policy'] = SHELL_CSP;
  return headers;
}

async function proxyToApi(request: Request, url: URL, clientIp: string | undefined): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('host');
  const forwarded = headers.get('x-forwarded-for');
  if (clientIp) headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${clientIp}` : clientIp);
  try {
    const upstream = await fetch(`${apiOrigin}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      redirect: 'manual',
    });
    return new Response(upstream.body, { status: upstream.status, headers: upstream.headers });
  } catch {
    return Response.json(
      { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}

const server = Bun.serve({
  port,
  hostname,
  // Attachments are up to 10 MB; the API enforces its own, smaller limits per route.
  maxRequestBodySize: 11 * 1024 * 1024,
  async fetch(request, srv) {
    const url = new URL(request.url);
    if (
      apiOrigin &&
      (url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/swagger'))
    ) {
      return proxyToApi(request, url, srv.requestIP(request)?.address);
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
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response('bad request', { status: 400, headers: COMMON_HEADERS });
    }
    const path = resolve(root, `.${pathname}`);
    if (path !== root && !path.startsWith(root + sep)) return new Response('forbidden', { status: 403 });
    const file = Bun.file(path);
    if (extname(path) && (await file.exists())) return new Response(file, { headers: headersFor(path) });
    if (extname(path) || !isShell) return new Response('not found', { status: 404, headers: COMMON_HEADERS });
    // Client-side routes (/tickets/123, /admin/users) all get the shell's index.html.
    const index = resolve(root, 'index.html');
    return new Response(Bun.file(index), {
      headers: { ...headersFor(index), 'Content-Type': 'text/html; charset=utf-8' },
    });
  },
});

console.log(`serving ${root} on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
