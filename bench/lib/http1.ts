/**
 * Just enough HTTP/1.1 for the open-loop generator (bench/fixed-rate.ts) to speak to a server over
 * raw keep-alive sockets: requests encoded once, and where a response ends. `fetch` does far more per
 * request (a Request and a Response object, header maps, a body stream), and at the rates of the
 * cached reads that cost is the generator's own CPU taken from the server it measures.
 */

export type EncodableRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** The bytes of one request: what `fetch` would send, minus what the server ignores. */
export function encodeRequest(host: string, request: EncodableRequest): Uint8Array {
  const body = request.body === undefined ? null : new TextEncoder().encode(request.body);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(request.headers)) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new Error(`header ${name} holds a line break`);
    const lower = name.toLowerCase();
    if (lower === 'host' || lower === 'content-length' || lower === 'connection') continue;
    lines.push(`${name}: ${value}`);
  }
  if (body !== null) lines.push(`Content-Length: ${body.byteLength}`);
  const head = new TextEncoder().encode(`${lines.join('\r\n')}\r\n\r\n`);
  if (body === null) return head;
  const bytes = new Uint8Array(head.byteLength + body.byteLength);
  bytes.set(head);
  bytes.set(body, head.byteLength);
  return bytes;
}

export type ResponseEnd = {
  status: number;
  /** Bytes of the buffer the response takes, head and body. */
  end: number;
  /** The server closes the connection after it (`Connection: close`). */
  isClosing: boolean;
};

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Where the response at the start of `buffer` ends, or null while it is incomplete. Throws on what
 * no server of ours sends: a malformed head, or a body delimited only by the connection closing.
 */
export function responseEnd(buffer: Buffer): ResponseEnd | null {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd < 0) {
    if (buffer.byteLength > 64 * 1024) throw new Error('response head over 64 KB');
    return null;
  }
  const lines = buffer.toString('latin1', 0, headEnd).split('\r\n');
  const statusLine = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  if (!statusLine?.[1]) throw new Error(`not an HTTP/1.1 status line: ${JSON.stringify(lines[0])}`);
  const status = Number(statusLine[1]);
  let contentLength: number | null = null;
  let isChunked = false;
  let isClosing = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`malformed header line: ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') {
      if (!/^\d+$/.test(value)) throw new Error(`malformed Content-Length: ${value}`);
      contentLength = Number(value);
    } else if (name === 'transfer-encoding')
      isChunked = value.split(',').some((part) => part.trim() === 'chunked');
    else if (name === 'connection') isClosing = value.split(',').some((part) => part.trim() === 'close');
  }
  const bodyStart = headEnd + HEAD_END.byteLength;
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) {
    return { status, end: bodyStart, isClosing };
  }
  if (isChunked) {
    const end = chunkedEnd(buffer, bodyStart);
    return end === null ? null : { status, end, isClosing };
  }
  if (contentLength === null) throw new Error('a response with neither Content-Length nor chunked encoding');
  const end = bodyStart + contentLength;
  return buffer.byteLength >= end ? { status, end, isClosing } : null;
}

/** The end of a chunked body starting at `start` (its last chunk and trailers included), or null. */
function chunkedEnd(buffer: Buffer, start: number): number | null {
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const sizeText = buffer.toString('latin1', at, lineEnd).split(';')[0]?.trim() ?? '';
    if (!/^[0-9a-fA-F]+$/.test(sizeText))
      throw new Error(`malformed chunk size: ${JSON.stringify(sizeText)}`);
    const size = Number.parseInt(sizeText, 16);
    at = lineEnd + CRLF.byteLength;
    if (size === 0) {
      // Trailers, if any, then an empty line.
      for (;;) {
        const trailerEnd = buffer.indexOf(CRLF, at);
        if (trailerEnd < 0) return null;
        const isEmpty = trailerEnd === at;
        at = trailerEnd + CRLF.byteLength;
        if (isEmpty) return at;
      }
    }
    at += size + CRLF.byteLength;
    if (at > buffer.byteLength) return null;
  }
}
