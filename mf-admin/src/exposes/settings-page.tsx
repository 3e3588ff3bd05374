import '../remote-styles.ts';
import {
  ADMIN_API_PATHS,
  SETTINGS_MESSAGES,
  type TRemotePageProps,
  type TSettings,
} from '@helpdesk/contracts';
import { Card, CardContent, CardHeader, Skeleton, useLocalizeText } from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { EmailDeliveryCard } from '../settings/email-delivery-card.tsx';
import { useSettingsT } from '../settings/messages.ts';
import { SettingsFormView } from '../settings/settings-form-view.tsx';
import { TestMailCard } from '../settings/test-mail-card.tsx';

const SKELETON_CARDS = ['general', 'switches', 'smtp'];

// Mailboxes (a form with many fields and two lists) is fetched with the page, not with the remote's
// first use, which stays small (docs/performance.md).
const MailboxesSection = lazy(() => import('../mailboxes/mailboxes-section.tsx'));

/** /admin/settings: the desk's settings, stored on the server and in effect as soon as they are saved. */
export default function SettingsPage(_props: TRemotePageProps) {
  const settingsQuery = useQuery<TSettings>({ queryKey: [ADMIN_API_PATHS.adminSettings] });
  const t = useSettingsT();
  const localize = useLocalizeText();

  return (
    <div className="flex flex-col gap-4" data-testid="settings-page">
      <p className="text-sm text-muted-foreground">{t('settingsPage.description')}</p>
      {settingsQuery.isPending ? (
        <div className="flex flex-col gap-6" role="status" aria-label={t('settingsPage.loading')}>
          {SKELETON_CARDS.map((key) => (
            <Card key={key}>
              <CardHeader>
                <Skeleton className="h-5 w-40" />
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                <Skeleton className="h-9 w-full" />
                <Skeleton className="h-9 w-full" />
                <Skeleton className="h-9 w-full" />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : settingsQuery.isError ? (
        <LoadErrorAlert
          title={t('settingsPage.loadFailed')}
          message={localize(SETTINGS_MESSAGES.loadError)}
          query={settingsQuery}
        />
      ) : (
        <SettingsFormView settings={settingsQuery.data} />
      )}
      <TestMailCard />
      <EmailDeliveryCard />
      <Suspense
        fallback={
          <div role="status" aria-label={t('settingsPage.loadingMailboxes')}>
            <Skeleton className="h-32 w-full" />
          </div>
        }
      >
        <MailboxesSection />
      </Suspense>
    </div>
  );
}
