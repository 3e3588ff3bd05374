import {
  IDEMPOTENCY_KEY_HEADER,
  type TAddCommentAnswer,
  type TAssignmentOptions,
  type TCreateCommentRequest,
  type TTicketDetail,
  type TTicketSlaStatus,
  type TUpdateTicketRequest,
  ticketCommentsPath,
  ticketPath,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { uploadAttachment } from '../attachments/upload-attachment.ts';
import { createIdempotencyKeys } from '../tickets/idempotency-key.ts';
import { useTicketFeedbackT } from '../tickets/messages.ts';
import { reportFailure, reportFollowUp, reportSuccess } from '../tickets/mutation-feedback.ts';
import {
  ASSIGNMENT_OPTIONS_KEY,
  refreshAfterTicketChange,
  ticketDetailKey,
  ticketSlaStatusKey,
} from '../tickets/ticket-query-keys.ts';

// A ticket changes under other people's hands: each visit reads it again, showing the cached copy meanwhile.
const ON_EVERY_VISIT = { refetchOnMount: 'always' } as const;

/** GET /api/tickets/{id} */
export function useTicket(ticketId: string) {
  return useQuery<TTicketDetail>({ queryKey: ticketDetailKey(ticketId), ...ON_EVERY_VISIT });
}

/** GET /api/tickets/{id}/sla-status, once the ticket itself is known to exist. */
export function useTicketSlaStatus(ticketId: string, isEnabled: boolean) {
  return useQuery<TTicketSlaStatus>({
    queryKey: ticketSlaStatusKey(ticketId),
    enabled: isEnabled,
    ...ON_EVERY_VISIT,
  });
}

/** GET /api/tickets/assignment-options: only agents and admins may ask. */
export function useAssignmentOptions(isEnabled: boolean) {
  return useQuery<TAssignmentOptions>({ queryKey: ASSIGNMENT_OPTIONS_KEY, enabled: isEnabled });
}

/** PATCH /api/tickets/{id}: status, priority, assignee or team (agents and admins). */
export function useUpdateTicket(ticketId: string) {
  const t = useTicketFeedbackT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TUpdateTicketRequest) =>
      apiRequest<TTicketDetail>('PATCH', ticketPath(ticketId), change),
    onSuccess: (ticket) => {
      // The answer is the updated ticket: the selects show it at once, before the refetches land.
      queryClient.setQueryData(ticketDetailKey(ticketId), ticket);
      reportSuccess('update', t);
      void refreshAfterTicketChange(queryClient, 'updated', ticketId);
    },
    onError: (error) => reportFailure('update', error, undefined, t),
  });
}

/** POST /api/tickets/{id}/comments, with an Idempotency-Key so a retried send cannot post twice. */
export function useAddComment(ticketId: string) {
  const t = useTicketFeedbackT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [keys] = useState(createIdempotencyKeys);
  return useMutation({
    mutationFn: async (body: TCreateCommentRequest) => {
      try {
        const answer = await apiRequest<TAddCommentAnswer>('POST', ticketCommentsPath(ticketId), body, {
          headers: { [IDEMPOTENCY_KEY_HEADER]: keys.current(body) },
        });
        keys.reset();
        return answer;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    onSuccess: (answer) => {
      if ('followUpTicket' in answer) {
        // Too late to reopen this ticket: the reply became a new one, which the requester is taken to.
        reportFollowUp(answer.followUpTicket, t);
        void refreshAfterTicketChange(queryClient, 'commented', ticketId);
        void navigate({ to: '/tickets/$ticketId', params: { ticketId: answer.followUpTicket.id } });
        return;
      }
      reportSuccess('comment', t);
      void refreshAfterTicketChange(queryClient, 'commented', ticketId);
    },
    onError: (error) => reportFailure('comment', error, undefined, t),
  });
}

/** POST one file to the ticket's attachments; the caller reports the outcome. */
export function useUploadAttachment(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAttachment(ticketId, file),
    onSuccess: () => {
      void refreshAfterTicketChange(queryClient, 'attached', ticketId);
    },
  });
}
