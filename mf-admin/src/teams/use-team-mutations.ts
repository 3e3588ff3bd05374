import {
  ADMIN_API_PATHS,
  API_PATHS,
  type TAddTeamMembersRequest,
  type TAddTeamMembersResponse,
  type TCreateTeamRequest,
  type TTeamResponse,
  type TUpdateTeamRequest,
  teamMemberPath,
  teamMembersPath,
  teamPath,
} from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useTeamsT } from './messages.ts';

// Every team change writes an audit row, so the audit tab is refreshed with the teams.
function refreshTeams(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [API_PATHS.teams] }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  ]);
}

/** POST /api/teams; the dialog shows the failure (field or toast) itself. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  const t = useTeamsT();
  return useMutation({
    mutationFn: (body: TCreateTeamRequest) => apiRequest<TTeamResponse>('POST', API_PATHS.teams, body),
    onSuccess: ({ team }) => {
      toast({
        title: t('teams.createdTitle'),
        description: t('teams.createdDescription', { name: team.name }),
      });
      return refreshTeams(queryClient);
    },
  });
}

/** PATCH /api/teams/{id}: rename or describe a team. */
export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  const t = useTeamsT();
  return useMutation({
    mutationFn: (body: TUpdateTeamRequest) => apiRequest<TTeamResponse>('PATCH', teamPath(teamId), body),
    onSuccess: ({ team }) => {
      toast({
        title: t('teams.updatedTitle'),
        description: t('teams.updatedDescription', { name: team.name }),
      });
      return refreshTeams(queryClient);
    },
  });
}

/** DELETE /api/teams/{id}, toasting either way. */
export function useDeleteTeam(teamId: string, teamName: string) {
  const queryClient = useQueryClient();
  const t = useTeamsT();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', teamPath(teamId)),
    onSuccess: () => {
      toast({
        title: t('teams.deletedTitle'),
        description: t('teams.deletedDescription', { name: teamName }),
      });
    },
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast(failureToast(t('teams.deleteFailedTitle'), error, t('teams.tryAgain')));
    },
    onSettled: () => refreshTeams(queryClient),
  });
}

/** POST /api/teams/{id}/members with several users at once. */
export function useAddTeamMembers(teamId: string) {
  const queryClient = useQueryClient();
  const t = useTeamsT();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      apiRequest<TAddTeamMembersResponse>('POST', teamMembersPath(teamId), {
        userIds,
      } satisfies TAddTeamMembersRequest),
    onSuccess: ({ added, members }) => {
      queryClient.setQueryData([API_PATHS.teams, teamId, 'members'], members);
      toast({
        title: t('teams.membersAddedTitle'),
        description: t('teams.membersAddedDescription', { count: added }),
      });
    },
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast(failureToast(t('teams.membersAddFailedTitle'), error, t('teams.tryAgain')));
    },
    onSettled: () => refreshTeams(queryClient),
  });
}

/** DELETE /api/teams/{id}/members/{userId} (one at a time). */
export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  const t = useTeamsT();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<null>('DELETE', teamMemberPath(teamId, userId)),
    onSuccess: () => {
      toast({ title: t('teams.memberRemovedTitle'), description: t('teams.memberRemovedDescription') });
    },
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast(failureToast(t('teams.memberRemoveFailedTitle'), error, t('teams.tryAgain')));
    },
    // A failure may mean someone else already removed them: refetch either way.
    onSettled: () => refreshTeams(queryClient),
  });
}
