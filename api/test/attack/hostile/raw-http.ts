/**
 * HTTP/1.1 by hand over a TCP socket, for what fetch will not send: a body on GET, chunked
 * bodies without a length, lying or doubled Content-Length, smuggling shapes, broken framing,
 * and a body streamed slowly enough to see the server refuse it before the last byte is sent.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

export type RawAnswer = {
  /** null when the server closed the connection (or the time ran out) without a status line. */
  status: number | null;
  headers: Headers;
  text: string;
  bytesSent: number;
  /** Whether the writer stopped early because the answer had already come. */
  isCutShort: boolean;
};

type Parsed = { status: number; headers: Headers; text: string } | null;

/** One complete answer at the start of the buffer, or null while it is incomplete. */
function parseAnswer(buffer: Buffer, isClosed: boolean): Parsed {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const rest = buffer.subarray(headEnd + 4);
  const length = headers.get('content-length');
  if (length !== null) {
    if (rest.length < Number(length)) return isClosed ? { status, headers, text: rest.toString() } : null;
    return { status, headers, text: rest.subarray(0, Number(length)).toString() };
  }
  if (headers.get('transfer-encoding')?.includes('chunked')) {
    const chunks: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', offset);
      if (lineEnd < 0) return isClosed ? { status, headers, text: Buffer.concat(chunks).toString() } : null;
      const size = Number.parseInt(rest.subarray(offset, lineEnd).toString(), 16);
      if (size === 0) return { status, headers, text: Buffer.concat(chunks).toString() };
      if (rest.length < lineEnd + 2 + size + 2)
        return isClosed ? { status, headers, text: Buffer.concat(chunks).toString() } : null;
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
  }
  // No framing: a 1xx/204/304 has no body; anything else runs to the close.
  if (status === 204 || status === 304 || (status >= 100 && status < 200) || isClosed)
    return { status, headers, text: rest.toString() };
  return null;
}

/**
 * Writes the parts in order over a new connection (waiting for the socket to drain between
 * them) and reads the first answer. With `stopWhenAnswered`, writing stops as soon as an
 * answer has arrived, so a body refused while it is read is never sent in full.
 */
export async function rawExchange(
  port: number,
  parts: Iterable<string | Uint8Array>,
  options: { stopWhenAnswered?: boolean; timeoutMs?: number; endAfterWriting?: boolean } = {},
): Promise<RawAnswer> {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => {});
  await once(socket, 'connect');
  let buffer = Buffer.alloc(0);
  let isClosed = false;
  let answer: Parsed = null;
  let notify: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    notify = resolve;
  });
  const update = () => {
    answer = parseAnswer(buffer, isClosed);
    if (answer || isClosed) notify();
  };
  socket.on('data', (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    update();
  });
  socket.on('close', () => {
    isClosed = true;
    update();
  });
  let bytesSent = 0;
  let isCutShort = false;
  try {
    for (const part of parts) {
      if (isClosed || (options.stopWhenAnswered && answer)) {
        isCutShort = true;
        break;
      }
      const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
      bytesSent += bytes.byteLength;
      if (!socket.write(bytes)) {
        await Promise.race([once(socket, 'drain'), settled]);
      }
    }
    if (options.endAfterWriting && !isClosed) socket.end();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, options.timeoutMs ?? 5000));
    await Promise.race([settled, timeout]);
    const final: Parsed = answer ?? parseAnswer(buffer, true);
    return {
      status: final?.status ?? null,
      headers: final?.headers ?? new Headers(),
      text: final?.text ?? buffer.toString(),
      bytesSent,
      isCutShort,
    };
  } finally {
    socket.destroy();
  }
}

/** A request head: request line, headers, the blank line. */
export function head(requestLine: string, headers: Record<string, string> | [string, string][]): string {
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  return `${requestLine}\r\n${entries.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`;
}

/** One chunk of a chunked body. */
export const chunk = (data: string | Uint8Array): Uint8Array => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return Buffer.concat([Buffer.from(`${bytes.byteLength.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
};

/** `count` chunks of `size` bytes each, made lazily (a 30 MB body never sits in memory). */
export function* chunks(count: number, size: number, fill = 'a'): Generator<Uint8Array> {
  const piece = chunk(Buffer.alloc(size, fill));
  for (let index = 0; index < count; index += 1) yield piece;
}
