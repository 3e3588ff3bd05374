import {
  API_PATHS,
  adminUserStatusPath,
  type TUpdateUserStatusRequest,
  type TUserResponse,
} from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusUpdatedToast, statusUpdateFailedToast } from './status-update-messages.ts';

type TVariables = { userId: string; status: TUpdateUserStatusRequest['status'] };

/** Approves or rejects a pending user, then refreshes every cached users list whatever its filters. */
export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: TVariables) =>
      apiRequest<TUserResponse>('PATCH', adminUserStatusPath(userId), {
        status,
      } satisfies TUpdateUserStatusRequest),
    onSuccess: (_data, { status }) => {
      toast(statusUpdatedToast(status));
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(statusUpdateFailedToast(error));
    },
    // A failure may mean the row changed elsewhere (someone else approved it): refetch either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [API_PATHS.adminUsers] }),
  });
}
