import {
  IDEMPOTENCY_KEY_HEADER,
  type TBulkTicketRequest,
  type TBulkTicketResponse,
  TICKET_BULK_PATH,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createIdempotencyKeys } from '../tickets/idempotency-key.ts';
import { refreshAfterTicketChange } from '../tickets/ticket-query-keys.ts';

/**
 * POST /api/tickets/bulk: one change to the selected tickets. Each new change is a new attempt with a
 * fresh Idempotency-Key; the same change sent again after a network error reuses it, so it is not
 * applied twice. Afterwards the lists, the counts (through the lists) and the dashboard read again.
 */
export function useBulkChange() {
  const queryClient = useQueryClient();
  const [keys] = useState(createIdempotencyKeys);
  return useMutation({
    mutationFn: async (body: TBulkTicketRequest) => {
      try {
        const response = await apiRequest<TBulkTicketResponse>('POST', TICKET_BULK_PATH, body, {
          headers: { [IDEMPOTENCY_KEY_HEADER]: keys.current(body) },
        });
        keys.reset();
        return response;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    onSettled: () => refreshAfterTicketChange(queryClient, 'updated', null),
  });
}
