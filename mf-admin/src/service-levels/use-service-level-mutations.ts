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
import { failureToast } from '../feedback/mutation-failure.ts';
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
  return useMutation({
    mutationFn: (body: TCreateBusinessCalendarRequest) =>
      calendarId
        ? apiRequest<TBusinessCalendar>('PATCH', businessCalendarPath(calendarId), body)
        : apiRequest<TBusinessCalendar>('POST', SLA_ADMIN_PATHS.businessCalendars, body),
    onSuccess: (calendar) => {
      toast({
        title: calendarId ? 'Calendar saved' : 'Calendar created',
        description: `${calendar.name} is ready for SLA policies.`,
      });
      return refreshServiceLevels(queryClient);
    },
  });
}

/** DELETE /api/admin/business-calendars/{id}; a refusal (a calendar in use) stays in the dialog. */
export function useDeleteCalendar(calendar: TBusinessCalendar) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', businessCalendarPath(calendar.id)),
    onSuccess: () => {
      toast({ title: 'Calendar deleted', description: `${calendar.name} has been deleted.` });
    },
    onSettled: () => refreshServiceLevels(queryClient),
  });
}

/** POST, or PATCH with every field when `policyId` is given; the dialog shows a failure itself. */
export function useSavePolicy(policyId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateSlaPolicyRequest) =>
      policyId
        ? apiRequest<TSlaPolicy>('PATCH', slaPolicyPath(policyId), body)
        : apiRequest<TSlaPolicy>('POST', SLA_ADMIN_PATHS.slaPolicies, body),
    onSuccess: (policy) => {
      toast({
        title: policyId ? 'SLA policy saved' : 'SLA policy created',
        description: `${policy.name} applies to tickets created or re-prioritised from now on.`,
      });
      return refreshServiceLevels(queryClient);
    },
  });
}

/** PATCH { isActive }: deactivate a policy (policies are never deleted) or bring it back, toasting either way. */
export function useSetPolicyActive(policy: TSlaPolicy) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) =>
      apiRequest<TSlaPolicy>('PATCH', slaPolicyPath(policy.id), { isActive }),
    onSuccess: ({ isActive }) => {
      toast({
        title: isActive ? 'SLA policy activated' : 'SLA policy deactivated',
        description: `${policy.name} ${isActive ? 'applies again' : 'no longer applies'} to new tickets.`,
      });
    },
    onError: (error, isActive) => {
      if (handleSessionEnded(error)) return;
      toast(failureToast(isActive ? 'Error activating policy' : 'Error deactivating policy', error));
    },
    onSettled: () => refreshServiceLevels(queryClient),
  });
}
