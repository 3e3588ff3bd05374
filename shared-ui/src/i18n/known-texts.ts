import type { TMessageValues } from './catalog.ts';

/** A message in Lingui's compiled form: text pieces and `[name]` / `[name, 'plural', { one: [...] }]`. */
export type TCompiledMessage = string | readonly unknown[];

/** Which catalogue id an English text is, with the values a templated one was built from. */
export type TKnownText = { id: string; values: TMessageValues };

type TCapture = { name: string; plural: boolean };

type TTemplate = { id: string; pattern: RegExp; captures: TCapture[] };

/** The reverse of an English catalogue: text -> id, for texts the API or shared-ui's main entry write. */
export type TKnownTextIndex = {
  find: (text: string) => TKnownText | null;
  /** Every reading of `text`, the likeliest first (find's answer): a caller may reject one and take the next. */
  findAll: (text: string) => TKnownText[];
};

/** A placeholder whose value is a known text itself (a status, "Resolved TKT-000123"), translated in turn. */
export const isLabelName = (name: string) => name.endsWith('Label');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function tokensOf(message: TCompiledMessage): readonly unknown[] {
  return typeof message === 'string' ? [message] : message;
}

/** The pattern of compiled tokens; `captures` gets one entry per capture group, in order. */
function patternOf(tokens: readonly unknown[], captures: TCapture[], inPlural: boolean): string {
  let pattern = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      pattern += inPlural && token === '#' ? '\\d+' : escapeRegExp(token);
    } else if (Array.isArray(token) && typeof token[0] === 'string') {
      const [name, , choices] = token as [string, string?, Record<string, unknown>?];
      const plural = choices !== undefined && typeof choices === 'object';
      captures.push({ name, plural });
      if (plural) {
        // A plural's value is the number its chosen branch shows.
        // (The compiled choices also hold an `offset` key, which is no branch.)
        const branches = Object.values(choices)
          .filter((choice) => typeof choice === 'string' || Array.isArray(choice))
          .map((choice) => patternOf(tokensOf(choice as TCompiledMessage), [], true));
        pattern += `((?:${branches.join('|')}))`;
      } else {
        pattern += '(.+?)';
      }
    }
  }
  return pattern;
}

/**
 * The reverse lookup of `english` (id -> compiled English message): a plain text is found exactly, a
 * templated one (`Please try again in {wait}.`) by a pattern built from its template, its values read
 * back out of the text. Longer templates are tried first, so the more specific one wins; a template of
 * labels only (`{eventLabel} · {whenLabel}`) before all, since its parts' own templates would swallow it.
 */
export function knownTextIndex(english: Record<string, TCompiledMessage>): TKnownTextIndex {
  const exact = new Map<string, string>();
  const templates: (TTemplate & { length: number })[] = [];
  for (const [id, message] of Object.entries(english)) {
    const tokens = tokensOf(message);
    if (tokens.every((token) => typeof token === 'string')) {
      const text = tokens.join('');
      if (!exact.has(text)) exact.set(text, id);
      continue;
    }
    const captures: TCapture[] = [];
    const pattern = patternOf(tokens, captures, false);
    templates.push({ id, pattern: new RegExp(`^${pattern}$`, 's'), captures, length: pattern.length });
  }
  const labelsOnly = (template: TTemplate) => template.captures.every(({ name }) => isLabelName(name));
  templates.sort((a, b) => Number(labelsOnly(b)) - Number(labelsOnly(a)) || b.length - a.length);

  function findAll(text: string): TKnownText[] {
    const id = exact.get(text);
    if (id !== undefined) return [{ id, values: {} }];
    return templates.flatMap((template) => {
      const match = template.pattern.exec(text);
      if (!match) return [];
      const values: TMessageValues = {};
      template.captures.forEach(({ name, plural }, index) => {
        values[name] = capturedValue(match[index + 1] ?? '', plural);
      });
      return [{ id: template.id, values }];
    });
  }

  return { find: (text) => findAll(text)[0] ?? null, findAll };
}

// A number the text shows ("3", the 1 of a plural's "1 article") is passed as a number, so the other
// language's plurals apply; any other value ("5 minutes", a mail server's reason) as text.
function capturedValue(captured: string, plural: boolean): string | number {
  if (plural) return Number(/\d+/.exec(captured)?.[0] ?? 0);
  return /^\d+$/.test(captured) ? Number(captured) : captured;
}

const WAIT_PART = /^(\d+) (second|minute|hour|day)s?$/;

/** A wait or duration the server wrote in English ("5 minutes", "2 days 4 hours") in `locale`'s words; null for another text. */
function localizedWait(text: string, locale: string): string | null {
  const parts = text.split(/ (?=\d)/).map((part) => WAIT_PART.exec(part));
  if (parts.length > 2 || parts.some((part) => part === null)) return null;
  return parts
    .map((part) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: part?.[2], unitDisplay: 'long' }).format(
        Number(part?.[1]),
      ),
    )
    .join(' ');
}

/**
 * The values of a found text in `locale`: a `{wait}` the server wrote in English ("5 minutes", from the
 * contracts' waitInWords) in that language's words ("5 Minuten"); a value named `…Label` the same way
 * when it is a duration ("3 hours 5 minutes"), else through `label`, as a text the catalogue knows itself
 * (a status, "less than a minute"); the rest (a ticket's title, a name) exactly as they were. Null when
 * a label is no text `label` knows: then this reading of the text is not the right one.
 */
export function localizedValues(
  values: TMessageValues,
  locale: string,
  label: (text: string) => string | null = () => null,
): TMessageValues | null {
  const localized: TMessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string') {
      localized[name] = value;
      continue;
    }
    const isLabel = isLabelName(name);
    const wait = name === 'wait' || isLabel ? localizedWait(value, locale) : null;
    const known = wait ?? (isLabel ? label(value) : value);
    // A label no catalogue knows means the text was read wrongly (a title holding the separator).
    if (known === null) return null;
    localized[name] = known;
  }
  return localized;
}
