// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).

/** The query parameter that carries where to go after signing in: `/login?redirect=/tickets/42`. */
export const RETURN_PATH_PARAM = 'redirect';

/** A return path longer than this is refused: no page of the desk needs more. */
export const RETURN_PATH_MAX = 2048;

const SAME_ORIGIN_BASE = 'http://return-path.invalid';

/**
 * The value when it is a path on this site, otherwise null (the caller then uses its default).
 * Only a single leading "/" is taken: "//host" and "/\host" are read by browsers as another host,
 * "https:" or "javascript:" are schemes, and control characters (tab, CR, LF) are dropped by URL
 * parsers so they could turn a harmless-looking text into one of those. Backslashes are refused
 * anywhere, since browsers treat them as "/". As a last guard the path must resolve to the same
 * origin it started from (docs/security.md#sign-in-return-path).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length < 1 || value.length > RETURN_PATH_MAX) return null;
  if (value[0] !== '/' || value[1] === '/') return null;
  if (value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return null;
  try {
    const url = new URL(value, SAME_ORIGIN_BASE);
    return url.origin === SAME_ORIGIN_BASE ? value : null;
  } catch {
    return null;
  }
}

/** `path` with `?redirect=<returnPath>`, unless the return path is unsafe or already `fallback`. */
export function withReturnPath(path: string, returnPath: string | null, fallback: string): string {
  const safe = safeReturnPath(returnPath);
  if (safe === null || safe === fallback) return path;
  return `${path}?${new URLSearchParams({ [RETURN_PATH_PARAM]: safe })}`;
}
