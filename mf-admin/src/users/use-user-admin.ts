import {
  ADMIN_API_PATHS,
  API_PATHS,
  adminUserPasswordResetPath,
  adminUserPath,
  adminUserRolePath,
  type TCreateUserRequest,
  type TMessageResponse,
  type TUpdateUserRequest,
  type TUpdateUserRoleRequest,
  type TUserResponse,
  type TUserRole,
} from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useUsersT } from './messages.ts';
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
  const t = useUsersT();
  return useMutation({
    mutationFn: ({ userId, role }: TRoleChange) =>
      apiRequest<TUserResponse>('PATCH', adminUserRolePath(userId), {
        role,
      } satisfies TUpdateUserRoleRequest),
    onSuccess: ({ user }, { name }) => {
      toast(roleChangedToast(name, user.role, t));
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(roleChangeFailedToast(error, t));
    },
    onSettled: () => refreshUsers(queryClient),
  });
}

type TDetailsChange = { userId: string; body: TUpdateUserRequest };

/** PATCH /api/admin/users/{userId}: names and email; the edit dialog shows failures itself. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: TDetailsChange) =>
      apiRequest<TUserResponse>('PATCH', adminUserPath(userId), body),
    onSuccess: () => refreshUsers(queryClient),
  });
}

/** POST /api/admin/users/{userId}/password-reset: a reset link, or the invitation again; the server's answer is toasted. */
export function useSendPasswordLink() {
  const queryClient = useQueryClient();
  const t = useUsersT();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; name: string }) =>
      apiRequest<TMessageResponse>('POST', adminUserPasswordResetPath(userId)),
    onSuccess: ({ message }, { name }) => {
      toast({ title: message, description: t('users.linkSentDescription', { name }) });
    },
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast(failureToast(t('users.linkFailedTitle'), error, t('users.tryAgain')));
    },
    // The audit log shows the mail that went out.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  });
}
