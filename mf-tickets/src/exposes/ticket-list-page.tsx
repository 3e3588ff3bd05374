import '../remote.css';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@helpdesk/shared-ui';

/** /tickets: a placeholder until the tickets issue builds the list. */
export default function TicketListPage({ currentUser }: TRemotePageProps) {
  // Spec section 1: requesters follow their own tickets, agents and admins work on everyone's.
  const isRequester = currentUser.role === 'end_user';
  return (
    <Card data-testid="ticket-list-page">
      <CardHeader>
        <CardTitle>{isRequester ? 'My Tickets' : 'All Tickets'}</CardTitle>
        <CardDescription>
          {isRequester
            ? 'The support tickets you have raised, with their status and priority.'
            : 'Every support ticket, filtered by status and priority.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">The ticket list is being set up.</p>
      </CardContent>
    </Card>
  );
}
