import '../remote-styles.ts';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, Spinner } from '@helpdesk/shared-ui';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ListControls } from '../ticket-list/list-controls.tsx';
import { emptyTicketListText, ticketListTitle } from '../ticket-list/list-filters.ts';
import { useTicketListT } from '../ticket-list/messages.ts';
import { SidebarViewLinks } from '../ticket-list/sidebar-view-links.tsx';
import { TicketListTable } from '../ticket-list/ticket-list-table.tsx';
import { useListSearch } from '../ticket-list/use-list-search.ts';
import { useListWork } from '../ticket-list/use-list-work.ts';
import { useNarrowScreen } from '../ticket-list/use-narrow-screen.ts';
import { useTicketList } from '../ticket-list/use-ticket-list.ts';
import { useViewCounts } from '../ticket-list/use-view-counts.ts';
import { ViewLinks } from '../ticket-list/view-links.tsx';

/**
 * Lucide's plus, drawn inline: it is the page's only icon at first use, and lucide's icon factory would
 * cost the list's first use more than the picture itself.
 */
function PlusIcon() {
  return (
    <svg
      className="size-4"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M5 12h14M12 5v14" />
    </svg>
  );
}

// The dialog (forms, upload, article suggestions) is fetched when the user reaches for it, not with the
// list: a remote's first use stays one small chunk (docs/performance.md, frontend budgets).
const loadCreateTicketDialog = () => import('../create-ticket/create-ticket-dialog.tsx');
const CreateTicketDialog = lazy(() =>
  loadCreateTicketDialog().then((module) => ({ default: module.CreateTicketDialog })),
);
const preloadCreateTicketDialog = () => void loadCreateTicketDialog();
// Staff's tools come with their first use: the bar with the first selection, the help with `?`.
const BulkPanel = lazy(() => import('../bulk-change/bulk-panel.tsx'));
const ShortcutsDialog = lazy(() => import('../list-shortcuts/shortcuts-dialog.tsx'));
// Requesters' Open / Closed switch: the staff's first use (the budgeted one) never needs it.
const RequesterScopeLinks = lazy(() => import('../ticket-list/requester-scope-links.tsx'));

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

/**
 * /tickets: the queues for agents and admins (views with counts, sort, filters, selection and bulk
 * changes, keyboard shortcuts), My Tickets for requesters. Its state lives in the address bar.
 */
export default function TicketListPage({ currentUser }: TRemotePageProps) {
  const t = useTicketListT();
  const isStaff = currentUser.role !== 'end_user';
  const { search, change } = useListSearch(currentUser.role);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  // Stays mounted after the first open so the closing animation and the form's state survive.
  const [isCreateMounted, setIsCreateMounted] = useState(false);
  const openCreate = useCallback(() => {
    setIsCreateMounted(true);
    setIsCreateOpen(true);
  }, []);
  useCreateRequestedInUrl(openCreate);
  const list = useTicketList(search);
  const tickets = list.data ? list.data.pages.flatMap((page) => page.tickets) : null;
  const counts = useViewCounts(list.dataUpdatedAt, isStaff);
  const work = useListWork({ currentUser, tickets, search });
  const isNarrow = useNarrowScreen();
  const title = ticketListTitle(currentUser.role, t);

  return (
    <div className="flex flex-col gap-4" data-testid="ticket-list-page">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-xl tracking-tight">{title}</h2>
          <p className="text-sm text-muted-foreground">
            {isStaff ? t('ticketList.staffIntro') : t('ticketList.requesterIntro')}
          </p>
        </div>
        <Button
          onClick={openCreate}
          onPointerEnter={preloadCreateTicketDialog}
          onFocus={preloadCreateTicketDialog}
          data-testid="list-new-ticket"
        >
          <PlusIcon />
          {t('ticketList.newTicket')}
        </Button>
      </div>

      <nav aria-label={isStaff ? t('ticketList.viewsLabel') : t('ticketList.scopesLabel')}>
        {isStaff ? (
          <>
            <ViewLinks role={currentUser.role} counts={counts} current={search.view ?? 'all'} />
            <SidebarViewLinks role={currentUser.role} counts={counts} current={search.view ?? 'all'} />
          </>
        ) : (
          <Suspense fallback={null}>
            <RequesterScopeLinks search={search} />
          </Suspense>
        )}
      </nav>

      <ListControls
        search={search}
        onChange={change}
        isRefreshing={list.isFetching && !list.isFetchingNextPage && tickets !== null}
      />

      {work.isBulkMounted && (
        <Suspense fallback={null}>
          <BulkPanel
            tickets={tickets ?? []}
            selectedIds={work.selectedIds}
            currentUserId={currentUser.id}
            assignRequest={work.assignRequest}
            onChanged={work.clearSelection}
            onClear={work.clearSelection}
          />
        </Suspense>
      )}

      {list.isError && !list.isFetchNextPageError ? (
        <Alert variant="destructive" data-testid="ticket-list-error">
          <AlertTitle>{t('ticketList.loadFailedTitle')}</AlertTitle>
          <AlertDescription>
            <p>{t('ticketList.loadFailedText')}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              disabled={list.isFetching}
              onClick={() => void list.refetch()}
            >
              {list.isFetching ? t('ticketList.retrying') : t('ticketList.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <Card className="py-0">
          <CardContent className="px-0">
            <TicketListTable
              role={currentUser.role}
              tickets={tickets}
              empty={emptyTicketListText(search, currentUser.role, t)}
              selection={work.selection}
              highlightedId={work.highlightedId}
              isNarrow={isNarrow}
            />
          </CardContent>
        </Card>
      )}

      {list.isFetchNextPageError && (
        <Alert variant="destructive">
          <AlertTitle>{t('ticketList.loadFailedTitle')}</AlertTitle>
          <AlertDescription>
            <p>{t('ticketList.nextFailedText')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.fetchNextPage()}>
              {t('ticketList.retry')}
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
            {list.isFetchingNextPage && <Spinner aria-label={t('ticketList.loadingMore')} />}
            {list.isFetchingNextPage ? t('ticketList.loading') : t('ticketList.loadMore')}
          </Button>
        </div>
      )}

      {work.isHelpOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog isOpen={work.isHelpOpen} onOpenChange={work.setIsHelpOpen} />
        </Suspense>
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
