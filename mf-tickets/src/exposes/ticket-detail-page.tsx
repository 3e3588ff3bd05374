import '../remote.css';
import type { TTicketDetailPageProps } from '@helpdesk/contracts';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';

/** /tickets/{id}: a placeholder until the tickets issue builds the detail page. */
export default function TicketDetailPage({ ticketId }: TTicketDetailPageProps) {
  return (
    <Card data-testid="ticket-detail-page">
      <CardHeader>
        <CardTitle>Ticket</CardTitle>
        <CardDescription>
          The ticket's description, comments, status and priority controls, SLA targets and attachments.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        <p className="text-muted-foreground">Ticket details are being set up.</p>
        <p className="text-muted-foreground">
          Requested ticket: <span className="font-mono text-foreground">{ticketId}</span>
        </p>
      </CardContent>
      <CardFooter>
        <Link to="/tickets" className="text-sm font-medium text-primary hover:underline">
          Back to tickets
        </Link>
      </CardFooter>
    </Card>
  );
}
