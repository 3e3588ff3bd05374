import {
  ADMIN_API_PATHS,
  TRIGGER_PATHS,
  type TTrigger,
  type TTriggerInput,
  type TTriggerListResponse,
  triggerMovePath,
  triggerPath,
} from '@helpdesk/contracts';
import { apiRequest, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useTriggersT } from './messages.ts';

/** GET /api/admin/triggers: the default query function fetches it from the key. */
export const TRIGGERS_KEY = [TRIGGER_PATHS.list] as const;

// Every change is audited: the audit log's open pages refetch too.
function refreshTriggers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TRIGGERS_KEY }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  ]);
}

/** POST, or PUT when `triggerId` is given; the dialog shows a refusal itself. */
export function useSaveTrigger(triggerId?: string) {
  const queryClient = useQueryClient();
  const t = useTriggersT();
  return useMutation({
    mutationFn: (body: TTriggerInput) =>
      triggerId
        ? apiRequest<TTrigger>('PUT', triggerPath(triggerId), body)
        : apiRequest<TTrigger>('POST', TRIGGER_PATHS.list, body),
    onSuccess: () => {
      toast({ title: triggerId ? t('triggers.saved') : t('triggers.created') });
      return refreshTriggers(queryClient);
    },
  });
}

/** The enable switch of a row: the rule saved again with only its switch changed. */
export function useToggleTrigger() {
  const queryClient = useQueryClient();
  const t = useTriggersT();
  return useMutation({
    mutationFn: ({ trigger, isEnabled }: { trigger: TTrigger; isEnabled: boolean }) =>
      apiRequest<TTrigger>('PUT', triggerPath(trigger.id), {
        name: trigger.name,
        isEnabled,
        runOn: trigger.runOn,
        conditions: trigger.conditions,
        actions: trigger.actions,
      } satisfies TTriggerInput),
    onError: (error) => toast(failureToast(t('triggers.saveFailed'), error, t('triggers.loadText'))),
    onSettled: () => refreshTriggers(queryClient),
  });
}

/** POST /api/admin/triggers/{id}/move: the answer is the new order, shown at once. */
export function useMoveTrigger() {
  const queryClient = useQueryClient();
  const t = useTriggersT();
  return useMutation({
    mutationFn: ({ triggerId, direction }: { triggerId: string; direction: 'up' | 'down' }) =>
      apiRequest<TTriggerListResponse>('POST', triggerMovePath(triggerId), { direction }),
    onSuccess: (answer) => {
      queryClient.setQueryData(TRIGGERS_KEY, answer);
      return queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] });
    },
    onError: (error) => toast(failureToast(t('triggers.moveFailed'), error, t('triggers.loadText'))),
  });
}

/** DELETE /api/admin/triggers/{id}; a refusal stays in the dialog. */
export function useDeleteTrigger(trigger: TTrigger) {
  const queryClient = useQueryClient();
  const t = useTriggersT();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', triggerPath(trigger.id)),
    onSuccess: () => toast({ title: t('triggers.deleted') }),
    onSettled: () => refreshTriggers(queryClient),
  });
}
