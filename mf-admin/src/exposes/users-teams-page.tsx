import '../remote.css';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@helpdesk/shared-ui';
import { AuditLogTab } from '../audit/audit-log-tab.tsx';
import { TeamsTab } from '../teams/teams-tab.tsx';
import { UsersTab } from '../users/users-tab.tsx';

/** /admin/users: people and their roles (Users), support teams (Teams) and what admins did (Audit Log). */
export default function UsersTeamsPage({ currentUser }: TRemotePageProps) {
  return (
    <div className="flex flex-col gap-4" data-testid="users-teams-page">
      <p className="text-sm text-muted-foreground">
        Approve registrations, add agents and admins, organise support teams and review what administrators
        changed.
      </p>
      <Tabs defaultValue="users">
        <TabsList>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="teams">Teams</TabsTrigger>
          <TabsTrigger value="audit">Audit Log</TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="mt-4">
          <UsersTab currentUserId={currentUser.id} />
        </TabsContent>
        <TabsContent value="teams" className="mt-4">
          <TeamsTab />
        </TabsContent>
        <TabsContent value="audit" className="mt-4">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
