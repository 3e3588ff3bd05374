import {
  type TSearchArticleHit,
  type TSearchQuery,
  type TSearchResponse,
  type TSearchTicketHit,
  type TSearchUserHit,
  ZSearchResponse,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { jsonText } from '../json-text.ts';
import { kbSearchSql } from '../kb/pool.ts';
import { selectArticleSearchHits } from '../kb/queries.ts';
import { articleSearchOf, missOf } from '../kb/service.ts';
import { recordSearchMiss } from '../kb-feedback/service.ts';
import { scopeOf, type Viewer } from '../tickets/service.ts';
import { findHighlights, type MatchMode, snippetOf } from './highlight.ts';
import { searchSql } from './pool.ts';
import {
  type PeopleSearch,
  type PersonMatchRow,
  selectPeopleAndTickets,
  selectTicketMatches,
  type TicketMatchRow,
  type TicketSearch,
} from './queries.ts';
import { buildDeskSearchTerms, type DeskSearchTerms } from './search-terms.ts';
import { commonLexemesFor } from './word-frequency.ts';

const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'agent';

/** Trigram similarity needs a few letters to mean anything (the knowledge base's rule too). */
const MIN_SIMILARITY_TEXT = 3;

/**
 * Exact marks when a hit contains the words exactly; else fuzzy ones, because such a hit was found by similarity
 * (a typo) and exact marking would show nothing.
 */
function markMode(texts: readonly string[], words: readonly string[]): MatchMode {
  return texts.some((text) => findHighlights(text, words).length > 0) ? 'exact' : 'fuzzy';
}

/** A ticket hit: the snippet from the description when it holds the words, else from the readable comment. */
function toTicketHit(row: TicketMatchRow, words: readonly string[]): TSearchTicketHit {
  const isFromComment = !row.isDescriptionMatch && row.commentText !== null;
  const source = isFromComment && row.commentText !== null ? row.commentText : row.description;
  const mode = markMode([row.title, source], words);
  return {
    id: row.id,
    ticketNumber: row.ticketNumber,
    title: row.title,
    titleHighlights: findHighlights(row.title, words, mode),
    status: row.status,
    priority: row.priority,
    requester: row.requester,
    assignee: row.assignee,
    snippetSource: isFromComment ? 'comment' : 'description',
    snippet: snippetOf(source, words, mode),
  };
}

/** The words for a typo fallback, when there are enough letters for similarity to mean anything. */
const similarTextOf = (text: string | undefined) =>
  text !== undefined && text.length >= MIN_SIMILARITY_TEXT ? text : null;

/** A person found, as the body lists them. */
function toUserHit(row: PersonMatchRow): TSearchUserHit {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
  };
}

/** Tickets by words and number, when they are fewer than the limit titles a small typo away. */
async function ticketSearchOf(
  db: Db,
  viewer: Viewer,
  terms: DeskSearchTerms,
  limit: number,
): Promise<TicketSearch> {
  const scope = scopeOf(viewer);
  const words = terms.text?.text.split(' ') ?? [];
  return {
    anyWords: terms.text?.anyWords ?? null,
    allWords: terms.text?.allWords ?? null,
    exactNumber: terms.number?.exact ?? null,
    numberRanges: terms.number?.ranges ?? [],
    commonLexemes: words.length > 0 && scope.requesterId === null ? await commonLexemesFor(db, words) : [],
    similarText: similarTextOf(terms.text?.text),
    scope,
    limit,
  };
}

/**
 * People (staff only) by word starts of name, username and email; when few match, the ones a
 * small typo away fill up the list. Null when the search has no words for people.
 */
function peopleSearchOf(viewer: Viewer, terms: DeskSearchTerms, limit: number): PeopleSearch | null {
  if (!isStaff(viewer) || terms.people === null) return null;
  return {
    allWords: terms.people.allWords,
    exactIdentity: terms.exactIdentity,
    similarText: similarTextOf(terms.people.text),
    limit,
  };
}

/**
 * Tickets by words, number and (staff) the people named, and those people: one statement either
 * way, on the search pool.
 */
async function findTicketsAndPeople(
  viewer: Viewer,
  terms: DeskSearchTerms,
  limit: number,
): Promise<{ people: TSearchUserHit[]; tickets: TicketMatchRow[] }> {
  const tickets = await ticketSearchOf(searchSql, viewer, terms, limit);
  const people = peopleSearchOf(viewer, terms, limit);
  if (people === null) return { people: [], tickets: await selectTicketMatches(searchSql, tickets) };
  const found = await selectPeopleAndTickets(searchSql, people, tickets);
  return { people: found.people.map(toUserHit), tickets: found.tickets };
}

/**
 * Articles through the knowledge base's own search (its ranking, typo fallback and status rules:
 * end users published only; staff every status here, so drafts can be found), read with the
 * texts of their snippets, each with a snippet from the excerpt or the body, wherever the words
 * are. A search of published articles that finds none counts as the knowledge base's miss.
 */
async function findArticles(
  viewer: Viewer,
  q: string,
  words: readonly string[],
  limit: number,
): Promise<TSearchArticleHit[]> {
  const search = articleSearchOf(viewer, { q, limit, status: isStaff(viewer) ? 'all' : 'published' });
  if (search === null) return [];
  const articles = await selectArticleSearchHits(kbSearchSql, search);
  if (articles.length === 0) await recordSearchMiss(missOf(viewer, search, q));
  return articles.map((article) => {
    const excerpt = article.excerpt ?? '';
    const content = article.content;
    const mode = markMode([article.title, excerpt, content], words);
    const isExcerptMatch = findHighlights(excerpt, words, mode).length > 0;
    const isContentMatch = !isExcerptMatch && findHighlights(content, words, mode).length > 0;
    return {
      id: article.id,
      title: article.title,
      titleHighlights: findHighlights(article.title, words, mode),
      status: article.status,
      category: article.category,
      snippet: snippetOf(isContentMatch || excerpt === '' ? content : excerpt, words, mode),
    };
  });
}

const NOTHING_FOUND = '{"tickets":[],"users":[],"articles":[]}';

/**
 * One search over the desk: tickets, people and knowledge base articles, each ranked and at most
 * `limit`, each as the viewer may see them. An end user gets only tickets they requested (their
 * comments' text without internal notes), published articles and never people. Tickets and
 * people are read on the search pool, on plans kept for every word (pool.ts); articles alongside. The body
 * is one JSON text built once, checked like every rendered one (json-text.ts); its highlights are
 * marked here (highlight.ts), so it is not PostgreSQL's.
 */
export async function searchDesk(viewer: Viewer, query: TSearchQuery): Promise<Response> {
  const terms = buildDeskSearchTerms(query.q);
  const words = terms.highlightWords;
  if (terms.text === null && terms.number === null && terms.people === null) {
    return jsonText(ZSearchResponse, NOTHING_FOUND);
  }
  const [ticketsAndPeople, articles] = await Promise.all([
    findTicketsAndPeople(viewer, terms, query.limit),
    terms.text === null ? Promise.resolve([]) : findArticles(viewer, query.q, words, query.limit),
  ]);
  const body: TSearchResponse = {
    tickets: ticketsAndPeople.tickets.map((row) => toTicketHit(row, words)),
    users: ticketsAndPeople.people,
    articles,
  };
  return jsonText(ZSearchResponse, JSON.stringify(body));
}
