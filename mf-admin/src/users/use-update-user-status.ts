import {
  API_PATHS,
  adminUserStatusPath,
  type TUpdateUserStatusRequest,
  type TUserResponse,
} from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useUsersT } from './messages.ts';
import { statusUpdatedToast, statusUpdateFailedToast } from './status-update-messages.ts';
import { STATUS_ACTION_TARGETS, type TStatusAction } from './user-labels.ts';

type TVariables = { userId: string; action: TStatusAction };

/**
 * Approves or rejects a pending user, deactivates an active one or reactivates an inactive one,
 * then refreshes every cached users list whatever its filters.
 */
export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  const t = useUsersT();
  return useMutation({
    mutationFn: ({ userId, action }: TVariables) =>
      apiRequest<TUserResponse>('PATCH', adminUserStatusPath(userId), {
        status: STATUS_ACTION_TARGETS[action],
      } satisfies TUpdateUserStatusRequest),
    onSuccess: (_data, { action }) => {
      toast(statusUpdatedToast(action, t));
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(statusUpdateFailedToast(error, t));
    },
    // A failure may mean the row changed elsewhere (someone else approved it): refetch either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [API_PATHS.adminUsers] }),
  });
}
