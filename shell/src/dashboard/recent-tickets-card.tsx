import type { TTicketSummary } from '@helpdesk/contracts';
import { LIMITS } from '@helpdesk/contracts/constants';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatListDate,
  fullName,
  Skeleton,
  TicketPriorityBadge,
  TicketStatusBadge,
} from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Inbox } from 'lucide-react';
import { CardError } from './card-error.tsx';
import { useRecentTickets } from './dashboard-queries.ts';
import { useDashboardT } from './messages.ts';

const ROWS = Array.from({ length: LIMITS.recentTicketsOnDashboard }, (_, n) => n);

function RecentTicketsSkeleton() {
  const t = useDashboardT();
  return (
    <ul className="divide-y" role="status" aria-busy="true" aria-label={t('recentTickets.loading')}>
      {ROWS.map((n) => (
        <li key={n} className="flex items-center gap-4 px-6 py-3.5" data-testid="ticket-row-skeleton">
          <div className="min-w-0 flex-1 space-y-2">
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-3 w-2/5" />
          </div>
          <Skeleton className="h-5 w-20" />
          <Skeleton className="hidden h-5 w-16 sm:block" />
        </li>
      ))}
    </ul>
  );
}

function TicketRow({ ticket, isRequesterShown }: { ticket: TTicketSummary; isRequesterShown: boolean }) {
  return (
    <li>
      <Link
        to="/tickets/$ticketId"
        params={{ ticketId: ticket.id }}
        className="flex items-center gap-4 px-6 py-3 transition-colors hover:bg-accent/60 focus-visible:bg-accent focus-visible:outline-none"
        data-testid="recent-ticket"
      >
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-sm">{ticket.title}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
            <span className="font-mono">{ticket.ticketNumber}</span>
            <span aria-hidden>·</span>
            {isRequesterShown && (
              <>
                <span className="truncate">{fullName(ticket.requester)}</span>
                <span aria-hidden>·</span>
              </>
            )}
            <time dateTime={ticket.createdAt}>{formatListDate(ticket.createdAt)}</time>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5 sm:flex-row sm:items-center sm:gap-2">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
      </Link>
    </li>
  );
}

/** The newest tickets the user may see, each opening its detail page, with View All to the list. */
export function RecentTicketsCard({ isRequester }: { isRequester: boolean }) {
  const t = useDashboardT();
  const query = useRecentTickets();
  return (
    <Card className="gap-0 pb-0" data-testid="recent-tickets">
      <CardHeader className="border-b pb-4">
        <CardTitle>{t('recentTickets.title')}</CardTitle>
        <CardDescription>
          {isRequester ? t('recentTickets.requesterDescription') : t('recentTickets.staffDescription')}
        </CardDescription>
        <CardAction>
          <Link
            to="/tickets"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-primary text-sm hover:bg-primary/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('recentTickets.viewAll')}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </CardAction>
      </CardHeader>
      <CardContent className="px-0">
        {query.isPending ? (
          <RecentTicketsSkeleton />
        ) : query.isError ? (
          <CardError
            message={t('recentTickets.loadFailed')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : query.data.tickets.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <Inbox className="size-8 text-muted-foreground/60" aria-hidden />
            <p className="text-muted-foreground text-sm">{t('recentTickets.empty')}</p>
          </div>
        ) : (
          <ul className="divide-y">
            {query.data.tickets.slice(0, LIMITS.recentTicketsOnDashboard).map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} isRequesterShown={!isRequester} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
