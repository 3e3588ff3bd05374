import {
  type TSearchArticleHit,
  type TSearchQuery,
  type TSearchTicketHit,
  ZSearchResponse,
} from '@helpdesk/contracts';
import { sql } from '../db.ts';
import { jsonText } from '../json-text.ts';
import { selectArticleSearchRows } from '../kb/queries.ts';
import { articleSearchOf, noteArticleSearch, withTypoFallback } from '../kb/service.ts';
import { scopeOf, type Viewer } from '../tickets/service.ts';
import { findHighlights, type MatchMode, snippetOf } from './highlight.ts';
import { searchSql } from './pool.ts';
import {
  type DeskSearchRows,
  selectDeskSearch,
  selectTicketsBySimilarity,
  type TicketMatchRow,
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

/**
 * The ticket and people search of one global search (queries.ts, selectDeskSearch): tickets by
 * words, number and (staff) the people named; people (staff) by word starts of name, username
 * and email, and when few match, those a small typo away. When the tickets are fewer than the
 * limit, titles a small typo away fill the rest (a second statement, only then).
 */
async function findTicketsAndPeople(
  viewer: Viewer,
  terms: DeskSearchTerms,
  limit: number,
): Promise<DeskSearchRows> {
  const scope = scopeOf(viewer);
  const words = terms.text?.text.split(' ') ?? [];
  const text = terms.text?.text ?? '';
  const people = isStaff(viewer) ? terms.people : null;
  const found = await selectDeskSearch(searchSql, {
    tickets: {
      anyWords: terms.text?.anyWords ?? null,
      allWords: terms.text?.allWords ?? null,
      exactNumber: terms.number?.exact ?? null,
      numberRanges: terms.number?.ranges ?? [],
      commonLexemes:
        words.length > 0 && scope.requesterId === null ? await commonLexemesFor(searchSql, words) : [],
      scope,
      limit,
    },
    people:
      people === null
        ? null
        : {
            allWords: people.allWords,
            exactIdentity: terms.exactIdentity,
            limit,
            similarText: people.text.length < MIN_SIMILARITY_TEXT ? null : people.text,
          },
  });
  if (found.tickets.length >= limit || text.length < MIN_SIMILARITY_TEXT) return found;
  const similar = await selectTicketsBySimilarity(searchSql, {
    text,
    scope,
    limit: limit - found.tickets.length,
    excludedIds: found.tickets.map((row) => row.id),
  });
  return { users: found.users, tickets: [...found.tickets, ...similar] };
}

/**
 * Articles through the knowledge base's own search (its ranking, typo fallback and status rules:
 * end users published only; staff every status here, so drafts can be found), read with the
 * texts of their snippets, each with a snippet from the excerpt or the body, wherever
 * the words are. A search of published articles that finds none counts as the knowledge base's miss.
 */
async function findArticles(
  viewer: Viewer,
  q: string,
  words: readonly string[],
  limit: number,
): Promise<TSearchArticleHit[]> {
  const search = articleSearchOf(viewer, { q, limit, status: isStaff(viewer) ? 'all' : 'published' });
  if (search === null) return [];
  const articles = await withTypoFallback(
    search,
    (run) => selectArticleSearchRows(sql, run),
    (rows) => rows.length,
  );
  await noteArticleSearch(viewer, search, q, articles.length);
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
 * people are one statement on the search pool, planned for the actual words; articles one
 * alongside. The people part leaves as PostgreSQL rendered it; tickets and articles get their
 * highlights marked here (highlight.ts), and the body is checked like every rendered one (json-text.ts).
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
  const tickets = ticketsAndPeople.tickets.map((row) => toTicketHit(row, words));
  return jsonText(
    ZSearchResponse,
    `{"tickets":${JSON.stringify(tickets)},"users":${ticketsAndPeople.users},"articles":${JSON.stringify(articles)}}`,
  );
}
