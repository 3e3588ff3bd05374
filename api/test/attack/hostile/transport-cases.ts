/**
 * Malformed transport: broken and odd JSON, BOMs, duplicate keys, 10,000-level nesting, wrong,
 * missing and tricky content types and charsets, a body on GET, bodies over the 1 MB JSON and
 * 10 MB upload limits (refused while reading, before the sender is done), chunked bodies without
 * a length, lying and doubled lengths, multipart where JSON is expected and the reverse, odd
 * methods, paths and headers. Every case: an answer below 500 (or a closed connection for what
 * is not HTTP), no leak, nothing written by a refusal, and the API still healthy afterwards.
 */
import { API_PATHS, ATTACHMENT_UPLOAD_FIELD, LIMITS } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { preview } from './json.ts';
import { findLeaks } from './leaks.ts';
import type { Caller } from './openapi.ts';
import { chunk, chunks, head, rawExchange } from './raw-http.ts';
import { changedTables, REFUSAL_WRITES, snapshotTables } from './snapshot.ts';

export type TransportContext = {
  baseUrl: string;
  port: number;
  sql: Sql;
  cookieFor: (caller: Caller) => string | null;
  ticketId: () => string;
  nextIp: () => string;
};

export type TransportAnswer = {
  status: number | null;
  headers: Headers;
  text: string;
  bytesSent?: number;
  isCutShort?: boolean;
};

export type TransportCase = {
  name: string;
  run: (context: TransportContext) => Promise<TransportAnswer>;
  /** The statuses that are right for it (anything below 500 when absent). */
  expected?: readonly (number | null)[];
  /** A 2xx may write (a valid request sent in an unusual but legal way). */
  mayWrite?: boolean;
  /** Tables its refusal writes by design (a failed sign-in is counted: snapshot.ts's REFUSAL_WRITES). */
  refusalWrites?: readonly string[];
  /** Further checks on the answer. */
  check?: (answer: TransportAnswer) => string[];
  /**
   * An answer slower than this is a finding (cheap input costing the server seconds). Generous,
   * since the machine is shared: the cases it guards took 3-4 s before the fix, and ~10 ms after.
   */
  maxMs?: number;
};

const CHEAP_MS = 1500;

const TICKETS = API_PATHS.tickets;
const LOGIN = API_PATHS.authLogin;
const VALID_TICKET = '{"title":"Transport case","description":"Sent in an unusual way."}';

