import {
  MAILBOX_PATHS,
  type TInboundMessageList,
  type TMailbox,
  type TMailboxList,
} from '@helpdesk/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatListDate,
  handleSessionEnded,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
  useLocalizeText,
} from '@helpdesk/shared-ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../feedback/confirm-delete-dialog.tsx';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { useFeedbackT } from '../feedback/messages.ts';
import { failureToast } from '../feedback/mutation-failure.ts';
import { mailboxStateText } from './mailbox-form.ts';
import { MailboxFormDialog } from './mailbox-form-dialog.tsx';
import { FAILED_MESSAGES_KEY, MAILBOXES_KEY } from './mailbox-query-keys.ts';
import { useMailboxesT } from './messages.ts';
import { useDeleteMailbox, useRetryMessage } from './use-mailbox-mutations.ts';

/** The confirmation before a mailbox is deleted, with the messages taken in from it. */
function DeleteMailboxDialog({ mailbox, onClose }: { mailbox: TMailbox; onClose: () => void }) {
  const remove = useDeleteMailbox(mailbox);
  const t = useMailboxesT();
  const texts = {
    title: t('mailboxes.deleteTitle'),
    text: t('mailboxes.deleteText', { name: mailbox.name, address: mailbox.address }),
    cancel: t('mailboxes.cancel'),
    confirm: t('mailboxes.deleteConfirm'),
    deleting: t('mailboxes.deleting'),
    deletingLabel: t('mailboxes.deletingLabel'),
  };
  return <ConfirmDeleteDialog remove={remove} texts={texts} onClose={onClose} />;
}

/** A mailbox's connection state, and the last error in words when there is one. */
function MailboxState({ mailbox }: { mailbox: TMailbox }) {
  const t = useMailboxesT();
  const localize = useLocalizeText();
  const state = mailboxStateText(mailbox, t);
  return (
    <>
      <Badge variant={state.tone}>{state.label}</Badge>
      {mailbox.lastError && (
        <div
          className="mt-1 whitespace-normal break-words text-muted-foreground text-xs"
          data-testid="mailbox-last-error"
        >
          {localize(mailbox.lastError)}
        </div>
      )}
    </>
  );
}

