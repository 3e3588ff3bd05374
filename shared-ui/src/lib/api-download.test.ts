import { afterAll, describe, expect, test } from 'bun:test';
import { ERROR_CODES } from '@helpdesk/contracts/constants';
import { ApiRequestError, serverMessage } from './api-client.ts';
import { apiDownload, fileNameFromContentDisposition } from './api-download.ts';

const csv = 'Title\nA,B\n1,2\n';
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === '/export') {
      return new Response(csv, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="report.csv"',
        },
      });
    }
    if (url.pathname === '/plain') return new Response('x');
    if (url.pathname === '/refused') {
      return Response.json({ code: ERROR_CODES.forbidden, message: 'Nope' }, { status: 403 });
    }
    return new Response('', { status: 500 });
  },
});
const base = `http://127.0.0.1:${server.port}`;
afterAll(() => server.stop(true));

describe('apiDownload', () => {
  test('answers the body as a blob and the file name of the header', async () => {
    const download = await apiDownload(`${base}/export`);
    expect(download.fileName).toBe('report.csv');
    expect(await download.blob.text()).toBe(csv);
  });

  test('no Content-Disposition gives no file name', async () => {
    expect((await apiDownload(`${base}/plain`)).fileName).toBeNull();
  });

  test('a refusal rejects with the server message, like apiRequest', async () => {
    const error = await apiDownload(`${base}/refused`).catch((e: unknown) => e);
    if (!(error instanceof ApiRequestError)) throw new Error('expected an ApiRequestError');
    expect(error.status).toBe(403);
    expect(serverMessage(error)).toBe('Nope');
  });

  test('an empty error body falls back to the status text', async () => {
    const error = await apiDownload(`${base}/broken`).catch((e: unknown) => e);
    if (!(error instanceof ApiRequestError)) throw new Error('expected an ApiRequestError');
    expect(error.message).toBe('500: Internal Server Error');
  });
});

describe('fileNameFromContentDisposition', () => {
  test('quoted, bare and RFC 5987 names', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameFromContentDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe(
      'résumé.csv',
    );
    expect(
      fileNameFromContentDisposition(`attachment; filename="fallback.csv"; filename*=UTF-8''real.csv`),
    ).toBe('real.csv');
  });

  test('escaped quotes inside a quoted name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  test('paths and control characters never survive', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
    expect(fileNameFromContentDisposition('attachment; filename="a\u0007b.csv"')).toBe('ab.csv');
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });

  test('no header or no name gives null', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('inline; filename=""')).toBeNull();
  });

  test('a malformed encoded name falls back to the plain one', () => {
    expect(
      fileNameFromContentDisposition(`attachment; filename="ok.csv"; filename*=UTF-8''%E0%A4%A.csv`),
    ).toBe('ok.csv');
  });
});