/** A POST through fetch with the raw body bytes and content type given. */
async function post(
  context: TransportContext,
  path: string,
  body: BodyInit,
  options: { contentType?: string | null; caller?: Caller; headers?: Record<string, string> } = {},
): Promise<TransportAnswer> {
  const cookie = context.cookieFor(options.caller ?? 'end_user');
  const headers: Record<string, string> = { 'x-forwarded-for': context.nextIp(), ...options.headers };
  if (cookie) headers.cookie = cookie;
  if (options.contentType) headers['content-type'] = options.contentType;
  const response = await fetch(`${context.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Raw bytes over a socket, signed in as the caller unless told otherwise. */
function raw(
  context: TransportContext,
  requestLine: string,
  headers: [string, string][],
  body: Iterable<string | Uint8Array> = [],
  options: Parameters<typeof rawExchange>[2] & { caller?: Caller | null } = {},
): Promise<TransportAnswer> {
  const cookie = options.caller === null ? null : context.cookieFor(options.caller ?? 'end_user');
  const all: [string, string][] = [
    ['Host', `127.0.0.1:${context.port}`],
    ['X-Forwarded-For', context.nextIp()],
    ...(cookie ? [['Cookie', cookie] as [string, string]] : []),
    ...headers,
  ];
  return rawExchange(context.port, [head(requestLine, all), ...body], options);
}

/** A valid ticket's JSON, with its length, under the given Content-Type headers (one each). */
const rawValidTicket = (context: TransportContext, requestLine: string, contentTypes: string[]) =>
  raw(
    context,
    requestLine,
    [
      ...contentTypes.map((type): [string, string] => ['Content-Type', type]),
      ['Content-Length', String(Buffer.byteLength(VALID_TICKET))],
      ['Connection', 'close'],
    ],
    [VALID_TICKET],
  );

/** A chunked body on a connection the server closes after answering. */
const CHUNKED_THEN_CLOSE: [string, string][] = [
  ['Transfer-Encoding', 'chunked'],
  ['Connection', 'close'],
];

/** Raw JSON to the sign-in route, anonymous: the route every caller can reach, so any answer comes from parsing. */
const rawLogin = (
  context: TransportContext,
  headers: [string, string][],
  body: Iterable<string | Uint8Array>,
  options: Parameters<typeof rawExchange>[2] = {},
) =>
  raw(context, `POST ${LOGIN} HTTP/1.1`, [['Content-Type', 'application/json'], ...headers], body, {
    ...options,
    caller: null,
  });

/** `{}` to the sign-in route under Content-Length headers that do not describe it: refused or dropped. */
const badContentLength = (name: string, lengths: string[]): TransportCase => ({
  name,
  run: (context) =>
    rawLogin(
      context,
      [...lengths.map((length): [string, string] => ['Content-Length', length]), ['Connection', 'close']],
      ['{}'],
      { timeoutMs: 3000 },
    ),
  expected: [400, null],
});

/** Less body than the framing promised, then the client closes its side: refused or dropped, never waited on. */
const hangsUpEarly = (name: string, framing: [string, string], body: string): TransportCase => ({
  name,
  run: (context) => rawLogin(context, [framing], [body], { endAfterWriting: true, timeoutMs: 3000 }),
  expected: [400, null],
});

/** A ticket whose JSON carries bytes that are not valid UTF-8 between `before` and `after`: 400. */
const badUtf8InJson = (name: string, before: string, bytes: number[], after: string): TransportCase => ({
  name,
  run: (context) =>
    post(context, TICKETS, Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]), {
      contentType: 'application/json',
    }),
  expected: [400],
});

const brokenJson = (name: string, body: string): TransportCase => ({
  name: `broken JSON: ${name}`,
  run: (context) => post(context, TICKETS, body, { contentType: 'application/json' }),
  expected: [400],
});

const wrongType = (contentType: string | null, body: BodyInit = VALID_TICKET): TransportCase => ({
  name: `content type ${contentType === null ? '(none)' : preview(contentType, 60)} on a JSON route`,
  run: (context) => post(context, TICKETS, body, { contentType }),
  expected: [415],
});

const nested = (open: string, inner: string, close: string, depth: number) =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

const multipartTicket = () => {
  const form = new FormData();
  form.append('title', 'Multipart ticket');
  form.append('description', 'Sent as a form');
  return form;
};

const uploadForm = (bytes: number, name = 'big.txt') => {
  const form = new FormData();
  form.append(ATTACHMENT_UPLOAD_FIELD, new File([Buffer.alloc(bytes, 'a')], name, { type: 'text/plain' }));
  return form;
};

const uploadPath = (context: TransportContext) => `${TICKETS}/${context.ticketId()}/attachments`;

const MB = 1024 * 1024;

export const TRANSPORT_CASES: readonly TransportCase[] = [
  brokenJson('unterminated object', '{"title":'),
  brokenJson('unquoted keys', '{title:"a",description:"b"}'),
  brokenJson('single quotes', "{'title':'a'}"),
  brokenJson('trailing comma', '{"title":"a","description":"b",}'),
  brokenJson('unterminated array', '[1,2'),
  brokenJson('bare word', 'nul'),
  brokenJson('NaN', '{"title":NaN}'),
  brokenJson('Infinity', '{"title":Infinity}'),
  brokenJson('undefined', '{"title":undefined}'),
  brokenJson('garbage after the value', '{"title":"a"}garbage'),
  brokenJson('two documents', '{"title":"a"}{"title":"b"}'),
  brokenJson('a comment', '/* c */{"title":"a"}'),
  brokenJson('a lone quote', '"'),
  brokenJson('a bad escape', '{"title":"\\x41"}'),
  brokenJson('a short unicode escape', '{"title":"\\u12"}'),
  brokenJson('a leading zero', '{"title":01}'),
  brokenJson('a bare exponent', '{"title":1e}'),
  brokenJson('a missing colon', '{"title" "a"}'),
  brokenJson('a raw control character in a string', '{"title":"a\u0001b"}'),
  brokenJson('only whitespace and a comma', ' , '),
  {
    name: 'JSON behind a UTF-8 byte order mark',
    run: (context) => post(context, TICKETS, `\uFEFF${VALID_TICKET}`, { contentType: 'application/json' }),
    expected: [400, 201],
    mayWrite: true,
  },
  {
    name: 'UTF-16 JSON with its byte order mark, labelled utf-16',
    run: (context) =>
      post(
        context,
        TICKETS,
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VALID_TICKET, 'utf16le')]),
        {
          contentType: 'application/json; charset=utf-16',
        },
      ),
    expected: [400, 415],
  },
  badUtf8InJson(
    'invalid UTF-8 inside a JSON string',
    '{"title":"',
    [0xc3, 0x28, 0xff],
    '","description":"d"}',
  ),
  badUtf8InJson(
    'an overlong UTF-8 slash (C0 AF) inside JSON',
    '{"title":"..',
    [0xc0, 0xaf],
    'etc","description":"d"}',
  ),
  badUtf8InJson(
    'a UTF-8-encoded surrogate (ED A0 80) inside JSON',
    '{"title":"',
    [0xed, 0xa0, 0x80],
    '","description":"d"}',
  ),
  {
    name: 'latin-1 bytes labelled charset=iso-8859-1',
    run: (context) =>
      post(context, TICKETS, Buffer.from('{"title":"caf\u00e9","description":"d"}', 'latin1'), {
        contentType: 'application/json; charset=iso-8859-1',
      }),
    expected: [400, 415],
  },
  {
    name: 'an escaped NUL in a field',
    run: (context) =>
      post(context, TICKETS, '{"title":"a\\u0000b","description":"d"}', { contentType: 'application/json' }),
    expected: [400],
  },
  {
    name: 'an escaped lone surrogate in a field',
    run: (context) =>
      post(context, TICKETS, '{"title":"a\\ud800b","description":"d"}', { contentType: 'application/json' }),
    expected: [400, 201],
    mayWrite: true,
  },
  {
    name: 'duplicate keys (the last one wins, as JSON.parse reads it)',
    run: (context) =>
      post(context, TICKETS, '{"title":"first","title":"second","description":"d","description":"e"}', {
        contentType: 'application/json',
      }),
    expected: [201],
    mayWrite: true,
  },
  {
    name: 'a duplicate key that turns a valid value invalid',
    run: (context) =>
      post(context, TICKETS, '{"title":"ok","description":"d","priority":"low","priority":"urgent"}', {
        contentType: 'application/json',
      }),
    expected: [400],
  },
  {
    name: 'duplicate __proto__ keys',
    run: (context) =>
      post(
        context,
        TICKETS,
        '{"__proto__":{"role":"admin"},"__proto__":{"x":1},"title":"a","description":"b"}',
        {
          contentType: 'application/json',
        },
      ),
    expected: [400],
  },
  {
    name: 'constructor.prototype pollution on sign-in',
    run: (context) =>
      post(
        context,
        LOGIN,
        '{"username":"nobody","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
        { contentType: 'application/json', caller: 'anonymous' },
      ),
    expected: [400],
    check: () => ('isAdmin' in Object.prototype ? ['Object.prototype was polluted'] : []),
  },
  {
    name: 'arrays 10,000 levels deep',
    run: (context) =>
      post(context, TICKETS, nested('[', '1', ']', 10_000), { contentType: 'application/json' }),
    expected: [400],
    maxMs: CHEAP_MS,
  },
  {
    name: 'objects 10,000 levels deep inside a field',
    run: (context) =>
      post(context, TICKETS, `{"title":${nested('{"a":', '1', '}', 10_000)},"description":"d"}`, {
        contentType: 'application/json',
      }),
    expected: [400],
    maxMs: CHEAP_MS,
  },
  {
    name: 'an unknown key holding 10,000 levels of __proto__',
    run: (context) =>
      post(
        context,
        TICKETS,
        `{"title":"a","description":"b","x":${nested('{"__proto__":', 'null', '}', 10_000)}}`,
        {
          contentType: 'application/json',
        },
      ),
    expected: [400],
    maxMs: CHEAP_MS,
  },
  {
    name: 'arrays 18,000 levels deep on sign-in, anonymous (36 KB that once cost 4 s and 1.5 GB)',
    run: (context) =>
      post(context, LOGIN, nested('[', '1', ']', 18_000), {
        contentType: 'application/json',
        caller: 'anonymous',
      }),
    expected: [400],
    maxMs: CHEAP_MS,
  },
  {
    name: 'nesting 33 levels deep is refused, 32 is not',
    run: async (context) => {
      const at = (depth: number) =>
        post(context, LOGIN, `{"username":"a","password":"b","x":${nested('[', '1', ']', depth - 1)}}`, {
          contentType: 'application/json',
          caller: 'anonymous',
        });
      const [limit, over] = [await at(32), await at(33)];
      return { ...over, text: `${over.text} / at 32: ${limit.text}` };
    },
    expected: [400],
    check: (answer) => {
      const [over = '', limit = ''] = answer.text.split(' / at 32: ');
      return /nest deeper/.test(over) && !/nest deeper/.test(limit)
        ? []
        : [`the cap is not at 32 levels: ${preview(answer.text)}`];
    },
  },
  {
    name: 'a query string with 4,000 levels of brackets',
    run: (context) =>
      raw(context, `GET ${TICKETS}?a${'[b]'.repeat(4000)}=1&limit${'[x]'.repeat(1000)}=1 HTTP/1.1`, [
        ['Connection', 'close'],
      ]),
    expected: [200, 400],
    maxMs: CHEAP_MS,
  },
  {
    name: 'arrays nested as deep as 1 MB allows (400,000 levels)',
    run: (context) =>
      post(context, TICKETS, nested('[', '', ']', 400_000), { contentType: 'application/json' }),
    expected: [400],
  },
  wrongType('text/plain'),
  wrongType('text/plain;charset=UTF-8'),
  wrongType('application/x-www-form-urlencoded', 'title=a&description=b'),
  wrongType('application/xml', '<ticket><title>a</title></ticket>'),
  wrongType('application/jsonx'),
  wrongType('application/json-patch+json'),
  wrongType('text/json'),
  wrongType('application/javascript'),
  wrongType(''),
  wrongType(null, Buffer.from(VALID_TICKET)),
  {
    name: 'content type application/json in capitals',
    run: (context) => post(context, TICKETS, VALID_TICKET, { contentType: 'APPLICATION/JSON' }),
    expected: [201, 415],
    mayWrite: true,
  },
  {
    name: 'content type application/json with a charset',
    run: (context) =>
      post(context, TICKETS, VALID_TICKET, { contentType: 'application/json; charset=utf-8' }),
    expected: [201],
    mayWrite: true,
  },
  {
    name: 'content type application/json with junk parameters',
    run: (context) =>
      post(context, TICKETS, VALID_TICKET, { contentType: 'application/json;;; x="y\\"z"; ; =' }),
    expected: [201, 400, 415],
    mayWrite: true,
  },
  {
    name: 'content type listing two types',
    run: (context) => post(context, TICKETS, VALID_TICKET, { contentType: 'application/json, text/plain' }),
    expected: [400, 415],
  },
  {
    name: 'an 8 KB content type',
    run: (context) =>
      post(context, TICKETS, VALID_TICKET, { contentType: `application/json; x=${'a'.repeat(8192)}` }),
    expected: [201, 400, 415, 431],
    mayWrite: true,
  },
  {
    name: 'two different Content-Type headers',
    run: (context) => rawValidTicket(context, `POST ${TICKETS} HTTP/1.1`, ['text/plain', 'application/json']),
    expected: [400, 415],
  },
  {
    name: 'multipart where JSON is expected',
    run: (context) => post(context, TICKETS, multipartTicket()),
    expected: [415],
  },
  {
    name: 'urlencoded form where JSON is expected, on sign-in',
    run: (context) =>
      post(context, LOGIN, new URLSearchParams({ username: 'admin', password: 'x' }), {
        caller: 'anonymous',
      }),
    expected: [415],
  },
  {
    name: 'JSON where the upload expects multipart',
    run: (context) =>
      post(context, uploadPath(context), '{"file":"aGVsbG8="}', { contentType: 'application/json' }),
    expected: [415],
  },
  {
    name: 'multipart without a boundary on the upload',
    run: (context) =>
      post(
        context,
        uploadPath(context),
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nhi\r\n--x--\r\n',
        {
          contentType: 'multipart/form-data',
        },
      ),
    expected: [400, 415],
  },
  {
    name: 'multipart whose boundary never appears',
    run: (context) =>
      post(context, uploadPath(context), 'just some bytes, no parts', {
        contentType: 'multipart/form-data; boundary=abc123',
      }),
    expected: [400],
  },
  {
    name: 'multipart with a truncated part',
    run: (context) =>
      post(
        context,
        uploadPath(context),
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhal',
        { contentType: 'multipart/form-data; boundary=b' },
      ),
    expected: [400],
  },
  {
    name: 'an upload part with an empty file name (filename="")',
    run: (context) =>
      post(
        context,
        uploadPath(context),
        '--b\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n',
        { contentType: 'multipart/form-data; boundary=b' },
      ),
    expected: [201],
    mayWrite: true,
    check: (answer) =>
      answer.text.includes('"fileName":"file"') ? [] : ['the empty name did not become "file"'],
  },
  {
    name: 'a JSON body of exactly 1 MB is read (and refused for its content, not its size)',
    run: (context) => {
      const filler = LIMITS.maxJsonBodyBytes - '{"title":"","description":"d"}'.length;
      return post(context, TICKETS, `{"title":"${'t'.repeat(filler)}","description":"d"}`, {
        contentType: 'application/json',
      });
    },
    expected: [400],
  },
  {
    name: 'a JSON body of 1 MB + 1 byte is 413',
    run: (context) => {
      const filler = LIMITS.maxJsonBodyBytes + 1 - '{"title":"","description":"d"}'.length;
      return post(context, TICKETS, `{"title":"${'t'.repeat(filler)}","description":"d"}`, {
        contentType: 'application/json',
      });
    },
    expected: [413],
  },
  {
    name: 'a declared 5 MB JSON body is refused before a byte of it is sent',
    run: (context) =>
      raw(
        context,
        `POST ${TICKETS} HTTP/1.1`,
        [
          ['Content-Type', 'application/json'],
          ['Content-Length', String(5 * MB)],
        ],
        [],
        { timeoutMs: 5000 },
      ),
    expected: [413],
    check: (answer) =>
      answer.bytesSent !== undefined && answer.bytesSent > 2048 ? ['body bytes were sent'] : [],
  },
  {
    name: 'a chunked JSON body without a length is refused while reading, long before 30 MB',
    run: (context) =>
      raw(
        context,
        `POST ${TICKETS} HTTP/1.1`,
        [
          ['Content-Type', 'application/json'],
          ['Transfer-Encoding', 'chunked'],
        ],
        [chunk('{"title":"'), ...chunks(480, 64 * 1024)],
        { stopWhenAnswered: true, timeoutMs: 15_000 },
      ),
    expected: [413],
    check: (answer) => (answer.isCutShort ? [] : ['the whole 30 MB was sent before any answer']),
  },
  {
    name: 'an anonymous chunked JSON body is refused the same way',
    run: (context) =>
      rawLogin(
        context,
        [['Transfer-Encoding', 'chunked']],
        [chunk('{"username":"'), ...chunks(480, 64 * 1024)],
        { stopWhenAnswered: true, timeoutMs: 15_000 },
      ),
    expected: [413],
    check: (answer) => (answer.isCutShort ? [] : ['the whole 30 MB was sent before any answer']),
  },
  {
    name: 'an upload of exactly 10 MB is accepted',
    run: (context) => post(context, uploadPath(context), uploadForm(LIMITS.maxAttachmentBytes)),
    expected: [201],
    mayWrite: true,
  },
  {
    name: 'an upload of 10 MB + 1 byte is 413',
    run: (context) => post(context, uploadPath(context), uploadForm(LIMITS.maxAttachmentBytes + 1)),
    expected: [413],
  },
  {
    name: 'a declared 50 MB upload is refused before a byte of it is sent',
    run: (context) =>
      raw(
        context,
        `POST ${uploadPath(context)} HTTP/1.1`,
        [
          ['Content-Type', 'multipart/form-data; boundary=b'],
          ['Content-Length', String(50 * MB)],
        ],
        [],
        { timeoutMs: 5000 },
      ),
    expected: [413],
  },
  {
    name: 'a chunked upload without a length is refused while reading, long before 30 MB',
    run: (context) =>
      raw(
        context,
        `POST ${uploadPath(context)} HTTP/1.1`,
        [
          ['Content-Type', 'multipart/form-data; boundary=b'],
          ['Transfer-Encoding', 'chunked'],
        ],
        [
          chunk(
            '--b\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n',
          ),
          ...chunks(480, 64 * 1024),
        ],
        { stopWhenAnswered: true, timeoutMs: 15_000 },
      ),
    expected: [413],
    check: (answer) => (answer.isCutShort ? [] : ['the whole 30 MB was sent before any answer']),
  },
  {
    name: 'a small chunked JSON body without a length is read normally',
    run: (context) =>
      rawLogin(context, CHUNKED_THEN_CLOSE, [
        chunk('{"username":"nobody-here",'),
        chunk('"password":"wrong-password"}'),
        '0\r\n\r\n',
      ]),
    expected: [401],
    refusalWrites: REFUSAL_WRITES[`POST ${API_PATHS.authLogin}`],
  },
  {
    name: 'chunk extensions and a trailer',
    run: (context) =>
      rawLogin(context, CHUNKED_THEN_CLOSE, ['2;ext="x"\r\n{}\r\n', '0\r\nX-Trailer: 1\r\n\r\n']),
    expected: [400],
  },
  {
    name: 'a chunk size that is not hex',
    run: (context) => rawLogin(context, CHUNKED_THEN_CLOSE, ['zz\r\n{}\r\n0\r\n\r\n']),
    expected: [400, null],
  },
  hangsUpEarly('a chunked body cut off mid-chunk', ['Transfer-Encoding', 'chunked'], 'ff\r\n{"username":"a"'),
  {
    name: 'Content-Length and Transfer-Encoding together (request smuggling)',
    run: (context) =>
      rawLogin(
        context,
        [
          ['Content-Length', '4'],
          ['Transfer-Encoding', 'chunked'],
          ['Connection', 'close'],
        ],
        ['2\r\n{}\r\n0\r\n\r\nGET /api/auth/me HTTP/1.1\r\nHost: x\r\n\r\n'],
      ),
    expected: [400, null],
  },
  badContentLength('two different Content-Length headers', ['2', '40']),
  badContentLength('a negative Content-Length', ['-1']),
  badContentLength('a Content-Length that is not a number', ['1e3']),
  hangsUpEarly(
    'a Content-Length longer than the body, then the client hangs up',
    ['Content-Length', '500'],
    '{"username":"a","password":"b"}',
  ),
  {
    name: 'a Content-Length shorter than the body (the rest read as a second request)',
    run: (context) =>
      rawLogin(
        context,
        [['Content-Length', '2']],
        ['{}DELETE /api/teams/00000000-0000-0000-0000-000000000000 HTTP/1.1\r\nHost: x\r\n\r\n'],
      ),
    expected: [400],
  },
  {
    name: 'a JSON body on GET (ignored: GET never changes anything)',
    run: (context) => rawValidTicket(context, `GET ${TICKETS}?limit=1 HTTP/1.1`, ['application/json']),
    expected: [200, 400],
  },
  {
    name: 'a 2 MB chunked body on GET',
    run: (context) =>
      raw(
        context,
        `GET ${API_PATHS.authMe} HTTP/1.1`,
        [
          ['Content-Type', 'application/json'],
          ['Transfer-Encoding', 'chunked'],
          ['Connection', 'close'],
        ],
        [...chunks(32, 64 * 1024), '0\r\n\r\n'],
        { stopWhenAnswered: true, timeoutMs: 10_000 },
      ),
    expected: [200, 400, 413],
  },
  {
    name: 'a 64 KB header',
    run: (context) =>
      raw(context, `GET ${API_PATHS.health} HTTP/1.1`, [
        ['X-Big', 'h'.repeat(64 * 1024)],
        ['Connection', 'close'],
      ]),
    expected: [431, 400, null],
  },
  {
    name: 'a hostile session cookie',
    run: (context) =>
      raw(
        context,
        `GET ${API_PATHS.authMe} HTTP/1.1`,
        [
          ['Cookie', "helpdesk_session=' OR '1'='1; __Host-helpdesk_session=%00; a=b=c; ;;; =x"],
          ['Connection', 'close'],
        ],
        [],
        { caller: null },
      ),
    expected: [401],
  },
  {
    name: 'a thousand cookies',
    run: (context) =>
      raw(
        context,
        `GET ${API_PATHS.authMe} HTTP/1.1`,
        [
          ['Cookie', Array.from({ length: 1000 }, (_, index) => `c${index}=${index}`).join('; ')],
          ['Connection', 'close'],
        ],
        [],
        { caller: null },
      ),
    expected: [401],
  },
  {
    name: 'a hostile X-Forwarded-For chain',
    run: (context) =>
      rawExchange(context.port, [
        head(`POST ${LOGIN} HTTP/1.1`, [
          ['Host', `127.0.0.1:${context.port}`],
          ['X-Forwarded-For', `<script>, ' OR 1=1, ::ffff:999.1.1.1, unknown, ${'1.2.3.4, '.repeat(500)}`],
          ['Content-Type', 'application/json'],
          ['Content-Length', '37'],
          ['Connection', 'close'],
        ]),
        '{"username":"nobody","password":"no"}',
      ]),
    expected: [401, 400],
    refusalWrites: REFUSAL_WRITES[`POST ${API_PATHS.authLogin}`],
  },
  {
    name: 'a hostile Host header',
    run: (context) =>
      rawExchange(context.port, [
        head(`GET ${API_PATHS.health} HTTP/1.1`, [
          ['Host', 'evil.example\'"<>'],
          ['Connection', 'close'],
        ]),
      ]),
    expected: [200, 400, null],
  },
  {
    name: 'HTTP/1.0 without a Host header',
    run: (context) => rawExchange(context.port, [`GET ${API_PATHS.health} HTTP/1.0\r\n\r\n`]),
    expected: [200, 400, null],
  },
  {
    name: 'an absolute-form request target on another host',
    run: (context) =>
      rawExchange(context.port, [
        head(`GET http://evil.example${API_PATHS.health} HTTP/1.1`, [
          ['Host', `127.0.0.1:${context.port}`],
          ['Connection', 'close'],
        ]),
      ]),
    expected: [200, 400, 404, null],
  },
  {
    name: 'an X-HTTP-Method-Override header is not obeyed',
    run: (context) =>
      post(context, `${API_PATHS.teams}/00000000-0000-0000-0000-000000000000`, '{}', {
        contentType: 'application/json',
        caller: 'admin',
        headers: { 'x-http-method-override': 'DELETE', 'x-method-override': 'DELETE' },
      }),
    expected: [404],
  },
  ...['TRACE', 'PROPFIND', 'FOO', 'CONNECT'].map(
    (method): TransportCase => ({
      name: `method ${method}`,
      run: (context) =>
        raw(context, `${method} ${method === 'CONNECT' ? `127.0.0.1:${context.port}` : TICKETS} HTTP/1.1`, [
          ['Connection', 'close'],
        ]),
      expected: [400, 404, 405, 501, null],
    }),
  ),
  {
    name: 'OPTIONS *',
    run: (context) => raw(context, 'OPTIONS * HTTP/1.1', [['Connection', 'close']]),
    expected: [400, 404, null],
  },
  ...[
    '//api//tickets',
    '/api/tickets/%',
    '/api/tickets/%zz',
    '/api/%2e%2e/%2e%2e/etc/passwd',
    '/api/tickets/..%2f..%2f..%2fetc%2fpasswd',
    '/api/tickets/%00',
    '/api/tickets/%C0%AF',
    '/API/TICKETS',
    '/api/tickets/',
    '/api/tickets;jsessionid=1',
    '/api/tickets?%',
    '/api/tickets?limit=%zz&status[]=1&__proto__[x]=1',
    `/api/tickets/${'a'.repeat(60 * 1024)}`,
    `/api/tickets?cursor=${'c'.repeat(60 * 1024)}`,
  ].map(
    (path): TransportCase => ({
      name: `path ${preview(path, 60)}`,
      run: (context) => raw(context, `GET ${path} HTTP/1.1`, [['Connection', 'close']]),
      expected: [200, 400, 404, 414, 431, null],
    }),
  ),
  {
    name: 'a TLS handshake sent to the plain-HTTP port',
    run: (context) =>
      rawExchange(
        context.port,
        [Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03])],
        {
          timeoutMs: 2000,
        },
      ),
    expected: [400, null],
  },
  {
    name: 'an HTTP/2 connection preface',
    run: (context) => rawExchange(context.port, ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'], { timeoutMs: 2000 }),
    expected: [400, 505, null],
  },
];

