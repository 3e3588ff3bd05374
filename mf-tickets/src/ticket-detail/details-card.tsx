import { TICKET_CATEGORY_LABELS, type TTicketDetail, type TTicketSlaStatus } from '@helpdesk/contracts';
import { Card, CardContent, CardHeader, CardTitle, fullName, useLocalizeText } from '@helpdesk/shared-ui';
import type { ReactNode } from 'react';
import { useTicketDetailT } from './messages.ts';
import { SlaSection } from './sla-section.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground uppercase tracking-wide">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

type TProps = {
  ticket: TTicketDetail;
  sla: TTicketSlaStatus | undefined;
  /** Agents and admins may put the ticket on hold and resume it. */
  canHold: boolean;
};

/** Who asked, who works on it, the category and the SLA targets. */
export function DetailsCard({ ticket, sla, canHold }: TProps) {
  const t = useTicketDetailT();
  const localize = useLocalizeText();
  return (
    <Card data-testid="ticket-details">
      <CardHeader>
        <CardTitle>{t('ticketDetail.details')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <Row label={t('ticketDetail.requester')}>
            <div>{fullName(ticket.requester)}</div>
            <div className="break-all text-muted-foreground">{ticket.requester.email}</div>
          </Row>
          {ticket.assignee && <Row label={t('ticketDetail.assignee')}>{fullName(ticket.assignee)}</Row>}
          {ticket.team && <Row label={t('ticketDetail.team')}>{ticket.team.name}</Row>}
          <Row label={t('ticketDetail.category')}>{localize(TICKET_CATEGORY_LABELS[ticket.category])}</Row>
          <Row label={t('ticketDetail.sla')}>
            <SlaSection ticket={ticket} sla={sla} canHold={canHold} />
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}
