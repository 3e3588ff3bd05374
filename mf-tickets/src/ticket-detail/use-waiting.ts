import { type TTicketSlaStatus, type TWaitOnRequesterRequest, ticketWaitingPath } from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, limitMessage, serverMessage } from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterTicketChange, ticketSlaStatusKey } from '../tickets/ticket-query-keys.ts';

/** What a refused hold or resume shows next to its button: the server's reason, or a general one. */
export function waitingFailureText(error: unknown): string {
  return limitMessage(error) ?? serverMessage(error) ?? 'The change could not be saved. Please try again.';
}

/**
 * PUT (start or change a hold) or DELETE (resume) /api/tickets/{id}/waiting. Both answer the SLA
 * status, shown at once; the ticket (its timeline), lists and dashboard are refetched.
 */
export function useWaiting(ticketId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (status: TTicketSlaStatus) => {
    queryClient.setQueryData(ticketSlaStatusKey(ticketId), status);
    void refreshAfterTicketChange(queryClient, 'waiting', ticketId);
  };
  const onError = (error: unknown) => {
    handleSessionEnded(error);
  };
  const start = useMutation({
    mutationFn: (body: TWaitOnRequesterRequest) =>
      apiRequest<TTicketSlaStatus>('PUT', ticketWaitingPath(ticketId), body),
    onSuccess,
    onError,
  });
  const resume = useMutation({
    mutationFn: () => apiRequest<TTicketSlaStatus>('DELETE', ticketWaitingPath(ticketId)),
    onSuccess,
    onError,
  });
  return { start, resume };
}
