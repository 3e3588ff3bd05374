import type { TTicketEvent } from '@helpdesk/contracts';
import { Card, CardContent, CardHeader, CardTitle, formatListDate } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { History } from 'lucide-react';
import { eventActor, eventDescription } from './event-text.ts';
import { useTicketDetailT } from './messages.ts';

/** The ticket's timeline, newest first, in a box that scrolls once it grows long. */
export function ActivityCard({ events }: { events: readonly TTicketEvent[] }) {
  const t = useTicketDetailT();
  const locale = useLocale();
  if (events.length === 0) return null;
  const newestFirst = [...events].reverse();
  return (
    <Card data-testid="ticket-activity">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-4" aria-hidden />
          {t('ticketDetail.activity')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid max-h-80 gap-3 overflow-y-auto pr-1">
          {newestFirst.map((event) => (
            <li key={event.id} className="relative border-l-2 border-muted pl-3 text-sm">
              <p>
                <span className="font-medium">{eventActor(event, t)}</span>{' '}
                {eventDescription(event, t, locale)}
              </p>
              <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
                {formatListDate(event.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
