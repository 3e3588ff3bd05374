import { API_PATHS, type TTeamListResponse } from '@helpdesk/contracts';
import { Button, Card, CardDescription, CardHeader, CardTitle, Skeleton } from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { useTeamsT } from './messages.ts';
import { TeamCard } from './team-card.tsx';
import { TeamFormDialog } from './team-form-dialog.tsx';

const SKELETON_CARDS = ['a', 'b', 'c'];

/** The Teams tab: Create Team, then one card per team. */
export function TeamsTab() {
  const t = useTeamsT();
  const teamsQuery = useQuery<TTeamListResponse>({ queryKey: [API_PATHS.teams] });
  const [isCreating, setIsCreating] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden />
          {t('teams.create')}
        </Button>
      </div>
      <TeamFormDialog isOpen={isCreating} onOpenChange={setIsCreating} />
      {teamsQuery.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SKELETON_CARDS.map((key) => (
            <Skeleton key={key} className="h-40 w-full rounded-xl" data-testid="team-card-skeleton" />
          ))}
        </div>
      ) : teamsQuery.isError ? (
        <LoadErrorAlert
          title={t('teams.loadErrorTitle')}
          message={t('teams.loadErrorMessage')}
          query={teamsQuery}
        />
      ) : teamsQuery.data.length === 0 ? (
        <Card>
          <CardHeader className="text-center">
            <CardTitle>{t('teams.emptyTitle')}</CardTitle>
            <CardDescription>{t('teams.emptyText')}</CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {teamsQuery.data.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </div>
      )}
    </div>
  );
}
