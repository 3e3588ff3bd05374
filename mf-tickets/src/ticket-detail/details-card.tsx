import { TICKET_CATEGORY_LABELS, type TTicketDetail, type TTicketSlaStatus } from '@helpdesk/contracts';
import { Card, CardContent, CardHeader, CardTitle, cn, fullName } from '@helpdesk/shared-ui';
import type { ReactNode } from 'react';
import { NO_SLA_TARGETS_TEXT, resolveByText, slaLines } from '../sla/sla-text.ts';
import { SLA_TONE_CLASSES } from '../sla/sla-tones.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground uppercase tracking-wide">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Per-target texts once the SLA status is known, 'Resolve by {date}' before. */
function SlaInformation({ ticket, sla }: { ticket: TTicketDetail; sla: TTicketSlaStatus | undefined }) {
  if (!sla) {
    const resolveBy = resolveByText(ticket.slaResolveBy);
    return resolveBy ? <span>{resolveBy}</span> : <span className="text-muted-foreground">Checking...</span>;
  }
  const lines = slaLines(sla);
  if (lines.length === 0) return <span className="text-muted-foreground">{NO_SLA_TARGETS_TEXT}</span>;
  return (
    <ul className="grid gap-0.5" data-testid="sla-lines">
      {lines.map((line) => (
        <li key={line.target} data-sla-status={line.status}>
          <span className="text-muted-foreground">{line.target}: </span>
          <span className={cn('font-medium', SLA_TONE_CLASSES[line.tone])}>{line.text}</span>
        </li>
      ))}
    </ul>
  );
}

type TProps = { ticket: TTicketDetail; sla: TTicketSlaStatus | undefined };

/** Who asked, who works on it, the category and the SLA targets. */
export function DetailsCard({ ticket, sla }: TProps) {
  return (
    <Card data-testid="ticket-details">
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <Row label="Requester">
            <div>{fullName(ticket.requester)}</div>
            <div className="break-all text-muted-foreground">{ticket.requester.email}</div>
          </Row>
          {ticket.assignee && <Row label="Assignee">{fullName(ticket.assignee)}</Row>}
          {ticket.team && <Row label="Team">{ticket.team.name}</Row>}
          <Row label="Category">{TICKET_CATEGORY_LABELS[ticket.category]}</Row>
          <Row label="SLA">
            <SlaInformation ticket={ticket} sla={sla} />
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}
