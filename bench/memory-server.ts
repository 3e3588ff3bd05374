/**
 * Bun serving a response from memory: the other half of a read's limit (docs/performance.md#method).
 * The runner PUTs the product's own response body (its exact bytes) and content type to
 * /__body/<key>; every GET of /<key> then answers them, with nothing else done. What a request of
 * that size costs this machine's HTTP stack, with no database and none of our layers.
 * `bun bench/memory-server.ts <port>`
 */

const port = Number(process.argv[2]);
if (!Number.isInteger(port)) {
  console.error('usage: bun bench/memory-server.ts <port>');
  process.exit(2);
}

const bodies = new Map<string, { bytes: ArrayBuffer; contentType: string }>();

const server = Bun.serve({
  port,
  hostname: '127.0.0.1',
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method === 'PUT' && url.pathname.startsWith('/__body/')) {
      bodies.set(url.pathname.slice('/__body/'.length), {
        bytes: await request.arrayBuffer(),
        contentType: request.headers.get('content-type') ?? 'application/octet-stream',
      });
      return new Response(null, { status: 204 });
    }
    const body = bodies.get(url.pathname.slice(1));
    if (!body)
      return new Response(url.pathname === '/ready' ? 'ok' : 'no such body', {
        status: url.pathname === '/ready' ? 200 : 404,
      });
    return new Response(body.bytes, { headers: { 'Content-Type': body.contentType } });
  },
});

console.log(`memory server on http://127.0.0.1:${server.port}`);
process.on('SIGTERM', () => {
  server.stop(true);
  process.exit(0);
});
