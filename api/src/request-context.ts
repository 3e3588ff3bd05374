type RequestInfo = { id: string; startedAt: number };

// Keyed by the Request object itself so every hook (and the error handler) sees the same id
// without widening Elysia's context types.
const requests = new WeakMap<Request, RequestInfo>();

/** Gives the request its id and start time; called once, first thing. */
export function beginRequest(request: Request): RequestInfo {
  const info = { id: crypto.randomUUID(), startedAt: performance.now() };
  requests.set(request, info);
  return info;
}

/** The request's id, or '-' for a request that never went through beginRequest. */
export function requestIdOf(request: Request): string {
  return requests.get(request)?.id ?? '-';
}

/** Milliseconds since the request began. */
export function elapsedMs(request: Request): number {
  const info = requests.get(request);
  return info ? performance.now() - info.startedAt : 0;
}

/**
 * The request's path (still percent-encoded, without the query), read from the URL text rather
 * than `new URL(request.url)`: the URL is built from the client's Host header, and a hostile or
 * missing one ("evil'\"<>", HTTP/1.0, a CONNECT target) makes the WHATWG parser throw.
 */
export function pathOf(request: Request): string {
  const { url } = request;
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
  if (start < 0) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}
