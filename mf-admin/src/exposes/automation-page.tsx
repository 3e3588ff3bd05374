import '../remote-styles.ts';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Skeleton } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@helpdesk/shared-ui/tabs';
import { lazy, Suspense } from 'react';
import { useAdminT } from '../locales/admin-catalog.ts';

// Each tab is fetched when an admin reaches for it (pointer over, focus or selection), Triggers with
// the page as the tab it opens on: a remote's first use stays small (docs/performance.md).
const loadTriggersTab = () => import('../triggers/triggers-tab.tsx');
const loadWebhooksTab = () => import('../webhooks/webhooks-tab.tsx');
const loadTokensTab = () => import('../api-tokens/all-tokens-tab.tsx');
const TriggersTab = lazy(loadTriggersTab);
const WebhooksTab = lazy(loadWebhooksTab);
const TokensTab = lazy(loadTokensTab);
const preloadWebhooksTab = () => void loadWebhooksTab();
const preloadTokensTab = () => void loadTokensTab();

function TabSkeleton() {
  const t = useAdminT();
  return (
    <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label={t('automation.loading')}>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * /admin/automation: what the desk does by itself and with other systems: rules that act on tickets as
 * they change (Triggers), the addresses told of changes (Webhooks), and everyone's API tokens.
 */
export default function AutomationPage(_props: TRemotePageProps) {
  const t = useAdminT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-4" data-testid="automation-page">
      <p lang={locale} className="text-sm text-muted-foreground">
        {t('automation.description')}
      </p>
      <Tabs defaultValue="triggers">
        <TabsList className="h-auto max-w-full flex-wrap">
          <TabsTrigger value="triggers">{t('automation.tabTriggers')}</TabsTrigger>
          <TabsTrigger value="webhooks" onPointerEnter={preloadWebhooksTab} onFocus={preloadWebhooksTab}>
            {t('automation.tabWebhooks')}
          </TabsTrigger>
          <TabsTrigger value="tokens" onPointerEnter={preloadTokensTab} onFocus={preloadTokensTab}>
            {t('automation.tabTokens')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="triggers" className="mt-4">
          <Suspense fallback={<TabSkeleton />}>
            <TriggersTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="webhooks" className="mt-4">
          <Suspense fallback={<TabSkeleton />}>
            <WebhooksTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="tokens" className="mt-4">
          <Suspense fallback={<TabSkeleton />}>
            <TokensTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
