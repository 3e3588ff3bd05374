import type { TTicketViewer } from '@helpdesk/contracts';
import { Avatar, AvatarFallback, fullName, initials } from '@helpdesk/shared-ui';
import { Eye, PenLine } from 'lucide-react';
import { useTicketDetailT } from './messages.ts';

/**
 * Who else has this ticket open, and who is writing a reply. A polite live region that is always
 * there (empty when nobody is), so screen readers hear arrivals, departures and writing.
 */
export function PresenceBar({ viewers }: { viewers: readonly TTicketViewer[] }) {
  const t = useTicketDetailT();
  return (
    <div role="status" aria-live="polite" data-testid="presence-bar">
      {viewers.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {viewers.map((viewer) => (
            <li
              key={viewer.id}
              data-testid="presence-viewer"
              data-typing={viewer.typing}
              className="flex items-center gap-2 rounded-full border bg-muted/50 py-1 pr-3 pl-1 text-sm"
            >
              <Avatar className="size-6" aria-hidden>
                <AvatarFallback className="text-[10px]">
                  {initials(viewer.firstName, viewer.lastName)}
                </AvatarFallback>
              </Avatar>
              {viewer.typing ? (
                <PenLine className="size-3.5 text-muted-foreground" aria-hidden />
              ) : (
                <Eye className="size-3.5 text-muted-foreground" aria-hidden />
              )}
              <span>
                {viewer.typing
                  ? t('ticketDetail.writing', { name: fullName(viewer) })
                  : t('ticketDetail.viewing', { name: fullName(viewer) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
