import { describe, expect, test } from 'bun:test';
import { statusOfRawAnswer, tryNewRequest } from './shutdown-scenario.ts';

describe('statusOfRawAnswer', () => {
  test('reads the status of an HTTP/1.x answer', () => {
    expect(statusOfRawAnswer('HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}')).toBe(201);
    expect(statusOfRawAnswer('HTTP/1.0 503 Service Unavailable\r\n\r\n')).toBe(503);
  });

  test('no answer, or something that is not one, has no status', () => {
    expect(statusOfRawAnswer('')).toBeNull();
    expect(statusOfRawAnswer('garbage HTTP/1.1 200 OK')).toBeNull();
    expect(statusOfRawAnswer('HTTP/2 200')).toBeNull();
  });
});

describe('tryNewRequest', () => {
  test('a listening server answers; a stopped one refuses', async () => {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('ok') });
    const port = server.port ?? 0;
    try {
      expect(await tryNewRequest(port)).toBe('answered 200');
    } finally {
      await server.stop(true);
    }
    expect(await tryNewRequest(port)).toBe('refused');
  });
});
