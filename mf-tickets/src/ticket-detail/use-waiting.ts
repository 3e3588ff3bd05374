import { type TTicketSlaStatus, type TWaitOnRequesterRequest, ticketWaitingPath } from '@helpdesk/contracts';
import {
  ApiRequestError,
  apiRequest,
  handleSessionEnded,
  limitMessage,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterTicketChange, ticketSlaStatusKey } from '../tickets/ticket-query-keys.ts';
import { type TTicketDetailT, ticketDetailEnglish, useTicketDetailT } from './messages.ts';

/** What a refused hold or resume shows next to its button: the server's reason, or a general one. */
export function waitingFailureText(error: unknown, t: TTicketDetailT = ticketDetailEnglish): string {
  return limitMessage(error) ?? serverMessage(error) ?? t('ticketDetail.waitFailed');
}

/**
 * A 409 means the ticket changed elsewhere (resumed, resolved, already waiting): the screen is out of
 * date, so it is read again, and the reason goes to a toast since the button it came from may vanish.
 */
export function isStaleTicket(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409;
}

/**
 * PUT (start or change a hold) or DELETE (resume) /api/tickets/{id}/waiting. Both answer the SLA
 * status, shown at once; the ticket (its timeline), lists and dashboard are refetched.
 */
export function useWaiting(ticketId: string) {
  const t = useTicketDetailT();
  const queryClient = useQueryClient();
  const onSuccess = (status: TTicketSlaStatus) => {
    queryClient.setQueryData(ticketSlaStatusKey(ticketId), status);
    void refreshAfterTicketChange(queryClient, 'waiting', ticketId);
  };
  const onError = (error: unknown) => {
    if (handleSessionEnded(error) || !isStaleTicket(error)) return;
    toast({
      title: t('ticketDetail.error'),
      description: waitingFailureText(error, t),
      variant: 'destructive',
    });
    void refreshAfterTicketChange(queryClient, 'waiting', ticketId);
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
