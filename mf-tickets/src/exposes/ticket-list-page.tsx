import '../remote-styles.ts';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, Spinner } from '@helpdesk/shared-ui';
import { Select, SelectContent, SelectOptions, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  emptyTicketListText,
  NO_FILTERS,
  PRIORITY_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  type TTicketListFilters,
  ticketListTitle,
  toPriorityFilter,
  toStatusFilter,
} from '../ticket-list/list-filters.ts';
import { TicketListTable } from '../ticket-list/ticket-list-table.tsx';
import { useTicketList } from '../ticket-list/use-ticket-list.ts';

// The dialog (forms, upload, article suggestions) is fetched when the user reaches for it, not with the
// list: a remote's first use stays one small chunk (docs/performance.md, frontend budgets).
const loadCreateTicketDialog = () => import('../create-ticket/create-ticket-dialog.tsx');
const CreateTicketDialog = lazy(() =>
  loadCreateTicketDialog().then((module) => ({ default: module.CreateTicketDialog })),
);
const preloadCreateTicketDialog = () => void loadCreateTicketDialog();

/** `?create=1` opens the dialog: links from elsewhere (and older header builds) ask for it that way. */
function useCreateRequestedInUrl(open: () => void) {
  const { pathname, searchStr } = useLocation();
  const navigate = useNavigate();
  const isRequested = new URLSearchParams(searchStr).get('create') === '1';
  useEffect(() => {
    if (!isRequested) return;
    open();
    // Cleared at once, so a reload or Back does not open the dialog again.
    void navigate({ to: pathname, search: {}, replace: true });
  }, [isRequested, open, navigate, pathname]);
}

/** /tickets: All Tickets for agents and admins, My Tickets for requesters. */
export default function TicketListPage({ currentUser }: TRemotePageProps) {
  const [filters, setFilters] = useState<TTicketListFilters>(NO_FILTERS);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  // Stays mounted after the first open so the closing animation and the form's state survive.
  const [isCreateMounted, setIsCreateMounted] = useState(false);
  const openCreate = useCallback(() => {
    setIsCreateMounted(true);
    setIsCreateOpen(true);
  }, []);
  useCreateRequestedInUrl(openCreate);
  const list = useTicketList(filters);
  const tickets = list.data ? list.data.pages.flatMap((page) => page.tickets) : null;
  const title = ticketListTitle(currentUser.role);

  return (
    <div className="flex flex-col gap-4" data-testid="ticket-list-page">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-xl tracking-tight">{title}</h2>
          <p className="text-sm text-muted-foreground">
            {currentUser.role === 'end_user'
              ? 'The support tickets you have raised, newest first.'
              : 'Every support ticket, newest first.'}
          </p>
        </div>
        <Button
          onClick={openCreate}
          onPointerEnter={preloadCreateTicketDialog}
          onFocus={preloadCreateTicketDialog}
          data-testid="list-new-ticket"
        >
          <Plus className="size-4" aria-hidden />
          New Ticket
        </Button>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Select
          value={filters.status}
          onValueChange={(value) => setFilters((f) => ({ ...f, status: toStatusFilter(value) }))}
        >
          <SelectTrigger className="w-full bg-background sm:w-44" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectOptions options={STATUS_FILTER_OPTIONS} />
          </SelectContent>
        </Select>
        <Select
          value={filters.priority}
          onValueChange={(value) => setFilters((f) => ({ ...f, priority: toPriorityFilter(value) }))}
        >
          <SelectTrigger className="w-full bg-background sm:w-44" aria-label="Filter by priority">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectOptions options={PRIORITY_FILTER_OPTIONS} />
          </SelectContent>
        </Select>
        {list.isFetching && !list.isFetchingNextPage && tickets !== null && (
          <Spinner aria-label="Refreshing tickets" className="text-muted-foreground" />
        )}
      </div>

      {list.isError && !list.isFetchNextPageError ? (
        <Alert variant="destructive" data-testid="ticket-list-error">
          <AlertTitle>Failed to fetch tickets</AlertTitle>
          <AlertDescription>
            <p>The ticket list could not be loaded. Check your connection and try again.</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              disabled={list.isFetching}
              onClick={() => void list.refetch()}
            >
              {list.isFetching ? 'Retrying...' : 'Retry'}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <Card className="py-0">
          <CardContent className="px-0">
            <TicketListTable
              role={currentUser.role}
              tickets={tickets}
              empty={emptyTicketListText(filters, currentUser.role)}
            />
          </CardContent>
        </Card>
      )}

      {list.isFetchNextPageError && (
        <Alert variant="destructive">
          <AlertTitle>Failed to fetch tickets</AlertTitle>
          <AlertDescription>
            <p>The next tickets could not be loaded.</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.fetchNextPage()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {list.hasNextPage && !list.isFetchNextPageError && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            data-testid="load-more-tickets"
          >
            {list.isFetchingNextPage && <Spinner aria-label="Loading more tickets" />}
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}

      {isCreateMounted && (
        <Suspense fallback={null}>
          <CreateTicketDialog
            currentUser={currentUser}
            isOpen={isCreateOpen}
            onOpenChange={setIsCreateOpen}
          />
        </Suspense>
      )}
    </div>
  );
}