function MailboxTable({
  mailboxes,
  onEdit,
  onDelete,
}: {
  mailboxes: TMailbox[];
  onEdit: (mailbox: TMailbox) => void;
  onDelete: (mailbox: TMailbox) => void;
}) {
  const t = useMailboxesT();
  if (mailboxes.length === 0) {
    return (
      <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        {t('mailboxes.empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-4">{t('mailboxes.columnMailbox')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('mailboxes.columnLastChecked')}</TableHead>
            <TableHead className="pr-4 text-right">
              <span className="sr-only">{t('mailboxes.columnActions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {mailboxes.map((mailbox) => {
            return (
              <TableRow key={mailbox.id} data-testid="mailbox-row">
                <TableCell className="max-w-56 pl-4 sm:max-w-80">
                  <div className="truncate font-medium" title={mailbox.name}>
                    {mailbox.name}
                  </div>
                  <div className="truncate text-muted-foreground text-xs" title={mailbox.address}>
                    {mailbox.address} ·{' '}
                    {mailbox.kind === 'imap'
                      ? t('mailboxes.imapHost', { host: mailbox.host ?? '' })
                      : t('mailboxes.pipe')}
                  </div>
                  <div className="mt-1">
                    <MailboxState mailbox={mailbox} />
                  </div>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground text-sm md:table-cell">
                  {mailbox.lastCheckedAt ? formatListDate(mailbox.lastCheckedAt) : t('mailboxes.never')}
                </TableCell>
                <TableCell className="pr-4 text-right">
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onEdit(mailbox)}
                      aria-label={t('mailboxes.editNamed', { name: mailbox.name })}
                    >
                      {t('mailboxes.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onDelete(mailbox)}
                      aria-label={t('mailboxes.deleteNamed', { name: mailbox.name })}
                    >
                      {t('mailboxes.delete')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** Settings' "Mailboxes" card: the support mailboxes, their state, and Add / Edit / Delete. */
function MailboxesCard() {
  const query = useQuery<TMailboxList>({
    queryKey: MAILBOXES_KEY,
    // The worker records each look at a server: keep the state fresh while the page is open.
    refetchInterval: 30_000,
  });
  const [editing, setEditing] = useState<TMailbox | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TMailbox | null>(null);
  const t = useMailboxesT();
  return (
    <Card data-testid="mailboxes">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>{t('mailboxes.title')}</CardTitle>
          <CardDescription>{t('mailboxes.description')}</CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>{t('mailboxes.add')}</Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label={t('mailboxes.loading')} className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <LoadErrorAlert title={t('mailboxes.loadTitle')} message={t('mailboxes.loadText')} query={query} />
        ) : (
          <MailboxTable mailboxes={query.data.mailboxes} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </CardContent>
      <MailboxFormDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        mailbox={editing === 'new' || editing === null ? undefined : editing}
        isOpen={editing !== null}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
      />
      {deleting && <DeleteMailboxDialog mailbox={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}

/** Failed and held-back messages, newest first, a page at a time, each with Retry. */
function FailedMessagesCard() {
  const localize = useLocalizeText();
  const query = useInfiniteQuery({
    queryKey: FAILED_MESSAGES_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<TInboundMessageList>(
        'GET',
        `${MAILBOX_PATHS.messages}?status=failed${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
  const retry = useRetryMessage();
  const t = useMailboxesT();
  const feedbackT = useFeedbackT();
  const messages = query.data?.pages.flatMap((page) => page.messages) ?? [];
  return (
    <Card data-testid="failed-messages">
      <CardHeader>
        <CardTitle>{t('failedMessages.title')}</CardTitle>
        <CardDescription>{t('failedMessages.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {query.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : query.isError ? (
          <LoadErrorAlert
            title={t('failedMessages.loadTitle')}
            message={t('mailboxes.loadText')}
            query={query}
          />
        ) : messages.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            {t('failedMessages.empty')}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="pl-4">{t('failedMessages.columnFrom')}</TableHead>
                  <TableHead>{t('failedMessages.columnWhy')}</TableHead>
                  <TableHead className="hidden md:table-cell">{t('failedMessages.columnReceived')}</TableHead>
                  <TableHead className="pr-4 text-right">
                    <span className="sr-only">{t('mailboxes.columnActions')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {messages.map((message) => (
                  <TableRow key={message.id} data-testid="failed-message">
                    <TableCell className="max-w-40 pl-4 sm:max-w-64">
                      <div className="truncate" title={message.sender ?? undefined}>
                        {message.sender ?? t('failedMessages.unknownSender')}
                      </div>
                      <div
                        className="truncate text-muted-foreground text-xs"
                        title={message.subject ?? undefined}
                      >
                        {message.subject ?? t('failedMessages.noSubject')} · {message.mailboxName}
                      </div>
                      {/* On a phone the date column gives way, so the date rides with the sender. */}
                      <div className="text-muted-foreground text-xs md:hidden">
                        {formatListDate(message.receivedAt)}
                      </div>
                    </TableCell>
                    <TableCell className="max-w-72 whitespace-normal break-words text-sm">
                      <Badge variant={message.outcome === 'flood' ? 'warning' : 'destructive'}>
                        {message.outcome === 'flood'
                          ? t('failedMessages.heldBack')
                          : t('failedMessages.failed')}
                      </Badge>{' '}
                      <span className="text-muted-foreground text-xs">
                        {localize(message.lastError ?? '')}{' '}
                        {t('failedMessages.attempts', { count: message.attempts })}
                      </span>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground text-sm md:table-cell">
                      {formatListDate(message.receivedAt)}
                    </TableCell>
                    <TableCell className="pr-4 text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={retry.isPending}
                        onClick={() =>
                          retry.mutate(message.id, {
                            onError: (error) => {
                              if (handleSessionEnded(error)) return;
                              const title = t('failedMessages.retryError');
                              toast(failureToast(title, error, feedbackT('feedback.tryAgain')));
                            },
                          })
                        }
                      >
                        {t('failedMessages.retry')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {query.hasNextPage && (
          <div>
            <Button
              variant="outline"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? t('failedMessages.loadingMore') : t('failedMessages.showOlder')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Settings' mail-in part, loaded only when the Settings page opens (it is not on the first screen). */
export default function MailboxesSection() {
  return (
    <>
      <MailboxesCard />
      <FailedMessagesCard />
    </>
  );
}
