import {
  ADMIN_API_PATHS,
  inboundMessageRetryPath,
  MAILBOX_PATHS,
  mailboxPath,
  type TMailbox,
  type TMailboxTestRequest,
  type TMailboxTestResponse,
} from '@helpdesk/contracts';
import { apiRequest, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailboxFormRequest } from './mailbox-form.ts';
import { FAILED_MESSAGES_KEY, MAILBOXES_KEY } from './mailbox-query-keys.ts';

// Every change is audited, and a deleted mailbox takes its failed messages with it.
function refreshMailboxes(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MAILBOXES_KEY }),
    queryClient.invalidateQueries({ queryKey: FAILED_MESSAGES_KEY }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  ]);
}

/** POST, or PATCH with the whole form when `mailboxId` is given; the dialog shows a failure itself. */
export function useSaveMailbox(mailboxId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMailboxFormRequest) =>
      mailboxId
        ? apiRequest<TMailbox>('PATCH', mailboxPath(mailboxId), body)
        : apiRequest<TMailbox>('POST', MAILBOX_PATHS.mailboxes, body),
    onSuccess: (mailbox) => {
      toast({
        title: mailboxId ? 'Mailbox saved' : 'Mailbox created',
        description: mailbox.isActive
          ? `Mail to ${mailbox.address} will become tickets.`
          : `${mailbox.name} is inactive: its mail is not read.`,
      });
      return refreshMailboxes(queryClient);
    },
  });
}

/** DELETE /api/admin/mailboxes/{id}; a refusal stays in the dialog. */
export function useDeleteMailbox(mailbox: TMailbox) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', mailboxPath(mailbox.id)),
    onSuccess: () => toast({ title: 'Mailbox deleted', description: `${mailbox.name} is no longer read.` }),
    onSettled: () => refreshMailboxes(queryClient),
  });
}

/** POST /api/admin/mailboxes/messages/{id}/retry. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => apiRequest<null>('POST', inboundMessageRetryPath(messageId), {}),
    onSuccess: () =>
      toast({ title: 'Message released', description: 'It will be processed again in a moment.' }),
    onSettled: () => refreshMailboxes(queryClient),
  });
}

/** POST /api/admin/mailboxes/test: the server's answer in words, shown in the form. */
export function useTestConnection() {
  return useMutation({
    mutationFn: (body: TMailboxTestRequest) =>
      apiRequest<TMailboxTestResponse>('POST', MAILBOX_PATHS.test, body),
  });
}
