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
