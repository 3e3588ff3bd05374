import '../remote.css';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@helpdesk/shared-ui';

/** /admin/reports: a placeholder until the administration issue builds the reports. */
export default function ReportsPage(_props: TRemotePageProps) {
  return (
    <Card data-testid="reports-page">
      <CardHeader>
        <CardTitle>Reports</CardTitle>
        <CardDescription>
          Overview, performance, trend and SLA reports over the last 7, 30 or 90 days or the last year, with
          export.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">Reports are being set up.</p>
      </CardContent>
    </Card>
  );
}
