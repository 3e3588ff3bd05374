import '../remote-styles.ts';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { CalendarsSection } from '../service-levels/calendars-section.tsx';
import { PoliciesSection } from '../service-levels/policies-section.tsx';

/** /admin/service-levels: business calendars (when the clock runs) and SLA policies (how long targets take). */
export default function ServiceLevelsPage(_props: TRemotePageProps) {
  return (
    <div className="flex flex-col gap-8" data-testid="service-levels-page">
      <p className="text-sm text-muted-foreground">
        Set how quickly tickets must get a first response and a resolution, and the working hours those
        targets count in. Changes apply to tickets created, re-prioritised or moved to another team from now
        on.
      </p>
      <PoliciesSection />
      <CalendarsSection />
    </div>
  );
}
