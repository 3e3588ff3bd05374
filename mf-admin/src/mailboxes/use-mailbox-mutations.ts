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
import { useMailboxesT } from './messages.ts';

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
  const t = useMailboxesT();
  return useMutation({
    mutationFn: (body: TMailboxFormRequest) =>
      mailboxId
        ? apiRequest<TMailbox>('PATCH', mailboxPath(mailboxId), body)
        : apiRequest<TMailbox>('POST', MAILBOX_PATHS.mailboxes, body),
    onSuccess: (mailbox) => {
      toast({
        title: mailboxId ? t('mailboxes.saved') : t('mailboxes.created'),
        description: mailbox.isActive
          ? t('mailboxes.savedActiveText', { address: mailbox.address })
          : t('mailboxes.savedInactiveText', { name: mailbox.name }),
      });
      return refreshMailboxes(queryClient);
    },
  });
}

/** DELETE /api/admin/mailboxes/{id}; a refusal stays in the dialog. */
export function useDeleteMailbox(mailbox: TMailbox) {
  const queryClient = useQueryClient();
  const t = useMailboxesT();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', mailboxPath(mailbox.id)),
    onSuccess: () =>
      toast({
        title: t('mailboxes.deleted'),
        description: t('mailboxes.deletedText', { name: mailbox.name }),
      }),
    onSettled: () => refreshMailboxes(queryClient),
  });
}

/** POST /api/admin/mailboxes/messages/{id}/retry. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  const t = useMailboxesT();
  return useMutation({
    mutationFn: (messageId: string) => apiRequest<null>('POST', inboundMessageRetryPath(messageId), {}),
    onSuccess: () =>
      toast({ title: t('failedMessages.released'), description: t('failedMessages.releasedText') }),
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
