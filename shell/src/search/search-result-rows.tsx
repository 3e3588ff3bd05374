import type { TSearchArticleHit, TSearchTicketHit, TSearchUserHit } from '@helpdesk/contracts';
import { Badge, Spinner, TicketPriorityBadge, TicketStatusBadge } from '@helpdesk/shared-ui';
import { BookOpen, MessageSquare, Ticket, UserRound } from 'lucide-react';
import { HighlightedText } from './highlighted-text.tsx';
import { SEARCH_GROUP_HEADING_IDS, useSearchT } from './messages.ts';
import type { TSearchGroupKind } from './search-model.ts';

type TSearchT = ReturnType<typeof useSearchT>;

const ROLE_LABELS = {
  admin: 'search.roleAdmin',
  agent: 'search.roleAgent',
  end_user: 'search.roleEndUser',
} as const satisfies Record<TSearchUserHit['role'], string>;

// Shown only for a status other than active (users) or published (articles).
const STATUS_LABELS = {
  pending: 'search.statusPending',
  approved: 'search.statusApproved',
  rejected: 'search.statusRejected',
  inactive: 'search.statusInactive',
  draft: 'search.statusDraft',
  archived: 'search.statusArchived',
} as const;

/** A status's label; one this screen does not know (a newer server's) shows as sent. */
function statusLabel(t: TSearchT, status: string): string {
  return status in STATUS_LABELS ? t(STATUS_LABELS[status as keyof typeof STATUS_LABELS]) : status;
}

const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/** Who asked and who works on it, the reason a ticket matched a person's name. */
function peopleLine(t: TSearchT, hit: TSearchTicketHit): string {
  return hit.assignee
    ? t('search.requestedByAssigned', {
        requester: personName(hit.requester),
        assignee: personName(hit.assignee),
      })
    : t('search.requestedBy', { name: personName(hit.requester) });
}

/**
 * A ticket result: number, title, status and priority, and the passage that matched. Compact (the
 * header popover): one status badge, and the people instead of the passage when the ticket was
 * found by a requester's or assignee's name (nothing in its text is marked then).
 */
export function TicketResult({ hit, isCompact = false }: { hit: TSearchTicketHit; isCompact?: boolean }) {
  const t = useSearchT();
  const isFoundByPerson = hit.titleHighlights.length === 0 && hit.snippet.highlights.length === 0;
  const isSnippetShown = hit.snippet.text !== '' && !(isCompact && isFoundByPerson);
  return (
    <div className="flex min-w-0 gap-3">
      <Ticket className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-baseline gap-2">
          <span className="shrink-0 font-mono text-muted-foreground text-xs">{hit.ticketNumber}</span>
          <HighlightedText
            className={isCompact ? 'truncate font-medium text-sm' : 'font-medium text-sm'}
            text={hit.title}
            highlights={hit.titleHighlights}
          />
        </div>
        {isSnippetShown && (
          <p
            className={
              isCompact
                ? 'mt-0.5 line-clamp-2 text-muted-foreground text-xs'
                : 'mt-1 text-muted-foreground text-sm'
            }
          >
            {hit.snippetSource === 'comment' && (
              <span className="mr-1 inline-flex items-center gap-1 font-medium">
                <MessageSquare className="size-3" aria-hidden />
                {t('search.comment')}
              </span>
            )}
            <HighlightedText text={hit.snippet.text} highlights={hit.snippet.highlights} />
          </p>
        )}
        {isCompact && isFoundByPerson && (
          <p className="mt-0.5 truncate text-muted-foreground text-xs">{peopleLine(t, hit)}</p>
        )}
        {!isCompact && (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={hit.status} />
            <TicketPriorityBadge priority={hit.priority} />
            <span className="text-muted-foreground text-xs">{peopleLine(t, hit)}</span>
          </div>
        )}
      </div>
      {isCompact && <TicketStatusBadge status={hit.status} className="shrink-0 self-start" />}
    </div>
  );
}

/** A person: name, username, email and role (and their status when not active). */
export function PersonResult({ hit }: { hit: TSearchUserHit }) {
  const t = useSearchT();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="truncate font-medium text-sm">
          {hit.firstName} {hit.lastName}{' '}
          <span className="font-normal text-muted-foreground">@{hit.username}</span>
        </div>
        <div className="truncate text-muted-foreground text-xs">{hit.email}</div>
      </div>
      <div className="flex shrink-0 gap-1">
        {hit.status !== 'active' && <Badge variant="outline">{statusLabel(t, hit.status)}</Badge>}
        <Badge variant="secondary" className="capitalize">
          {t(ROLE_LABELS[hit.role])}
        </Badge>
      </div>
    </div>
  );
}

/** A knowledge base article: title, category (and status when not published), the passage that matched. */
export function ArticleResult({ hit, isCompact = false }: { hit: TSearchArticleHit; isCompact?: boolean }) {
  const t = useSearchT();
  return (
    <div className="flex min-w-0 gap-3">
      <BookOpen className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-baseline gap-2">
          <HighlightedText
            className={isCompact ? 'truncate font-medium text-sm' : 'font-medium text-sm'}
            text={hit.title}
            highlights={hit.titleHighlights}
          />
          <span className="shrink-0 text-muted-foreground text-xs">{hit.category.name}</span>
        </div>
        {hit.snippet.text !== '' && (
          <p
            className={
              isCompact
                ? 'mt-0.5 line-clamp-2 text-muted-foreground text-xs'
                : 'mt-1 text-muted-foreground text-sm'
            }
          >
            <HighlightedText text={hit.snippet.text} highlights={hit.snippet.highlights} />
          </p>
        )}
      </div>
      {hit.status !== 'published' && (
        <Badge
          variant={hit.status === 'draft' ? 'secondary' : 'outline'}
          className="shrink-0 self-start capitalize"
        >
          {statusLabel(t, hit.status)}
        </Badge>
      )}
    </div>
  );
}

// The header search's popover takes these with the rows, so their texts load when the box is reached for.

/** A group's heading in the header search's popover. */
export function GroupHeading({ kind }: { kind: TSearchGroupKind }) {
  const t = useSearchT();
  return t(SEARCH_GROUP_HEADING_IDS[kind]);
}

/** The popover's line for a search that found nothing. */
export function NoResults({ term }: { term: string }) {
  const t = useSearchT();
  return t('search.noResults', { term });
}

/** The popover's footer texts: the link to every result, and how the keys move through them. */
export function PopoverFooterText({ part, term }: { part: 'seeAll' | 'keys'; term?: string }) {
  const t = useSearchT();
  return part === 'seeAll' ? t('searchBox.seeAll', { term: term ?? '' }) : t('searchBox.keys');
}

/** The footer's sign that the results are being brought up to date. */
export function UpdatingSpinner() {
  const t = useSearchT();
  return <Spinner className="size-3" aria-label={t('searchBox.updating')} />;
}
