import {
  DEFAULT_TICKET_SORT,
  END_USER_TICKET_VIEWS,
  TICKET_LIST_MESSAGES,
  type TTicketListQuery,
  type TTicketSort,
  type TTicketView,
} from '@helpdesk/contracts';
import { sql } from '../db.ts';
import { forbidden } from '../errors.ts';
import { jsonValue } from '../json-text.ts';
import { buildDeskSearchTerms } from '../search/search-terms.ts';
import { decodeQueueCursor, encodeQueueCursor, listFingerprint } from './list-cursor.ts';
import {
  type QueueList,
  type QueueSortKey,
  type QueueText,
  queueKeyKinds,
  selectQueuePageText,
} from './list-queries.ts';

/** Who asks: staff see every ticket; anyone else only the tickets they requested. */
export type QueueCaller = { id: string; isStaff: boolean };

/**
 * Whether a list request is the spec's plain list (newest first, at most one status and one
 * priority: selectTicketPage and its indexes) rather than a queue.
 */
export function isPlainList(query: TTicketListQuery): boolean {
  return (
    query.view === undefined &&
    query.sort === undefined &&
    query.category === undefined &&
    query.assignee === undefined &&
    query.team === undefined &&
    query.requester === undefined &&
    (query.q === undefined || query.q === '') &&
    (query.status?.length ?? 0) <= 1 &&
    (query.priority?.length ?? 0) <= 1
  );
}

/** An end user has their own open and all; assignee, team and requester are staff filters. */
function checkAccess(caller: QueueCaller, query: TTicketListQuery, view: TTicketView): void {
  if (caller.isStaff) return;
  if (!(END_USER_TICKET_VIEWS as readonly TTicketView[]).includes(view)) {
    throw forbidden(TICKET_LIST_MESSAGES.viewForbidden);
  }
  if (query.assignee !== undefined || query.team !== undefined || query.requester !== undefined) {
    throw forbidden(TICKET_LIST_MESSAGES.parameterForbidden);
  }
}

function textOf(q: string | undefined): QueueText | null {
  if (q === undefined || q === '') return null;
  const terms = buildDeskSearchTerms(q);
  return {
    allWords: terms.text?.allWords ?? null,
    exactNumber: terms.number?.exact ?? null,
    numberRanges: terms.number?.ranges ?? [],
  };
}

/** Everything that decides a queue's rows and their order: its cursors are valid only for the same. */
export function queueFingerprint(query: TTicketListQuery, view: TTicketView, sort: TTicketSort): string {
  return listFingerprint([
    view,
    sort,
    query.status ?? null,
    query.priority ?? null,
    query.category ?? null,
    query.assignee ?? null,
    query.team ?? null,
    query.requester ?? null,
    query.q ?? null,
  ]);
}

/** A request's view and sort, the view's default sort when it names none. */
export function viewAndSortOf(query: TTicketListQuery): { view: TTicketView; sort: TTicketSort } {
  const view = query.view ?? 'all';
  return { view, sort: query.sort ?? DEFAULT_TICKET_SORT[view] };
}

/** The queue a request names, as the caller may read it. */
export function queueListOf(caller: QueueCaller, query: TTicketListQuery): QueueList {
  const { view, sort } = viewAndSortOf(query);
  const assignee = query.assignee ?? null;
  return {
    view,
    key: sort.replace(/^-/, '') as QueueSortKey,
    descending: sort.startsWith('-'),
    viewerId: caller.id,
    requesterId: caller.isStaff ? (query.requester ?? null) : caller.id,
    assignee:
      assignee === null || assignee === 'none' ? assignee : { id: assignee === 'me' ? caller.id : assignee },
    team: query.team === undefined ? null : query.team === 'none' ? 'none' : { id: query.team },
    statuses: query.status ?? null,
    priorities: query.priority ?? null,
    categories: query.category ?? null,
    text: textOf(query.q),
  };
}

/**
 * One page of a queue (docs/product.md#queues): a view, its sort (the view's default when none is
 * named) and filters, after the cursor of the same list. End users: their own tickets only. The
 * page's rows come rendered by PostgreSQL; the answer is TTicketListResponse's JSON text.
 */
export async function listQueue(caller: QueueCaller, query: TTicketListQuery): Promise<string> {
  const { view, sort } = viewAndSortOf(query);
  checkAccess(caller, query, view);
  const fingerprint = queueFingerprint(query, view, sort);
  const key = sort.replace(/^-/, '') as QueueSortKey;
  const after =
    query.cursor === undefined
      ? null
      : decodeQueueCursor(query.cursor, fingerprint, (part) => queueKeyKinds(key, part));
  const { tickets, next } = await selectQueuePageText(sql, queueListOf(caller, query), {
    size: query.limit,
    after,
  });
  return listBody(
    tickets,
    next
      ? encodeQueueCursor(fingerprint, { part: next.cursorPart, keys: next.cursorKeys, id: next.id })
      : null,
  );
}

/** The list's response as JSON text: the rendered rows and the next cursor (TTicketListResponse). */
export const listBody = (tickets: string, nextCursor: string | null): string =>
  `{"tickets":${tickets},"nextCursor":${jsonValue(nextCursor)}}`;