/** Runs one case and checks it: status, leaks, writes, and the API's health afterwards. */
export async function runTransportCase(
  context: TransportContext,
  transportCase: TransportCase,
): Promise<{ answer: TransportAnswer | null; problems: string[]; leaks: boolean; refusedWrite: boolean }> {
  const before = await snapshotTables(context.sql);
  const problems: string[] = [];
  let answer: TransportAnswer | null = null;
  const started = performance.now();
  try {
    answer = await transportCase.run(context);
  } catch (error) {
    // fetch rejects when the server closes the connection: that is an answer too, of a kind.
    problems.push(`the request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const elapsedMs = performance.now() - started;
  const after = await snapshotTables(context.sql);
  const status = answer?.status ?? null;
  if (transportCase.maxMs !== undefined && elapsedMs > transportCase.maxMs)
    problems.push(
      `took ${Math.round(elapsedMs)} ms (at most ${transportCase.maxMs} ms for input this cheap)`,
    );
  if (status !== null && status >= 500) problems.push(`answered ${status}: ${preview(answer?.text ?? '')}`);
  const expected = transportCase.expected;
  if (answer && expected && !expected.includes(status))
    problems.push(
      `answered ${status ?? 'nothing'}, expected ${expected.map(String).join(' or ')}: ${preview(answer.text)}`,
    );
  const leaks =
    answer && status !== null ? findLeaks({ status, headers: answer.headers, text: answer.text }) : [];
  for (const leak of leaks) problems.push(`leak (${leak.marker}) in ${leak.where}: ${preview(leak.excerpt)}`);
  if (answer) problems.push(...(transportCase.check?.(answer) ?? []));
  const changed = changedTables(before, after).filter(
    (table) => !(transportCase.refusalWrites ?? []).includes(table),
  );
  const isWriteAllowed = transportCase.mayWrite === true && status !== null && status < 300;
  const refusedWrite = changed.length > 0 && !isWriteAllowed;
  if (refusedWrite) problems.push(`answered ${status ?? 'nothing'} yet changed ${changed.join(', ')}`);
  const health = await fetch(`${context.baseUrl}${API_PATHS.health}`);
  if (health.status !== 200)
    problems.push(`the API is unwell afterwards: /api/health answered ${health.status}`);
  return { answer, problems, leaks: leaks.length > 0, refusedWrite };
}
