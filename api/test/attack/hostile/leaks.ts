/**
 * What must never reach a client: stack traces, source locations, SQL and driver text. Error
 * answers and every header are held to all of it; successful JSON answers (which carry stored
 * text other tests wrote) only to the markers no user text would contain.
 */

type Marker = { name: string; pattern: RegExp };

/** Markers no stored ticket, article or name would hold. */
const STRONG_MARKERS: readonly Marker[] = [
  { name: 'stack frame', pattern: /\bat (?:async )?[\w$.<>[\]]+ \([^)\n]*:\d+(?::\d+)?\)/ },
  { name: 'stack frame', pattern: /\n\s+at \S/ },
  { name: 'stack frame', pattern: /\bat (?:file:\/\/)?\/[^\s)]+:\d+/ },
  { name: 'source location', pattern: /[\w-]+\.(?:ts|tsx|js|mjs|cjs):\d+/ },
  { name: 'module path', pattern: /node_modules\/|\/api\/src\/|\/work\// },
  { name: 'SQLSTATE', pattern: /SQLSTATE/i },
  { name: 'driver error class', pattern: /PostgresError|ERR_POSTGRES/ },
];

/** Markers that an error answer must not hold either. */
const ERROR_MARKERS: readonly Marker[] = [
  ...STRONG_MARKERS,
  { name: 'postgres', pattern: /postgres/i },
  { name: 'SQL syntax error', pattern: /syntax error/i },
  { name: 'relation', pattern: /relation "/i },
  { name: 'column', pattern: /column "/i },
  { name: 'constraint', pattern: /violates|constraint "/i },
  { name: 'duplicate key', pattern: /duplicate key/i },
  { name: 'invalid input syntax', pattern: /invalid input (?:syntax|value)/i },
  {
    name: 'SQL keyword dump',
    pattern: /\b(?:select|insert|update|delete)\b[^.\n]{0,80}\b(?:from|into|set|where)\b/i,
  },
  {
    name: 'JavaScript error',
    pattern:
      /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError|EvalError)\b|Cannot read propert|is not a function|undefined is not/,
  },
  { name: 'object dump', pattern: /\[object Object\]/ },
];

export type Leak = { where: string; marker: string; excerpt: string };

function scan(text: string, markers: readonly Marker[], where: string): Leak[] {
  const leaks: Leak[] = [];
  for (const marker of markers) {
    const match = marker.pattern.exec(text);
    if (!match) continue;
    const start = Math.max(0, match.index - 40);
    leaks.push({
      where,
      marker: marker.name,
      excerpt: text.slice(start, match.index + match[0].length + 40),
    });
  }
  return leaks;
}

/**
 * The body as text to search: the raw text and, when it is JSON, every string and key in it
 * decoded (in JSON a quote is `\"` and a line break `\n`, which would hide `relation "` and a
 * stack's `\n    at`).
 */
function searchable(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const strings: string[] = [text];
  const pending: unknown[] = [parsed];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        strings.push(key);
        pending.push(item);
      }
    }
  }
  return strings.join('\n');
}

/** Every leak in an answer: its headers, and its body as far as the status says to look. */
export function findLeaks(answer: { status: number; headers: Headers; text: string }): Leak[] {
  const leaks: Leak[] = [];
  for (const [name, value] of answer.headers) leaks.push(...scan(value, ERROR_MARKERS, `header ${name}`));
  const contentType = answer.headers.get('content-type') ?? '';
  if (answer.status >= 400) leaks.push(...scan(searchable(answer.text), ERROR_MARKERS, 'body'));
  else if (contentType.includes('json')) leaks.push(...scan(searchable(answer.text), STRONG_MARKERS, 'body'));
  return leaks;
}
