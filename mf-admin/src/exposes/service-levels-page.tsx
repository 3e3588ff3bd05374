import '../remote-styles.ts';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { useAdminT } from '../locales/admin-catalog.ts';
import { CalendarsSection } from '../service-levels/calendars-section.tsx';
import { PoliciesSection } from '../service-levels/policies-section.tsx';

/** /admin/service-levels: business calendars (when the clock runs) and SLA policies (how long targets take). */
export default function ServiceLevelsPage(_props: TRemotePageProps) {
  const t = useAdminT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-8" data-testid="service-levels-page">
      <p lang={locale} className="text-sm text-muted-foreground">
        {t('serviceLevels.description')}
      </p>
      <PoliciesSection />
      <CalendarsSection />
    </div>
  );
}
