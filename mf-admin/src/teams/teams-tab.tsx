import { API_PATHS, type TTeamListResponse } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { memberCountText } from './team-labels.ts';
import { TeamMembersDialog } from './team-members-dialog.tsx';

const SKELETON_CARDS = ['a', 'b', 'c'];

/** The Teams tab: one card per team; creating teams comes with the administration issue. */
export function TeamsTab() {
  const teamsQuery = useQuery<TTeamListResponse>({ queryKey: [API_PATHS.teams] });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button disabled title="Creating teams is not available yet.">
          Create Team
        </Button>
      </div>
      {teamsQuery.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SKELETON_CARDS.map((key) => (
            <Skeleton key={key} className="h-40 w-full rounded-xl" data-testid="team-card-skeleton" />
          ))}
        </div>
      ) : teamsQuery.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to fetch teams</AlertTitle>
          <AlertDescription>
            <p>Failed to load teams. Please try again.</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              disabled={teamsQuery.isFetching}
              onClick={() => teamsQuery.refetch()}
            >
              {teamsQuery.isFetching ? 'Retrying...' : 'Retry'}
            </Button>
          </AlertDescription>
        </Alert>
      ) : teamsQuery.data.length === 0 ? (
        <Card>
          <CardHeader className="text-center">
            <CardTitle>No Teams Created Yet</CardTitle>
            <CardDescription>Teams group the agents who work on tickets together.</CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {teamsQuery.data.map((team) => (
            <Card key={team.id} data-testid="team-card">
              <CardHeader>
                <CardTitle>{team.name}</CardTitle>
                <CardDescription>{team.description || 'No description'}</CardDescription>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">
                {memberCountText(team.memberCount)}
              </CardContent>
              <CardFooter className="mt-auto">
                <TeamMembersDialog team={team} />
              </CardFooter>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
