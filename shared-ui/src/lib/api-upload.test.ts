import { afterAll, describe, expect, test } from 'bun:test';
import { ERROR_CODES } from '@helpdesk/contracts/constants';
import { ApiRequestError, serverMessage } from './api-client.ts';
import { apiUpload } from './api-upload.ts';

type TEcho = { contentType: string | null; field: string; name: string; size: number; text: string };

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === '/too-large') {
      return Response.json(
        { code: ERROR_CODES.payloadTooLarge, message: 'File is larger than 10MB' },
        { status: 413 },
      );
    }
    if (url.pathname === '/empty') return new Response(null, { status: 204 });
    const form = await req.formData();
    const field = [...form.keys()][0] ?? '';
    const value = form.get(field);
    if (value === null || typeof value === 'string') return new Response('no file', { status: 400 });
    const echo: TEcho = {
      contentType: req.headers.get('content-type'),
      field,
      name: value.name,
      size: value.size,
      text: await value.text(),
    };
    return Response.json({ ...echo, marker: req.headers.get('x-marker') }, { status: 201 });
  },
});
const base = `http://127.0.0.1:${server.port}`;
afterAll(() => server.stop(true));

const file = (content: string, name: string) => new File([content], name, { type: 'text/plain' });

describe('apiUpload', () => {
  test('posts the file as multipart under the field `file` with its name', async () => {
    const echo = await apiUpload<TEcho>(`${base}/upload`, file('hello there', 'notes.txt'));
    expect(echo.contentType).toStartWith('multipart/form-data; boundary=');
    expect(echo).toMatchObject({ field: 'file', name: 'notes.txt', size: 11, text: 'hello there' });
  });

  test('takes another field name and extra headers', async () => {
    const echo = await apiUpload<TEcho & { marker: string }>(`${base}/upload`, file('x', 'a.txt'), {
      fieldName: 'attachment',
      headers: { 'X-Marker': 'yes' },
    });
    expect(echo).toMatchObject({ field: 'attachment', marker: 'yes' });
  });

  test('a refusal throws ApiRequestError carrying the server message', async () => {
    let caught: unknown = null;
    try {
      await apiUpload(`${base}/too-large`, file('x', 'big.bin'));
    } catch (error) {
      caught = error;
    }
    if (!(caught instanceof ApiRequestError)) throw new Error('expected an ApiRequestError');
    expect(caught.status).toBe(413);
    expect(serverMessage(caught)).toBe('File is larger than 10MB');
  });

  test('an empty answer reads as null', async () => {
    expect(await apiUpload<null>(`${base}/empty`, file('x', 'a.txt'))).toBeNull();
  });
});
