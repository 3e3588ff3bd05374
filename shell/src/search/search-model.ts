import type {
  THighlightRange,
  TSearchArticleHit,
  TSearchResponse,
  TSearchTicketHit,
  TSearchUserHit,
  TUserRole,
} from '@helpdesk/contracts';
import { SEARCH_LIMITS } from '@helpdesk/contracts/constants';

export type TSearchOption =
  | { kind: 'ticket'; key: string; href: string; hit: TSearchTicketHit }
  | { kind: 'user'; key: string; href: string; hit: TSearchUserHit }
  | { kind: 'article'; key: string; href: string; hit: TSearchArticleHit };

export type TSearchGroupKind = TSearchOption['kind'];

export type TSearchGroup = { kind: TSearchGroupKind; heading: string; options: TSearchOption[] };

export const SEARCH_GROUP_HEADINGS: Record<TSearchGroupKind, string> = {
  ticket: 'Tickets',
  user: 'People',
  article: 'Knowledge base',
};

/** The full results page for a search. A plain query string, so `123` stays `?q=123`. */
export function searchPageHref(q: string): string {
  return `/search?q=${encodeURIComponent(q)}`;
}

/**
 * Where a result opens: a ticket's and an article's own pages. People have no page of their own
 * (the spec has no profile of others, and agents may not open Users & Teams), so a person opens
 * the results for their username: their card and the tickets they requested or are assigned.
 */
export function optionHref(
  option: { kind: 'ticket' | 'article'; hit: { id: string } } | { kind: 'user'; hit: { username: string } },
): string {
  if (option.kind === 'user') return searchPageHref(option.hit.username);
  const page = option.kind === 'ticket' ? '/tickets' : '/kb/article';
  return `${page}/${encodeURIComponent(option.hit.id)}`;
}

/** The groups a person sees, in order, leaving out empty ones. People only for agents and admins. */
export function groupResults(result: TSearchResponse, role: TUserRole): TSearchGroup[] {
  const isStaff = role === 'admin' || role === 'agent';
  const tickets: TSearchOption[] = result.tickets.map((hit) => ({
    kind: 'ticket',
    key: `ticket-${hit.id}`,
    href: optionHref({ kind: 'ticket', hit }),
    hit,
  }));
  const users: TSearchOption[] = isStaff
    ? result.users.map((hit) => ({
        kind: 'user',
        key: `user-${hit.id}`,
        href: optionHref({ kind: 'user', hit }),
        hit,
      }))
    : [];
  const articles: TSearchOption[] = result.articles.map((hit) => ({
    kind: 'article',
    key: `article-${hit.id}`,
    href: optionHref({ kind: 'article', hit }),
    hit,
  }));
  const groups: TSearchGroup[] = [
    { kind: 'ticket', heading: SEARCH_GROUP_HEADINGS.ticket, options: tickets },
    { kind: 'user', heading: SEARCH_GROUP_HEADINGS.user, options: users },
    { kind: 'article', heading: SEARCH_GROUP_HEADINGS.article, options: articles },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** Every option in the order the keyboard walks them: group by group, top to bottom. */
export function flattenGroups(groups: readonly TSearchGroup[]): TSearchOption[] {
  return groups.flatMap((group) => group.options);
}

/** -1 means "nothing highlighted": Enter then opens the full results page. */
export const NO_ACTIVE_OPTION = -1;

/** ArrowDown/ArrowUp over `count` options, wrapping at both ends (from nothing: the first or the last). */
export function moveActiveIndex(current: number, count: number, direction: 'down' | 'up'): number {
  if (count === 0) return NO_ACTIVE_OPTION;
  if (direction === 'down') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 || current >= count ? count - 1 : current - 1;
}

export type TSearchKeyAction =
  | { type: 'move'; index: number }
  | { type: 'open'; href: string }
  | { type: 'close' }
  | { type: 'none' };

/**
 * What a key pressed in the search box does: arrows move the highlight, Enter opens the
 * highlighted result (or, with none, the full results page for 2+ characters), Escape closes
 * the popover. Anything else is typing.
 */
export function searchKeyAction(
  key: string,
  state: { activeIndex: number; options: readonly TSearchOption[]; text: string },
): TSearchKeyAction {
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    return {
      type: 'move',
      index: moveActiveIndex(state.activeIndex, state.options.length, key === 'ArrowDown' ? 'down' : 'up'),
    };
  }
  if (key === 'Escape') return { type: 'close' };
  if (key !== 'Enter') return { type: 'none' };
  const active = state.options[state.activeIndex];
  if (active) return { type: 'open', href: active.href };
  const term = pageSearchTerm(state.text);
  return term === null ? { type: 'none' } : { type: 'open', href: searchPageHref(term) };
}

/** The text as the API takes it: trimmed, cut at its cap (rather than refused). */
function clean(text: string): string {
  return text.trim().slice(0, SEARCH_LIMITS.queryMax).trim();
}

/** What the header box searches for as the person types: above 2 characters, else nothing. */
export function typeaheadTerm(text: string): string | null {
  const term = clean(text);
  return term.length >= SEARCH_LIMITS.typeaheadMinChars ? term : null;
}

/**
 * The term to query now: none as soon as the box holds too little (results vanish at once),
 * else the debounced text's term.
 */
export function settledTypeaheadTerm(currentText: string, debouncedText: string): string | null {
  return typeaheadTerm(currentText) === null ? null : typeaheadTerm(debouncedText);
}

/** What the full results page searches for: 2 characters are enough (a ticket number like 12). */
export function pageSearchTerm(text: string): string | null {
  const term = clean(text);
  return term.length >= SEARCH_LIMITS.queryMin ? term : null;
}

export type TTextSegment = { text: string; isMarked: boolean };

/**
 * The text cut into plain and marked parts for React to render (<mark> for marked ones, never
 * HTML). Ranges out of bounds are clipped; overlapping or unsorted ones are merged.
 */
export function highlightSegments(text: string, ranges: readonly THighlightRange[]): TTextSegment[] {
  const clipped = ranges
    .map((range) => ({ start: Math.max(0, range.start), end: Math.min(text.length, range.end) }))
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start);
  const segments: TTextSegment[] = [];
  let at = 0;
  for (const range of clipped) {
    const start = Math.max(range.start, at);
    if (range.end <= start) continue;
    const previous = segments.at(-1);
    if (start > at) segments.push({ text: text.slice(at, start), isMarked: false });
    else if (previous?.isMarked) {
      // Overlapping or touching the last mark: one mark.
      previous.text += text.slice(start, range.end);
      at = range.end;
      continue;
    }
    segments.push({ text: text.slice(start, range.end), isMarked: true });
    at = range.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), isMarked: false });
  return segments;
}

/** The parts of an element that matter to the '/' shortcut. */
export type TKeyTarget = {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
};

/**
 * Whether '/' is someone typing (an input, textarea, select or editable text) or meant for an open
 * dialog, rather than the shortcut that focuses the search box.
 */
export function isSlashForSomethingElse(target: TKeyTarget | null): boolean {
  if (target === null) return false;
  const tag = target.tagName?.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select' || target.isContentEditable === true)
    return true;
  return Boolean(target.closest?.('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'));
}
