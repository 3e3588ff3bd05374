import { afterAll, describe, expect, test } from 'bun:test';
import { runFixedRate } from '../fixed-rate.ts';
import { encodeRequest, responseEnd } from './http1.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('HTTP/1.1 for the generator', () => {
  test('a request is encoded once: host, headers, and a length for a body; framing headers are its own', () => {
    const encoded = encodeRequest('127.0.0.1:4900', {
      method: 'POST',
      path: '/api/tickets/1/comments?x=1',
      headers: { Cookie: 'sid=1', 'Content-Type': 'application/json', 'Content-Length': '999', Host: 'evil' },
      body: '{"content":"é"}',
    });
    expect(Buffer.from(encoded).toString('utf8')).toBe(
      'POST /api/tickets/1/comments?x=1 HTTP/1.1\r\nHost: 127.0.0.1:4900\r\nCookie: sid=1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 16\r\n\r\n{"content":"é"}',
    );
    expect(() =>
      encodeRequest('h', { method: 'GET', path: '/', headers: { Cookie: 'a\r\nX-Evil: 1' } }),
    ).toThrow('line break');
  });

  test('a response ends after its Content-Length, and not before it has all arrived', () => {
    const response =
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    expect(responseEnd(bytes(response.slice(0, 20)))).toBeNull();
    expect(responseEnd(bytes(response.slice(0, -1)))).toBeNull();
    expect(responseEnd(bytes(response))).toEqual({ status: 200, end: response.length, isClosing: false });
    // The next response's first bytes are not this one's.
    expect(responseEnd(bytes(`${response}HTTP/1.1`))?.end).toBe(response.length);
  });

  test('a chunked body ends at its last chunk and trailers; 204 and 304 have none', () => {
    const chunked =
      'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
      '5;ext=1\r\nhello\r\nb\r\n, world 123\r\n0\r\nX-Trailer: 1\r\n\r\n';
    for (let cut = 0; cut < chunked.length; cut++)
      expect(responseEnd(bytes(chunked.slice(0, cut)))).toBeNull();
    expect(responseEnd(bytes(chunked))).toEqual({ status: 201, end: chunked.length, isClosing: true });
    const empty = 'HTTP/1.1 204 No Content\r\nDate: x\r\n\r\n';
    expect(responseEnd(bytes(empty))).toEqual({ status: 204, end: empty.length, isClosing: false });
  });

  test('what no server of ours sends is an error, not a wait', () => {
    expect(() => responseEnd(bytes('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow('status line');
    expect(() => responseEnd(bytes('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n'))).toThrow(
      'Content-Length',
    );
    expect(() => responseEnd(bytes('HTTP/1.1 200 OK\r\nno colon\r\n\r\n'))).toThrow('header line');
    expect(() =>
      responseEnd(bytes('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil close')),
    ).toThrow('neither');
    expect(() => responseEnd(bytes('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'))).toThrow(
      'chunk size',
    );
    expect(() => responseEnd(Buffer.alloc(70 * 1024, 'a'))).toThrow('64 KB');
  });
});

describe('the open-loop generator', () => {
  const seen: string[] = [];
  // Each connection's client port: how many connections a run used.
  const ports = new Set<number>();
  let closeEvery = false;
  // Until set, /stall answers nothing; then it answers after this many milliseconds (once).
  let stallMs: number | null = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request, self) => {
      ports.add(self.requestIP(request)?.port ?? 0);
      const path = new URL(request.url).pathname;
      const body = await request.text();
      seen.push(`${request.method} ${path} ${body}`);
      const headers = closeEvery ? { Connection: 'close' } : undefined;
      if (path === '/stall') {
        if (stallMs === null) return new Promise<Response>(() => {});
        const ms = stallMs;
        stallMs = 0;
        await Bun.sleep(ms);
      }
      if (path === '/fail') return new Response('no', { status: 500, headers });
      if (path === '/stream') {
        const parts = ['one ', 'two ', 'three'];
        return new Response(
          new ReadableStream({
            pull: async (controller) => {
              await Bun.sleep(1);
              const part = parts.shift();
              if (part === undefined) controller.close();
              else controller.enqueue(new TextEncoder().encode(part));
            },
          }),
          { headers },
        );
      }
      return Response.json({ path, body }, { headers });
    },
  });
  afterAll(() => server.stop(true));

  const plan = (requests: Parameters<typeof runFixedRate>[0]['requests']) => ({
    baseUrl: server.url.origin,
    rate: 200,
    seconds: 1,
    warmupSeconds: 0.5,
    requests,
    maxInFlight: 64,
  });

  test('every request is sent as planned and each response is read to its end, streamed ones too', async () => {
    seen.length = 0;
    ports.clear();
    const result = await runFixedRate(
      plan([
        { method: 'GET', path: '/read', headers: {} },
        { method: 'POST', path: '/write', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' },
        { method: 'GET', path: '/stream', headers: {} },
        { method: 'GET', path: '/fail', headers: {} },
      ]),
    );
    expect(result.sent).toBe(300);
    expect(result.ok).toBe(150);
    expect(result.errors).toBe(50);
    expect(result.p99Ms).toBeGreaterThan(0);
    expect(seen).toHaveLength(300);
    expect(seen.slice(0, 4)).toEqual(['GET /read ', 'POST /write {"a":1}', 'GET /stream ', 'GET /fail ']);
    // Kept alive: a few connections served them all.
    expect(ports.size).toBeLessThan(20);
  });

  test('a server closing each connection after its answer costs nothing but new connections', async () => {
    closeEvery = true;
    ports.clear();
    try {
      const result = await runFixedRate(plan([{ method: 'GET', path: '/read', headers: {} }]));
      expect({ sent: result.sent, ok: result.ok, errors: result.errors }).toEqual({
        sent: 300,
        ok: 200,
        errors: 0,
      });
    } finally {
      closeEvery = false;
    }
  });

  test('a stall: requests due meanwhile wait for a connection, none is refused, and the wait counts', async () => {
    stallMs = 300;
    const result = await runFixedRate({
      ...plan([{ method: 'GET', path: '/stall', headers: {} }]),
      warmupSeconds: 0,
      maxInFlight: 2,
    });
    expect({ sent: result.sent, ok: result.ok, errors: result.errors }).toEqual({
      sent: 200,
      ok: 200,
      errors: 0,
    });
    expect(result.maxMs).toBeGreaterThan(290);
    expect(result.p50Ms).toBeLessThan(290);
  });

  test('a server that stops answering: a second of the schedule waits, the rest is refused, and the run ends', async () => {
    stallMs = null;
    try {
      const result = await runFixedRate({
        ...plan([{ method: 'GET', path: '/stall', headers: {} }]),
        seconds: 2,
        warmupSeconds: 0,
        maxInFlight: 4,
        drainMs: 200,
      });
      expect(result.ok).toBe(0);
      expect(result.broken).toBe(4 + 200);
      expect(result.refused).toBe(400 - 204);
      expect(result.errors).toBe(400);
    } finally {
      stallMs = 0;
    }
  });

  test('a server that is not there: every measured request is an error, and the run still ends', async () => {
    const gone = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') });
    const baseUrl = gone.url.origin;
    gone.stop(true);
    const result = await runFixedRate({ ...plan([{ method: 'GET', path: '/', headers: {} }]), baseUrl });
    expect(result.ok).toBe(0);
    expect(result.errors).toBe(200);
  });
});
