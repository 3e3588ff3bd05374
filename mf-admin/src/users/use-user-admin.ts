import {
  ADMIN_API_PATHS,
  API_PATHS,
  adminUserRolePath,
  type TCreateUserRequest,
  type TUpdateUserRoleRequest,
  type TUserResponse,
  type TUserRole,
} from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { roleChangedToast, roleChangeFailedToast } from './role-change.ts';

// A new user or a new role changes every users list, team member lists (roles show there) and the audit log.
function refreshUsers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [API_PATHS.adminUsers] }),
    queryClient.invalidateQueries({ queryKey: [API_PATHS.teams] }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  ]);
}

/** POST /api/admin/users: an active account with a chosen role; the dialog shows failures itself. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateUserRequest) => apiRequest<TUserResponse>('POST', API_PATHS.adminUsers, body),
    onSuccess: () => refreshUsers(queryClient),
  });
}

type TRoleChange = { userId: string; name: string; role: TUserRole };

/** PATCH /api/admin/users/{userId}/role; the server's refusals (last admin, yourself) are toasted as sent. */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: TRoleChange) =>
      apiRequest<TUserResponse>('PATCH', adminUserRolePath(userId), {
        role,
      } satisfies TUpdateUserRoleRequest),
    onSuccess: ({ user }, { name }) => {
      toast(roleChangedToast(name, user.role));
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(roleChangeFailedToast(error));
    },
    onSettled: () => refreshUsers(queryClient),
  });
}
