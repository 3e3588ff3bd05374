import {
  ADMIN_API_PATHS,
  businessCalendarPath,
  SLA_ADMIN_PATHS,
  slaPolicyPath,
  type TBusinessCalendar,
  type TCreateBusinessCalendarRequest,
  type TCreateSlaPolicyRequest,
  type TSlaPolicy,
} from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useFeedbackT } from '../feedback/messages.ts';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useServiceLevelsT } from './messages.ts';
import { CALENDARS_KEY, POLICIES_KEY } from './service-level-query-keys.ts';

// A calendar row names the policies using it and a policy row its calendar, and every change
// writes an audit row: each save refreshes both lists and the audit log.
function refreshServiceLevels(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CALENDARS_KEY }),
    queryClient.invalidateQueries({ queryKey: POLICIES_KEY }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  ]);
}

/** POST, or PATCH with every field when `calendarId` is given; the dialog shows a failure itself. */
export function useSaveCalendar(calendarId?: string) {
  const queryClient = useQueryClient();
  const t = useServiceLevelsT();
  return useMutation({
    mutationFn: (body: TCreateBusinessCalendarRequest) =>
      calendarId
        ? apiRequest<TBusinessCalendar>('PATCH', businessCalendarPath(calendarId), body)
        : apiRequest<TBusinessCalendar>('POST', SLA_ADMIN_PATHS.businessCalendars, body),
    onSuccess: (calendar) => {
      toast({
        title: calendarId ? t('calendarForm.saved') : t('calendarForm.created'),
        description: t('calendarForm.savedText', { name: calendar.name }),
      });
      return refreshServiceLevels(queryClient);
    },
  });
}

/** DELETE /api/admin/business-calendars/{id}; a refusal (a calendar in use) stays in the dialog. */
export function useDeleteCalendar(calendar: TBusinessCalendar) {
  const queryClient = useQueryClient();
  const t = useServiceLevelsT();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', businessCalendarPath(calendar.id)),
    onSuccess: () => {
      toast({
        title: t('deleteCalendar.deleted'),
        description: t('deleteCalendar.deletedText', { name: calendar.name }),
      });
    },
    onSettled: () => refreshServiceLevels(queryClient),
  });
}

/** POST, or PATCH with every field when `policyId` is given; the dialog shows a failure itself. */
export function useSavePolicy(policyId?: string) {
  const queryClient = useQueryClient();
  const t = useServiceLevelsT();
  return useMutation({
    mutationFn: (body: TCreateSlaPolicyRequest) =>
      policyId
        ? apiRequest<TSlaPolicy>('PATCH', slaPolicyPath(policyId), body)
        : apiRequest<TSlaPolicy>('POST', SLA_ADMIN_PATHS.slaPolicies, body),
    onSuccess: (policy) => {
      toast({
        title: policyId ? t('policyForm.saved') : t('policyForm.created'),
        description: t('policyForm.savedText', { name: policy.name }),
      });
      return refreshServiceLevels(queryClient);
    },
  });
}

/** PATCH { isActive }: deactivate a policy (policies are never deleted) or bring it back, toasting either way. */
export function useSetPolicyActive(policy: TSlaPolicy) {
  const queryClient = useQueryClient();
  const t = useServiceLevelsT();
  const feedbackT = useFeedbackT();
  return useMutation({
    mutationFn: (isActive: boolean) =>
      apiRequest<TSlaPolicy>('PATCH', slaPolicyPath(policy.id), { isActive }),
    onSuccess: ({ isActive }) => {
      toast({
        title: isActive ? t('policies.activated') : t('policies.deactivated'),
        description: isActive
          ? t('policies.activatedText', { name: policy.name })
          : t('policies.deactivatedText', { name: policy.name }),
      });
    },
    onError: (error, isActive) => {
      if (handleSessionEnded(error)) return;
      const title = isActive ? t('policies.activateError') : t('policies.deactivateError');
      toast(failureToast(title, error, feedbackT('feedback.tryAgain')));
    },
    onSettled: () => refreshServiceLevels(queryClient),
  });
}
