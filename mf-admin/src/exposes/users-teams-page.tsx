import '../remote-styles.ts';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Skeleton } from '@helpdesk/shared-ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@helpdesk/shared-ui/tabs';
import { lazy, Suspense } from 'react';
import { useUsersT } from '../users/messages.ts';
import { UsersTab } from '../users/users-tab.tsx';

// Teams and Audit Log are fetched when an admin reaches for their tab (pointer over, focus or
// selection), not with the page: a remote's first use stays small (docs/performance.md).
const loadTeamsTab = () => import('../teams/teams-tab.tsx');
const loadAuditLogTab = () => import('../audit/audit-log-tab.tsx');
const loadSsoTab = () => import('../sso/sso-providers-tab.tsx');
const TeamsTab = lazy(() => loadTeamsTab().then((module) => ({ default: module.TeamsTab })));
const AuditLogTab = lazy(() => loadAuditLogTab().then((module) => ({ default: module.AuditLogTab })));
const preloadTeamsTab = () => void loadTeamsTab();
const preloadAuditLogTab = () => void loadAuditLogTab();
const SsoProvidersTab = lazy(() => loadSsoTab().then((module) => ({ default: module.SsoProvidersTab })));
const preloadSsoTab = () => void loadSsoTab();

function TabSkeleton() {
  const t = useUsersT();
  return (
    <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label={t('users.page.loading')}>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** /admin/users: people and their roles (Users), support teams (Teams), what admins did (Audit Log)
 * and the identity providers people sign in with (Single sign-on). */
export default function UsersTeamsPage({ currentUser }: TRemotePageProps) {
  const t = useUsersT();
  return (
    <div className="flex flex-col gap-4" data-testid="users-teams-page">
      <p className="text-sm text-muted-foreground">{t('users.page.description')}</p>
      <Tabs defaultValue="users">
        {/* Four tabs outgrow a phone in Spanish and French: they wrap to a second row there. */}
        <TabsList className="h-auto max-w-full flex-wrap">
          <TabsTrigger value="users">{t('users.page.tabUsers')}</TabsTrigger>
          <TabsTrigger value="teams" onPointerEnter={preloadTeamsTab} onFocus={preloadTeamsTab}>
            {t('users.page.tabTeams')}
          </TabsTrigger>
          <TabsTrigger value="audit" onPointerEnter={preloadAuditLogTab} onFocus={preloadAuditLogTab}>
            {t('users.page.tabAudit')}
          </TabsTrigger>
          <TabsTrigger value="sso" onPointerEnter={preloadSsoTab} onFocus={preloadSsoTab}>
            {t('users.page.tabSso')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="mt-4">
          <UsersTab currentUserId={currentUser.id} />
        </TabsContent>
        <TabsContent value="teams" className="mt-4">
          <Suspense fallback={<TabSkeleton />}>
            <TeamsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="audit" className="mt-4">
          <Suspense fallback={<TabSkeleton />}>
            <AuditLogTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="sso" className="mt-4">
          <Suspense fallback={<TabSkeleton />}>
            <SsoProvidersTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
