import { cn } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import type { TListSearch } from './list-search.ts';
import { useTicketListT } from './messages.ts';
import { requesterScope, requesterScopeSearch, type TRequesterScope } from './requester-scope.ts';

const SCOPES = [
  { scope: 'all', label: 'ticketList.scopeAll' },
  { scope: 'open', label: 'ticketList.scopeOpen' },
  { scope: 'closed', label: 'ticketList.scopeClosed' },
] as const satisfies readonly { scope: TRequesterScope; label: string }[];

/** A requester's switch between all their tickets, the open ones and the finished ones. */
export default function RequesterScopeLinks({ search }: { search: TListSearch }) {
  const t = useTicketListT();
  const current = requesterScope(search);
  return (
    <ul className="inline-flex rounded-lg border bg-muted p-1" data-testid="requester-scopes">
      {SCOPES.map(({ scope, label }) => (
        <li key={scope}>
          <Link
            to="/tickets"
            search={requesterScopeSearch(search, scope)}
            aria-current={current === scope ? 'page' : undefined}
            className={cn(
              'block rounded-md px-3 py-1.5 font-medium text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              current === scope ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {t(label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
