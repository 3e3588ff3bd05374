import { buildSearchTerms, type SearchTerms, searchWords } from '../kb/search-terms.ts';

/** Ticket numbers are 'TKT-' and at least six digits (00005, 00013). */
const TICKET_NUMBER_PREFIX = 'TKT-';
const TICKET_NUMBER_DIGITS = 6;
/** More digits than this are no ticket number a desk will reach; they are searched as words only. */
const MAX_NUMBER_DIGITS = 12;

/** A range of ticket numbers in byte (C collation) order: from <= number < to. */
export type NumberRange = { from: string; to: string };

/** What a ticket number in the search finds: one ticket exactly, and the numbers that start with it. */
export type TicketNumberTerms = { exact: string | null; ranges: NumberRange[] };

/** Every search the desk runs, from what a person typed. Null parts mean "nothing to look for". */
export type DeskSearchTerms = {
  /** Full text over tickets and articles (the knowledge base's own rule: 3+ letters also as a prefix). */
  text: SearchTerms | null;
  /** People: every word must match the start of a word of the name, username or email. */
  people: { allWords: string; text: string } | null;
  number: TicketNumberTerms | null;
  /** The whole input when it could be a username or an email, to rank that person first. */
  exactIdentity: string | null;
  /** The words to mark in titles and snippets. */
  highlightWords: string[];
};

/** The prefix that is one past every string starting with `prefix` (its last character + 1). */
function upperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * A ticket number in the search: `TKT-123`, `tkt123`, `#123` or `123` (any whitespace-separated
 * token). Exact: the number as stored, `TKT-000123`. Prefixes: the numbers whose digits start with
 * what was typed, `123` -> TKT-00123x, TKT-0123xx, TKT-123xxx, TKT-123xxxx...; digits typed with
 * their leading zeros (`0001`) are a prefix of the stored text as they are. Null without a number.
 */
export function parseTicketNumber(query: string): TicketNumberTerms | null {
  for (const token of query.split(/\s+/)) {
    const digits = /^(?:#|tkt-?)?(\d+)$/i.exec(token)?.[1];
    if (digits === undefined || digits.length > MAX_NUMBER_DIGITS) continue;
    const significant = digits.replace(/^0+/, '');
    if (significant === '') return null;
    const exact = TICKET_NUMBER_PREFIX + significant.padStart(TICKET_NUMBER_DIGITS, '0');
    const prefixes = new Set<string>();
    if (digits.startsWith('0')) {
      if (digits.length <= TICKET_NUMBER_DIGITS) prefixes.add(TICKET_NUMBER_PREFIX + digits);
    } else {
      // The nearest numbers first: TKT-00123x, then TKT-0123xx, then TKT-123xxx and longer.
      for (let width = TICKET_NUMBER_DIGITS; width >= significant.length; width--) {
        prefixes.add(TICKET_NUMBER_PREFIX + significant.padStart(width, '0'));
      }
      prefixes.add(TICKET_NUMBER_PREFIX + significant);
    }
    // Below six digits the padded prefix is the exact number alone; from six on it also starts longer numbers.
    if (significant.length < TICKET_NUMBER_DIGITS) prefixes.delete(exact);
    return { exact, ranges: [...prefixes].map((prefix) => ({ from: prefix, to: upperBound(prefix) })) };
  }
  return null;
}

/** Words for people: letters and digits only, each a prefix (`jo:*`), all of them required. */
function buildPeopleTerms(query: string): DeskSearchTerms['people'] {
  const words = searchWords(query);
  if (words.length === 0) return null;
  return { allWords: words.map((word) => `${word}:*`).join(' & '), text: words.join(' ') };
}

/**
 * Turns what a person typed into every search the desk runs. Only letters and digits ever reach a
 * tsquery or a similarity search, so `%`, `_`, quotes, `:*`, `&|!()` and backslashes are never
 * syntax; the exact-identity text is compared with `=` as a bound parameter.
 */
export function buildDeskSearchTerms(query: string): DeskSearchTerms {
  const trimmed = query.trim();
  const text = buildSearchTerms(trimmed);
  const number = parseTicketNumber(trimmed);
  const numberDigits = number?.exact?.slice(TICKET_NUMBER_PREFIX.length).replace(/^0+/, '');
  return {
    text,
    people: buildPeopleTerms(trimmed),
    number,
    exactIdentity: /^[\p{L}\p{N}._@+-]{1,254}$/u.test(trimmed) ? trimmed.toLowerCase() : null,
    highlightWords: [...new Set([...(text?.text.split(' ') ?? []), ...(numberDigits ? [numberDigits] : [])])],
  };
}
