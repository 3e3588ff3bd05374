import {
  ADMIN_API_PATHS,
  API_PATHS,
  type TAddTeamMembersRequest,
  type TAddTeamMembersResponse,
  type TCreateTeamRequest,
  TEAM_MESSAGES,
  type TTeamResponse,
  type TUpdateTeamRequest,
  teamMemberPath,
  teamMembersPath,
  teamPath,
} from '@helpdesk/contracts';
import { apiRequest, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';

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
  return useMutation({
    mutationFn: (body: TCreateTeamRequest) => apiRequest<TTeamResponse>('POST', API_PATHS.teams, body),
    onSuccess: ({ team }) => {
      toast({ title: TEAM_MESSAGES.teamCreated, description: `${team.name} is ready for members.` });
      return refreshTeams(queryClient);
    },
  });
}

/** PATCH /api/teams/{id}: rename or describe a team. */
export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateTeamRequest) => apiRequest<TTeamResponse>('PATCH', teamPath(teamId), body),
    onSuccess: ({ team }) => {
      toast({ title: TEAM_MESSAGES.teamUpdated, description: `${team.name} has been saved.` });
      return refreshTeams(queryClient);
    },
  });
}

/** DELETE /api/teams/{id}, toasting either way. */
export function useDeleteTeam(teamId: string, teamName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', teamPath(teamId)),
    onSuccess: () => {
      toast({ title: TEAM_MESSAGES.teamDeleted, description: `${teamName} has been deleted.` });
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(failureToast('Error deleting team', error));
    },
    onSettled: () => refreshTeams(queryClient),
  });
}

/** POST /api/teams/{id}/members with several users at once. */
export function useAddTeamMembers(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      apiRequest<TAddTeamMembersResponse>('POST', teamMembersPath(teamId), {
        userIds,
      } satisfies TAddTeamMembersRequest),
    onSuccess: ({ added, members }) => {
      queryClient.setQueryData([API_PATHS.teams, teamId, 'members'], members);
      toast({ title: TEAM_MESSAGES.membersAdded, description: TEAM_MESSAGES.membersAddedDescription(added) });
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(failureToast(TEAM_MESSAGES.membersAddError, error));
    },
    onSettled: () => refreshTeams(queryClient),
  });
}

/** DELETE /api/teams/{id}/members/{userId} (one at a time). */
export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<null>('DELETE', teamMemberPath(teamId, userId)),
    onSuccess: () => {
      toast({ title: TEAM_MESSAGES.memberRemoved, description: 'They are no longer in this team.' });
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(failureToast(TEAM_MESSAGES.memberRemoveError, error));
    },
    // A failure may mean someone else already removed them: refetch either way.
    onSettled: () => refreshTeams(queryClient),
  });
}
