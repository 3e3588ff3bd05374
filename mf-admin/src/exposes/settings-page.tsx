import '../remote.css';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@helpdesk/shared-ui';

/** /admin/settings: a placeholder until the administration issue builds the settings form. */
export default function SettingsPage(_props: TRemotePageProps) {
  return (
    <Card data-testid="settings-page">
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>
          Company details, default timezone and language, notification and ticket workflow options, and the
          outgoing mail server.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">Settings management is being set up.</p>
      </CardContent>
    </Card>
  );
}
