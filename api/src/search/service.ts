import {
  type TSearchArticleHit,
  type TSearchQuery,
  type TSearchResponse,
  type TSearchTicketHit,
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
import { type PersonMatchRow, selectPeople, selectTicketMatches, type TicketMatchRow } from './queries.ts';
import { buildDeskSearchTerms, type DeskSearchTerms } from './search-terms.ts';
import { commonLexemesFor } from './word-frequency.ts';

const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'agent';

/** Trigram similarity needs a few letters to mean anything (the knowledge base's rule too). */
const MIN_SIMILARITY_TEXT = 3;

/** How many of the people found also bring their tickets (as requester or assignee) into the ticket results. */
const PEOPLE_FOR_TICKETS = 5;

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

/**
 * Tickets by words, number and (staff) the people named; when they are fewer than the limit,
 * titles a small typo away fill the rest. One statement.
 */
async function findTickets(
  db: Db,
  viewer: Viewer,
  terms: DeskSearchTerms,
  personIds: readonly string[],
  limit: number,
): Promise<TicketMatchRow[]> {
  const scope = scopeOf(viewer);
  const words = terms.text?.text.split(' ') ?? [];
  return selectTicketMatches(db, {
    anyWords: terms.text?.anyWords ?? null,
    allWords: terms.text?.allWords ?? null,
    exactNumber: terms.number?.exact ?? null,
    numberRanges: terms.number?.ranges ?? [],
    personIds,
    commonLexemes: words.length > 0 && scope.requesterId === null ? await commonLexemesFor(db, words) : [],
    similarText: similarTextOf(terms.text?.text),
    scope,
    limit,
  });
}

/**
 * People (staff only) by word starts of name, username and email (`isNamed`); when few match, the
 * ones a small typo away fill up the list. One statement.
 */
function findPeople(db: Db, terms: DeskSearchTerms, limit: number): Promise<PersonMatchRow[]> {
  if (terms.people === null) return Promise.resolve([]);
  return selectPeople(db, {
    allWords: terms.people.allWords,
    exactIdentity: terms.exactIdentity,
    similarText: similarTextOf(terms.people.text),
    limit,
  });
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
    (async () => {
      const people = isStaff(viewer) ? await findPeople(searchSql, terms, query.limit) : [];
      // Only people named outright bring their tickets: a name a typo away is a guess.
      const personIds = people
        .filter((person) => person.isNamed)
        .slice(0, PEOPLE_FOR_TICKETS)
        .map((person) => person.id);
      const tickets = await findTickets(searchSql, viewer, terms, personIds, query.limit);
      return { people: people.map(({ isNamed: _, ...person }) => person), tickets };
    })(),
    terms.text === null ? Promise.resolve([]) : findArticles(viewer, query.q, words, query.limit),
  ]);
  const body: TSearchResponse = {
    tickets: ticketsAndPeople.tickets.map((row) => toTicketHit(row, words)),
    users: ticketsAndPeople.people,
    articles,
  };
  return jsonText(ZSearchResponse, JSON.stringify(body));
}
