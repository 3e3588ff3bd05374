import {
  ADMIN_API_PATHS,
  type TWebhookCreate,
  type TWebhookDelivery,
  type TWebhookWithSecret,
  WEBHOOK_PATHS,
  webhookPath,
} from '@helpdesk/contracts';
import { apiRequest, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useWebhooksT } from './messages.ts';

/** GET /api/admin/webhooks: the default query function fetches it from the key. */
export const WEBHOOKS_KEY = [WEBHOOK_PATHS.list] as const;

/** GET /api/admin/webhooks/{id}/deliveries. */
export const deliveriesKey = (id: string) => [webhookPath(WEBHOOK_PATHS.deliveries, id)] as const;

// Every change is audited.
function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  ]);
}

/** POST (answers the secret), or PATCH when `webhookId` is given. */
export function useSaveWebhook(webhookId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWebhookCreate) =>
      webhookId
        ? apiRequest<Partial<TWebhookWithSecret>>('PATCH', webhookPath(WEBHOOK_PATHS.one, webhookId), body)
        : apiRequest<Partial<TWebhookWithSecret>>('POST', WEBHOOK_PATHS.list, body),
    onSuccess: () => refresh(queryClient),
  });
}

/** DELETE /api/admin/webhooks/{id}. */
export function useDeleteWebhook(webhookId: string) {
  const queryClient = useQueryClient();
  const t = useWebhooksT();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', webhookPath(WEBHOOK_PATHS.one, webhookId)),
    onSuccess: () => toast({ title: t('webhooks.deleted') }),
    onSettled: () => refresh(queryClient),
  });
}

/** POST /api/admin/webhooks/{id}/rotate-secret: the new secret, shown once. */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      apiRequest<TWebhookWithSecret>('POST', webhookPath(WEBHOOK_PATHS.rotateSecret, webhookId), {}),
    onSuccess: () => refresh(queryClient),
  });
}

/** POST /api/admin/webhooks/{id}/test: a ping delivery. */
export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      apiRequest<{ delivery: TWebhookDelivery }>('POST', webhookPath(WEBHOOK_PATHS.test, webhookId), {}),
    onSuccess: (_answer, webhookId) => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}

/** POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver. */
export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest<{ delivery: TWebhookDelivery }>(
        'POST',
        webhookPath(WEBHOOK_PATHS.redeliver, webhookId, deliveryId),
        {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}
