/**
 * JSON as the attacker writes it, not as JSON.stringify allows: numbers spelled exactly
 * (`1e309`, `-0`, 400 digits), objects as ordered entries so a key may repeat or be `__proto__`
 * (assigning `o.__proto__ = x` would set a prototype instead of writing the key).
 */

/** A number token sent verbatim. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** An object as its entries, in order; duplicates allowed (JSON.parse keeps the last). */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, Json])[]) {}

  /** The value JSON.parse would keep for a key: the last one written. */
  get(key: string): Json | undefined {
    for (let index = this.entries.length - 1; index >= 0; index -= 1) {
      const entry = this.entries[index];
      if (entry && entry[0] === key) return entry[1];
    }
    return undefined;
  }

  keys(): string[] {
    return [...new Set(this.entries.map(([key]) => key))];
  }

  with(key: string, value: Json): JsonObject {
    return new JsonObject([...this.entries.filter(([name]) => name !== key), [key, value]]);
  }

  without(key: string): JsonObject {
    return new JsonObject(this.entries.filter(([name]) => name !== key));
  }

  /** Adds an entry even when the key is already there (a duplicate key). */
  append(key: string, value: Json): JsonObject {
    return new JsonObject([...this.entries, [key, value]]);
  }
}

export type Json = null | boolean | number | string | RawNumber | JsonObject | Json[];

/** The JSON text of a value. Lone surrogates are escaped (`\ud800`), which JSON allows. */
export function serialize(value: Json): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof JsonObject)
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${serialize(item)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/** What a JSON number token parses to. */
export const numberOf = (value: number | RawNumber): number =>
  value instanceof RawNumber ? Number(value.text) : value;

/** A short, printable preview of any text (for failure messages): escaped, cut to `max` characters. */
export function preview(text: string, max = 240): string {
  const escaped = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${escaped}... (${text.length} chars)` : escaped;
}
