import '../remote.css';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@helpdesk/shared-ui';
import { TeamsTab } from '../teams/teams-tab.tsx';
import { UsersTab } from '../users/users-tab.tsx';

/** /admin/users: approve registrations (Users) and see support teams (Teams). The shell guards it to admins. */
export default function UsersTeamsPage(_props: TRemotePageProps) {
  return (
    <div className="flex flex-col gap-4" data-testid="users-teams-page">
      <p className="text-sm text-muted-foreground">
        Approve new registrations and see which people work in each support team.
      </p>
      <Tabs defaultValue="users">
        <TabsList>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="teams">Teams</TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="mt-4">
          <UsersTab />
        </TabsContent>
        <TabsContent value="teams" className="mt-4">
          <TeamsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
