import {
  API_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  type TCreateTicketRequest,
  type TTicketDetail,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadFailureMessage } from '../attachments/attachment-files.ts';
import { useAttachmentsT } from '../attachments/messages.ts';
import { uploadAttachment } from '../attachments/upload-attachment.ts';
import { createIdempotencyKeys } from '../tickets/idempotency-key.ts';
import { refreshAfterTicketChange } from '../tickets/ticket-query-keys.ts';
import type { TUploadFailure } from './create-ticket-form.ts';

export type TCreateTicketVariables = { body: TCreateTicketRequest; files: readonly File[] };
export type TCreateTicketResult = { ticket: TTicketDetail; uploadFailures: TUploadFailure[] };

/**
 * Files a ticket, then uploads its files one by one. A retry of the same request after a network
 * error reuses its Idempotency-Key, so it cannot file the ticket twice; a refused file does not
 * undo the ticket (the result lists it).
 */
export function useCreateTicket() {
  const t = useAttachmentsT();
  const queryClient = useQueryClient();
  const [keys] = useState(createIdempotencyKeys);
  const mutation = useMutation({
    mutationFn: async ({ body, files }: TCreateTicketVariables): Promise<TCreateTicketResult> => {
      let ticket: TTicketDetail;
      try {
        ticket = await apiRequest<TTicketDetail>('POST', API_PATHS.tickets, body, {
          headers: { [IDEMPOTENCY_KEY_HEADER]: keys.current(body) },
        });
      } catch (error) {
        keys.settle(error);
        throw error;
      }
      keys.reset();
      const uploadFailures: TUploadFailure[] = [];
      for (const file of files) {
        try {
          await uploadAttachment(ticket.id, file);
        } catch (error) {
          uploadFailures.push({ fileName: file.name, message: uploadFailureMessage(error, t) });
        }
      }
      return { ticket, uploadFailures };
    },
    onSuccess: ({ ticket }) => {
      void refreshAfterTicketChange(queryClient, 'created', ticket.id);
    },
  });
  return { ...mutation, resetAttempt: keys.reset };
}
