import type { THighlightedText, THighlightRange } from '@helpdesk/contracts';

/** How long a snippet may be, in characters, before its ellipses. */
export const SNIPPET_LENGTH = 160;
/** A first match that ends within this many characters keeps the snippet at the start of the text. */
const LEAD_LIMIT = 100;
/** Otherwise the snippet starts this much before it, so the match shows early even in a one-line preview. */
const CONTEXT_BEFORE = 40;
const ELLIPSIS = '…';
const SUFFIXES = ['ing', 'ed', 'es', 's'];

/** A word without a common English ending, so 'printing' marks 'printer' and 'passwords' marks 'password'. */
function stemOf(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Levenshtein distance, or max + 1 as soon as it must exceed max. */
function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Marks only what full text matched, or (fuzzy) also words a small typo away from a searched one. */
export type MatchMode = 'exact' | 'fuzzy';

/**
 * Whether a word of the text answers a searched word the way the database matched it: the same
 * word, a word it starts (3+ letters, as typed) or the same stem; in fuzzy mode also (4+ letters)
 * a small typo away, as the trigram search forgives ('pasword' marks 'password').
 */
export function isWordMatch(token: string, word: string, mode: MatchMode = 'exact'): boolean {
  if (token === word) return true;
  if (word.length < 3) return false;
  if (token.startsWith(word)) return true;
  const stem = stemOf(word);
  if (stem.length >= 4 && token.startsWith(stem)) return true;
  if (mode === 'exact' || word.length < 4) return false;
  const allowed = word.length >= 7 ? 2 : 1;
  return distanceWithin(token, word, allowed) <= allowed;
}

/** The ranges of the words of `text` that match one of `words` (lower case), in order. */
export function findHighlights(
  text: string,
  words: readonly string[],
  mode: MatchMode = 'exact',
): THighlightRange[] {
  if (words.length === 0) return [];
  const ranges: THighlightRange[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const token = match[0].normalize('NFKC').toLowerCase();
    if (words.some((word) => isWordMatch(token, word, mode))) {
      ranges.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return ranges;
}

/** The index of the word boundary at or after `index` (the text's end at most). */
function boundaryAfter(text: string, index: number): number {
  const next = text.slice(index).search(/\s/);
  return next === -1 ? text.length : index + next;
}

/**
 * A short passage of `text` around its first match, on one line, with the matches' ranges. Without
 * a match: the beginning of the text. Cut at spaces, with an ellipsis where text was left out.
 */
export function snippetOf(
  text: string,
  words: readonly string[],
  mode: MatchMode = 'exact',
  length = SNIPPET_LENGTH,
): THighlightedText {
  const flat = text.replace(/\s+/g, ' ').trim();
  const all = findHighlights(flat, words, mode);
  let start = 0;
  const first = all[0];
  if (first && flat.length > length && first.end > LEAD_LIMIT) {
    const from = Math.max(0, first.start - CONTEXT_BEFORE);
    // Start after a space, so no word is cut in half (the match itself is never skipped).
    const space = flat.indexOf(' ', from);
    start = space === -1 || space >= first.start ? from : space + 1;
  }
  let end = start + length >= flat.length ? flat.length : boundaryAfter(flat, start + length);
  if (end - start > length + 30) end = start + length;
  const lead = start > 0 ? ELLIPSIS : '';
  const tail = end < flat.length ? ELLIPSIS : '';
  const shift = lead.length - start;
  return {
    text: `${lead}${flat.slice(start, end)}${tail}`,
    highlights: all
      .filter((range) => range.start >= start && range.end <= end)
      .map((range) => ({ start: range.start + shift, end: range.end + shift })),
  };
}
