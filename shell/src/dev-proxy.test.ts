/**
 * `bun dev`'s shell server proxies /api to the API (rsbuild.config.ts). Live updates need it to pass
 * an event stream through as it is written: not buffered, not compressed, and a leaving browser
 * ends the stream upstream. This starts rsbuild's dev server (under Node, as `bun dev` does) with
 * the shell's own server settings in front of a stand-in API.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SHELL_DIR = join(import.meta.dir, '..');

// Loads the shell's rsbuild config and serves a one-line entry with exactly its `server` settings.
const DEV_SERVER_SCRIPT = `
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const [shellDir, workDir] = process.argv.slice(2);
const require = createRequire(join(shellDir, 'package.json'));
const { createRsbuild, loadConfig } = await import(pathToFileURL(require.resolve('@rsbuild/core')).href);
const { content } = await loadConfig({ cwd: shellDir });
writeFileSync(join(workDir, 'index.js'), 'console.log(1);\\n');
const rsbuild = await createRsbuild({
  cwd: workDir,
  rsbuildConfig: {
    server: content.server,
    source: { entry: { index: join(workDir, 'index.js') } },
    dev: { hmr: false, liveReload: false },
    logLevel: 'warn',
  },
});
const { port } = await rsbuild.startDevServer();
console.log('READY ' + port);
`;

function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

const encoder = new TextEncoder();
let streamController: ReadableStreamDefaultController<Uint8Array> | null = null;
let isCancelled = false;
let acceptEncodingSeen: string | null = null;
let forwardedForSeen: string | null = null;
const upstream = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: (request, server) => {
    server.timeout(request, 0);
    acceptEncodingSeen = request.headers.get('accept-encoding');
    forwardedForSeen = request.headers.get('x-forwarded-for');
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        streamController = controller;
        controller.enqueue(encoder.encode('retry: 3000\n: connected\n\n'));
      },
      cancel: () => {
        isCancelled = true;
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  },
});

const workDir = mkdtempSync(join(tmpdir(), 'shell-dev-proxy-'));
const shellPort = freePort();
let devServer: ReturnType<typeof Bun.spawn> | null = null;

beforeAll(async () => {
  writeFileSync(join(workDir, 'dev-server.mjs'), DEV_SERVER_SCRIPT);
  const child = Bun.spawn(['node', join(workDir, 'dev-server.mjs'), SHELL_DIR, workDir], {
    env: { ...process.env, API_PORT: String(upstream.port), SHELL_PORT: String(shellPort), NO_COLOR: '1' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  devServer = child;
  let output = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk);
  };
  void collect(child.stdout);
  void collect(child.stderr);
  const deadline = Date.now() + 60_000;
  while (!output.includes('READY')) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`rsbuild dev did not start:\n${output}`);
    await Bun.sleep(50);
  }
}, 70_000);

afterAll(() => {
  devServer?.kill('SIGKILL');
  upstream.stop(true);
  rmSync(workDir, { recursive: true, force: true });
});

test('the dev proxy streams /api/events as written, uncompressed, and a leaving browser ends it upstream', async () => {
  const aborter = new AbortController();
  const response = await fetch(`http://127.0.0.1:${shellPort}/api/events`, {
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/event-stream' },
    signal: aborter.signal,
    decompress: false,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('content-encoding')).toBeNull();
  expect(acceptEncodingSeen).not.toBeNull();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  // The first chunk arrives while the upstream stream is still open: nothing waits for the end.
  expect(decoder.decode((await reader.read()).value)).toBe('retry: 3000\n: connected\n\n');
  const sentAt = Date.now();
  (streamController as ReadableStreamDefaultController<Uint8Array> | null)?.enqueue(
    encoder.encode('event: ticket\ndata: {}\n\n'),
  );
  expect(decoder.decode((await reader.read()).value)).toBe('event: ticket\ndata: {}\n\n');
  expect(Date.now() - sentAt).toBeLessThan(500);
  aborter.abort();
  const deadline = Date.now() + 3000;
  while (!isCancelled && Date.now() < deadline) await Bun.sleep(20);
  expect(isCancelled).toBe(true);
}, 30_000);

test("the dev proxy appends the browser's address to X-Forwarded-For, after whatever the browser claimed", async () => {
  const normalize = (hops: string | null) =>
    (hops ?? '').split(',').map((hop) => hop.trim().replace(/^::ffff:/, ''));
  const plain = await fetch(`http://127.0.0.1:${shellPort}/api/events`);
  await plain.body?.cancel();
  expect(normalize(forwardedForSeen)).toEqual(['127.0.0.1']);
  const claimed = await fetch(`http://127.0.0.1:${shellPort}/api/events`, {
    headers: { 'x-forwarded-for': '6.6.6.6' },
  });
  await claimed.body?.cancel();
  expect(normalize(forwardedForSeen)).toEqual(['6.6.6.6', '127.0.0.1']);
}, 30_000);
