import type { TBulkTicketRequest, TTicketSummary } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { useEffect, useState } from 'react';
import { BulkBar } from './bulk-bar.tsx';
import { bulkOutcome, type TBulkOutcome } from './bulk-outcome.ts';
import { BulkOutcomeAlert } from './bulk-outcome-alert.tsx';
import { type TBulkT, useBulkT } from './messages.ts';
import { useBulkChange } from './use-bulk-change.ts';

/** `a` on a row: assign that one ticket to the caller (a new request each press). */
export type TAssignRequest = { ticketId: string; nonce: number };

type TProps = {
  tickets: readonly TTicketSummary[];
  selectedIds: readonly string[];
  currentUserId: string;
  assignRequest: TAssignRequest | null;
  /** A change went through: the selection is done with. */
  onChanged: () => void;
  onClear: () => void;
};

/** What went wrong with a whole bulk request, in the server's words when it gave some. */
function failureOutcome(error: unknown, t: TBulkT): TBulkOutcome {
  const message = error instanceof ApiRequestError ? error.body?.message : undefined;
  return { summary: message ?? t('bulk.failed'), refused: [], isError: true };
}

/**
 * The bar over the selected tickets and the outcome of the last change (fetched with the first
 * selection, not with the list: a requester never needs it).
 */
export default function BulkPanel({
  tickets,
  selectedIds,
  currentUserId,
  assignRequest,
  onChanged,
  onClear,
}: TProps) {
  const t = useBulkT();
  const bulk = useBulkChange();
  const [outcome, setOutcome] = useState<TBulkOutcome | null>(null);

  const apply = (ids: readonly string[], changes: TBulkTicketRequest['changes']) => {
    if (ids.length === 0) return;
    const numbers = new Map(tickets.map((ticket) => [ticket.id, ticket.ticketNumber]));
    setOutcome(null);
    bulk.mutate(
      { ids: [...ids], changes },
      {
        onSuccess: (response) => {
          setOutcome(bulkOutcome(response, numbers, t));
          onChanged();
        },
        onError: (error) => setOutcome(failureOutcome(error, t)),
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: each request (its nonce) is sent once
  useEffect(() => {
    if (assignRequest) apply([assignRequest.ticketId], { assigneeId: currentUserId });
  }, [assignRequest?.nonce]);

  return (
    <>
      {selectedIds.length > 0 && (
        <BulkBar
          count={selectedIds.length}
          currentUserId={currentUserId}
          isPending={bulk.isPending}
          onChange={(changes) => apply(selectedIds, changes)}
          onClear={onClear}
        />
      )}
      <BulkOutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />
    </>
  );
}
