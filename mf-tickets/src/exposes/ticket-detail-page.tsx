import '../remote-styles.ts';
import type { TTicketDetail, TTicketDetailPageProps, TUser } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  ApiRequestError,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDetailDate,
  Spinner,
  TicketPriorityBadge,
  TicketStatusBadge,
  useCurrentUser,
} from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { ActionsCard } from '../ticket-detail/actions-card.tsx';
import { ActivityCard } from '../ticket-detail/activity-card.tsx';
import { AttachmentsCard } from '../ticket-detail/attachments-card.tsx';
import { CommentsCard } from '../ticket-detail/comments-card.tsx';
import { DetailsCard } from '../ticket-detail/details-card.tsx';
import { FollowUpLinks } from '../ticket-detail/follow-up-links.tsx';
import { useTicketDetailT } from '../ticket-detail/messages.ts';
import { PresenceBar } from '../ticket-detail/presence-bar.tsx';
import { useTicketPresence } from '../ticket-detail/use-presence.ts';
import { useTicket, useTicketSlaStatus } from '../ticket-detail/use-ticket-detail.ts';

function BackLink() {
  const t = useTicketDetailT();
  return (
    <Link
      to="/tickets"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('ticketDetail.back')}
    </Link>
  );
}

/** Someone else's ticket answers 404 exactly like a missing one; a malformed id answers 400. */
function isNotFound(error: Error | null): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

function TicketNotFound() {
  const t = useTicketDetailT();
  return (
    <Card className="mx-auto w-full max-w-lg" data-testid="ticket-not-found">
      <CardHeader>
        <CardTitle>{t('ticketDetail.notFoundTitle')}</CardTitle>
        <CardDescription>{t('ticketDetail.notFoundText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <BackLink />
      </CardContent>
    </Card>
  );
}

function TicketSummary({ ticket }: { ticket: TTicketDetail }) {
  const t = useTicketDetailT();
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle className="min-w-0 text-lg leading-snug break-words" data-testid="ticket-title">
            {ticket.title}
          </CardTitle>
          <div className="flex shrink-0 gap-2">
            <TicketPriorityBadge priority={ticket.priority} />
            <TicketStatusBadge status={ticket.status} />
          </div>
        </div>
        <CardDescription className="flex flex-wrap gap-x-2">
          <span className="font-mono">{ticket.ticketNumber}</span>
          <span aria-hidden>·</span>
          <span>
            {t('ticketDetail.created')}{' '}
            <time dateTime={ticket.createdAt}>{formatDetailDate(ticket.createdAt)}</time>
          </span>
        </CardDescription>
        <FollowUpLinks ticket={ticket} />
      </CardHeader>
      <CardContent>
        <h3 className="mb-1 text-sm font-medium text-muted-foreground">{t('ticketDetail.description')}</h3>
        <p className="whitespace-pre-wrap break-words text-sm" data-testid="ticket-description">
          {ticket.description}
        </p>
      </CardContent>
    </Card>
  );
}

function TicketView({ ticket, user }: { ticket: TTicketDetail; user: TUser }) {
  const t = useTicketDetailT();
  const isStaff = user.role === 'agent' || user.role === 'admin';
  const sla = useTicketSlaStatus(ticket.id, true);
  const presence = useTicketPresence(ticket.id, isStaff);
  return (
    <div className="flex flex-col gap-4" data-testid="ticket-detail-page">
      <BackLink />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 className="font-semibold text-2xl tracking-tight" data-testid="ticket-heading">
          {t('ticketDetail.heading', { number: ticket.ticketNumber })}
        </h2>
        {isStaff && <PresenceBar viewers={presence.viewers} />}
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <TicketSummary ticket={ticket} />
          <CommentsCard
            ticketId={ticket.id}
            comments={ticket.comments}
            canWriteInternal={isStaff}
            writerId={isStaff ? user.id : null}
            onDraftChange={isStaff ? presence.reportDraft : undefined}
            canned={isStaff ? { ticket, agent: user } : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          {isStaff && <ActionsCard ticket={ticket} />}
          <DetailsCard ticket={ticket} sla={sla.data} canHold={isStaff} />
          <AttachmentsCard
            ticketId={ticket.id}
            attachments={ticket.attachments}
            canUpload={isStaff || ticket.requesterId === user.id}
          />
          <ActivityCard events={ticket.events} />
        </div>
      </div>
    </div>
  );
}

/** /tickets/{id}: the ticket, its conversation, and (for agents and admins) the controls to work it. */
export default function TicketDetailPage({ ticketId, currentUser }: TTicketDetailPageProps) {
  const t = useTicketDetailT();
  const auth = useCurrentUser();
  const ticket = useTicket(ticketId);
  // Nothing at all while the signed-in user is loading or gone (after a logout).
  if (auth.isLoading || !auth.user) return null;
  // The freshest copy of the signed-in user decides what is shown; the server enforces it anyway.
  const user = auth.user ?? currentUser;

  if (ticket.data) return <TicketView ticket={ticket.data} user={user} />;
  if (ticket.isPending) {
    return (
      <div className="flex items-center gap-2 py-10 text-muted-foreground" role="status">
        <Spinner aria-hidden />
        {t('ticketDetail.loading')}
      </div>
    );
  }
  if (isNotFound(ticket.error)) return <TicketNotFound />;
  return (
    <Alert variant="destructive" data-testid="ticket-load-error">
      <AlertTitle>{t('ticketDetail.loadFailedTitle')}</AlertTitle>
      <AlertDescription>
        <p>{t('ticketDetail.loadFailedText')}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={ticket.isFetching}
          onClick={() => void ticket.refetch()}
        >
          {ticket.isFetching ? t('ticketDetail.retrying') : t('ticketDetail.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
